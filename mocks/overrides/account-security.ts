import { http } from 'msw';
import { badRequest, fail, notFound, ok } from '../envelope';
import { MOCK_PASSWORD, type MockUser, findUser, revokeToken, sessionsOf } from './auth-state';
import { pageOf, readBody, withUser } from './request';

// The account centre's security calls (server/services/accounts/security.ts and sessions.ts), stateful:
// a QR-only account sets a password, then binds a phone; devices sign out for good.

const PHONE = /^1[3-9][0-9]{9}$/;
const tokenOf = (request: Request) => request.headers.get('Authorization')!.replace(/^Bearer\s+/i, '');
const passwordOf = (user: MockUser) => (user.qrOnly ? null : (user.password ?? MOCK_PASSWORD));
const lengthOk = (password: unknown): password is string => typeof password === 'string' && password.length >= 8 && password.length <= 72;

/** What the mocked account call answers for a user (mocks/overrides/auth.ts). */
type AccountOf = (user: MockUser) => Record<string, unknown>;

export function accountSecurityOverrides(accountOf: AccountOf) {
  return [
    http.post('*/api/base/account_info_api/set_password', withUser(async (request, user) => {
      const { password } = await readBody<{ password: string }>(request);
      if (!lengthOk(password)) return badRequest('password 长度应为 8-72 位');
      if (passwordOf(user) !== null) return fail(409, 'PASSWORD_ALREADY_SET', '该账号已设置密码，如需更换请使用“修改密码”');
      user.password = password;
      user.qrOnly = false;
      return ok(accountOf(user));
    })),

    http.post('*/api/base/account_info_api/change_password', withUser(async (request, user) => {
      const { oldPassword, newPassword } = await readBody<{ oldPassword: string; newPassword: string }>(request);
      if (!lengthOk(newPassword)) return badRequest('newPassword 长度应为 8-72 位');
      const current = passwordOf(user);
      if (current === null) return fail(409, 'PASSWORD_NOT_SET', '该账号还没有设置密码，请先设置密码');
      if (oldPassword !== current) return fail(403, 'WRONG_PASSWORD', '原密码不正确');
      user.password = newPassword;
      const others = sessionsOf(user, tokenOf(request)).filter((session) => session.token !== tokenOf(request));
      for (const session of others) revokeToken(session.token);
      return ok({ signedOutSessions: others.length });
    })),

    http.post('*/api/base/account_info_api/bind_phone', withUser(async (request, user) => {
      const { phone, password } = await readBody<{ phone: string; password: string }>(request);
      if (typeof phone !== 'string' || !PHONE.test(phone.trim())) return badRequest('phone 格式不正确，请输入 11 位手机号');
      const current = passwordOf(user);
      if (current === null) return fail(409, 'PASSWORD_NOT_SET', '请先设置登录密码，再绑定手机号（手机号需与密码一起登录）');
      if (password !== current) return fail(403, 'WRONG_PASSWORD', '登录密码不正确');
      const owner = findUser(phone.trim());
      if (owner && owner.id !== user.id) return fail(409, 'PHONE_TAKEN', '该手机号已被注册');
      user.phone = phone.trim();
      return ok(accountOf(user));
    })),

    http.post('*/api/base/account_info_api/sessions', withUser((request, user) => {
      const current = tokenOf(request);
      const records = sessionsOf(user, current).map(({ token, userId: _userId, ...session }) => ({
        ...session,
        current: token === current,
        expiresAt: new Date(Date.parse(session.createdAt) + 30 * 24 * 3600_000).toISOString(),
      }));
      return ok(pageOf(request)(records));
    })),

    http.post('*/api/base/account_info_api/revoke_session', withUser((request, user) => {
      const id = new URL(request.url).searchParams.get('id');
      const session = sessionsOf(user, tokenOf(request)).find((candidate) => candidate.id === id);
      if (!session) return notFound();
      revokeToken(session.token);
      return ok({ id: session.id, revoked: true });
    })),

    http.post('*/api/base/account_info_api/revoke_other_sessions', withUser((request, user) => {
      const others = sessionsOf(user, tokenOf(request)).filter((session) => session.token !== tokenOf(request));
      for (const session of others) revokeToken(session.token);
      return ok({ revoked: others.length });
    })),
  ];
}

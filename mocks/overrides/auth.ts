import { http } from 'msw';
import type { LedgerEntry } from '@/api/gen/model';
import { weakPasswordReason } from '@common/password-rule';
import { badRequest, fail, notFound, ok } from '../envelope';
import {
  type MockUser,
  type QrSessionState,
  createQrSession,
  createUser,
  findQrSession,
  findQrSessionByScanToken,
  findUser,
  isKnownPhone,
  issueToken,
  keyPhoneTo,
  passwordMatches,
  revokeToken,
  signInPhone,
} from './auth-state';
import { accountSecurityOverrides } from './account-security';
import { currentCapabilities } from './capabilities';
import { ledgerOf } from './order-state';
import { readBody, withUser } from './request';

const EXPIRES_IN = 30 * 24 * 3600;

/** The server's totals (server/services/billing/balance.ts): top-ups net of reversals, charges net of refunds. */
function totalsOf(ledger: LedgerEntry[]) {
  const sum = (kinds: string[]) => ledger.filter((entry) => kinds.includes(entry.kind)).reduce((total, entry) => total + entry.amountFen, 0);
  return { totalRechargeFen: sum(['recharge', 'reversal']), totalSpentFen: -sum(['charge', 'refund']) };
}
const gone = () => fail(410, 'QR_EXPIRED', '二维码已失效，请刷新');

/** account_info_api/account: the account centre's view of a user. */
function accountOf(user: MockUser) {
  return {
    userId: user.id,
    loginName: user.loginName,
    phone: user.phone,
    hasPassword: !user.qrOnly,
    balanceFen: user.balanceFen,
    freeCheckAvailable: user.freeCheckAvailable,
    freeCheckState: user.freeCheckAvailable ? 'available' : 'used',
    freeCheckNotice: null,
    ...totalsOf(ledgerOf(user)),
    createdAt: user.createdAt,
  };
}

function tokenResult(token: string) {
  return { access_token: token, token_type: 'Bearer', expires_in: EXPIRES_IN };
}

function qrState(session: QrSessionState, knownPhone: boolean, loginName: string | null = null, deviceKey: string | null = null) {
  return { status: session.status, expiresAt: new Date(session.expiresAt).toISOString(), loginName, deviceKey, knownPhone };
}

type MobileBody = { scanToken?: string; deviceKey?: string };

/** The phone side: the scan token must open a live session. */
async function mobileSession(request: Request) {
  const body = await readBody<MobileBody>(request);
  if (!body.scanToken) return { error: badRequest('缺少二维码参数') };
  const session = findQrSessionByScanToken(body.scanToken);
  if (!session) return { error: notFound('二维码') };
  if (session.expiresAt < Date.now() || session.consumed) return { error: gone() };
  return { session, deviceKey: body.deviceKey };
}

export const authOverrides = [
  http.post('*/api/base/login_api/f/login', async ({ request }) => {
    // As the server: the JSON body when one is sent (the UI's call), otherwise the query string (the spec's).
    const sent = await readBody<{ username: string; password: string }>(request);
    const fields = Object.keys(sent).length ? sent : Object.fromEntries(new URL(request.url).searchParams);
    const username = fields.username?.trim() ?? '';
    const password = fields.password ?? '';
    if (!username || !password) return badRequest('请输入用户名和密码');
    const known = findUser(username);
    if (!passwordMatches(known, password)) return fail(401, 'BAD_CREDENTIALS', '用户名或密码错误');
    return ok(tokenResult(issueToken(known ?? createUser(username, null))));
  }),

  http.post('*/api/base/login_api/f/register', async ({ request }) => {
    if (!currentCapabilities().registration.open) {
      return fail(403, 'REGISTRATION_CLOSED', '本站暂未开放注册，请联系管理员开通账号；已有账号可直接登录');
    }
    const body = await readBody<{ username: string; password: string; phone?: string }>(request);
    if (!body.username || !/^[A-Za-z0-9_.-]{3,32}$/.test(body.username)) return badRequest('用户名需为 3-32 位字母、数字、下划线、点或连字符');
    if (!body.password || body.password.length < 8 || body.password.length > 72) return badRequest('密码长度应为 8-72 位');
    if (body.phone !== undefined && !/^1[3-9][0-9]{9}$/.test(body.phone)) return badRequest('手机号格式不正确');
    const weak = weakPasswordReason(body.password, body);
    if (weak) return fail(400, 'WEAK_PASSWORD', weak);
    if (findUser(body.username)) return fail(409, 'USERNAME_TAKEN', '该用户名已被注册');
    if (body.phone && findUser(body.phone)) return fail(409, 'PHONE_TAKEN', '该手机号已被注册');
    return ok(tokenResult(issueToken(createUser(body.username, body.password, body.phone ?? null), 'register')));
  }),

  http.post('*/api/base/login_api/current', withUser((_request, user) => ok({ id: user.id, loginName: user.loginName, avatar: user.avatar, roles: ['admin'] }))),

  http.get('*/api/base/account_info_api/account', withUser((_request, user) => ok(accountOf(user)))),

  ...accountSecurityOverrides(accountOf),

  http.post('*/api/base/login_api/logout', withUser((request) => {
    revokeToken(request.headers.get('Authorization')!.replace(/^Bearer\s+/i, ''));
    return ok({ loggedOut: true });
  })),

  http.post('*/api/base/login_api/f/login_qr_code', ({ request }) => {
    const session = createQrSession();
    const origin = new URL(request.url).origin;
    return ok({ id: session.id, qrCode: `${origin}/m/qr/${session.scanToken}`, expiresAt: new Date(session.expiresAt).toISOString() });
  }),

  http.post('*/api/base/login_api/f/val_login_qr_code', ({ request }) => {
    const id = new URL(request.url).searchParams.get('query');
    if (!id) return badRequest('缺少二维码 id');
    const session = findQrSession(id);
    if (!session) return notFound('二维码');
    if (session.consumed || session.expiresAt < Date.now()) return gone();
    if (session.status !== 'confirmed' || !session.token) return ok(null);
    session.consumed = true;
    return ok(session.token);
  }),

  http.post('*/api/base/login_api/f/qr_scan', async ({ request }) => {
    const found = await mobileSession(request);
    if (found.error) return found.error;
    if (found.session.status === 'pending') found.session.status = 'scanned';
    return ok(qrState(found.session, isKnownPhone(found.deviceKey)));
  }),

  http.post('*/api/base/login_api/f/qr_confirm', async ({ request }) => {
    const found = await mobileSession(request);
    if (found.error) return found.error;
    const { user, deviceKey } = signInPhone(found.deviceKey);
    found.session.status = 'confirmed';
    found.session.token = issueToken(user, 'qr');
    return ok(qrState(found.session, true, user.loginName, deviceKey));
  }),

  http.post('*/api/base/login_api/f/qr_confirm_account', async ({ request }) => {
    const body = await readBody<{ scanToken?: string; username?: string; password?: string }>(request.clone());
    const found = await mobileSession(request);
    if (found.error) return found.error;
    const username = body.username?.trim() ?? '';
    if (!username || !body.password) return badRequest('请输入登录名（或手机号）和密码');
    const known = findUser(username);
    if (!known || !passwordMatches(known, body.password)) return fail(401, 'BAD_CREDENTIALS', '用户名或密码错误');
    const { user, deviceKey } = keyPhoneTo(known);
    found.session.status = 'confirmed';
    found.session.token = issueToken(user, 'qr');
    return ok(qrState(found.session, true, user.loginName, deviceKey));
  }),
];

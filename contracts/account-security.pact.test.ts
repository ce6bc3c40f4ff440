import { MatchersV3 } from '@pact-foundation/pact';
import { describe, expect, it } from 'vitest';
import {
  accountInfoBindPhone,
  accountInfoChangePassword,
  accountInfoRevokeOtherSessions,
  accountInfoRevokeSession,
  accountInfoSessions,
  accountInfoSetPassword,
} from '../src/api/gen/auth/auth';
import { anyId, failure, isoTime, listOf, ok, oneOf } from './matchers';
import { BEARER, bearer, createPact, failureOf, useMockServer } from './pact';
import { PACT_FREE_PHONE, PACT_QR_ONLY_TOKEN, PACT_QR_ONLY_USER, PACT_TAKEN_PHONE, PACT_USER, STATES } from './states';

const { like, integer, boolean, nullValue, regex, fromProviderState } = MatchersV3;

const EXAMPLE_SESSION_ID = '01JD3T7C0E2G4J6L8N0Q2S4U6W';
const PHONE = '^1[3-9][0-9]{9}$';

/** The account as the account centre reads it after a change: who, how it signs in, the balance. */
const account = (loginName: string, phone: unknown, hasPassword: boolean) => ({
  userId: anyId(),
  loginName,
  phone,
  hasPassword,
  balanceFen: integer(0),
  freeCheckAvailable: boolean(false),
  freeCheckNotice: nullValue(),
  totalRechargeFen: integer(0),
  totalSpentFen: integer(0),
  createdAt: isoTime(),
});

describe('account security contract', () => {
  it('a QR-only account sets its first password, and the account then has one', async () => {
    await createPact()
      .addInteraction()
      .given(STATES.qrOnlySignedIn)
      .uponReceiving('a first password for a QR-only account')
      .withRequest('POST', '/api/base/account_info_api/set_password', (req) =>
        req.headers({ Authorization: bearer(PACT_QR_ONLY_TOKEN) }).jsonBody({ password: 'Qr2026!pass' }),
      )
      .willRespondWith(200, (res) => res.jsonBody(ok(account(PACT_QR_ONLY_USER, nullValue(), true))))
      .executeTest(async (server) => {
        useMockServer(server.url, { token: PACT_QR_ONLY_TOKEN });
        const updated = await accountInfoSetPassword({ password: 'Qr2026!pass' });
        expect(updated).toMatchObject({ loginName: PACT_QR_ONLY_USER, hasPassword: true, phone: null });
      });
  });

  it('an account with a password is told to change it instead (409, shown in the dialog)', async () => {
    await createPact()
      .addInteraction()
      .given(STATES.signedIn)
      .uponReceiving('a first password for an account that has one')
      .withRequest('POST', '/api/base/account_info_api/set_password', (req) =>
        req.headers({ Authorization: BEARER }).jsonBody({ password: 'Another2026!' }),
      )
      .willRespondWith(409, (res) => res.jsonBody(failure('PASSWORD_ALREADY_SET', '该账号已设置密码，如需更换请使用“修改密码”')))
      .executeTest(async (server) => {
        useMockServer(server.url, { signedIn: true });
        const error = await failureOf(accountInfoSetPassword({ password: 'Another2026!' }));
        expect(error).toMatchObject({ status: 409, code: 'PASSWORD_ALREADY_SET' });
      });
  });

  it('changes the password with the old one and says how many other sign-ins ended', async () => {
    const change = { oldPassword: PACT_USER.password, newPassword: 'Changed2026!pw' };
    await createPact()
      .addInteraction()
      .given(STATES.signedInTwice)
      .uponReceiving('a password change with the right old password')
      .withRequest('POST', '/api/base/account_info_api/change_password', (req) => req.headers({ Authorization: BEARER }).jsonBody(change))
      .willRespondWith(200, (res) => res.jsonBody(ok({ signedOutSessions: integer(1) })))
      .executeTest(async (server) => {
        useMockServer(server.url, { signedIn: true });
        expect(await accountInfoChangePassword(change)).toEqual({ signedOutSessions: 1 });
      });
  });

  it('a wrong old password is 403 WRONG_PASSWORD with its message for the form (not a sign-in prompt)', async () => {
    const change = { oldPassword: 'NotMine2026!', newPassword: 'Changed2026!pw' };
    await createPact()
      .addInteraction()
      .given(STATES.signedIn)
      .uponReceiving('a password change with a wrong old password')
      .withRequest('POST', '/api/base/account_info_api/change_password', (req) => req.headers({ Authorization: BEARER }).jsonBody(change))
      .willRespondWith(403, (res) => res.jsonBody(failure('WRONG_PASSWORD', '原密码不正确')))
      .executeTest(async (server) => {
        useMockServer(server.url, { signedIn: true });
        const error = await failureOf(accountInfoChangePassword(change));
        expect(error).toMatchObject({ status: 403, code: 'WRONG_PASSWORD', message: '原密码不正确' });
      });
  });

  it('binds a phone with the password; the account then shows it', async () => {
    const bind = { phone: PACT_FREE_PHONE, password: PACT_USER.password };
    await createPact()
      .addInteraction()
      .given(STATES.phoneFree)
      .uponReceiving('a phone binding with the right password')
      .withRequest('POST', '/api/base/account_info_api/bind_phone', (req) => req.headers({ Authorization: BEARER }).jsonBody(bind))
      .willRespondWith(200, (res) => res.jsonBody(ok(account(PACT_USER.username, regex(PHONE, PACT_FREE_PHONE), true))))
      .executeTest(async (server) => {
        useMockServer(server.url, { signedIn: true });
        expect(await accountInfoBindPhone(bind)).toMatchObject({ phone: PACT_FREE_PHONE, hasPassword: true });
      });
  });

  it('a phone another account uses is refused with 409 PHONE_TAKEN', async () => {
    const bind = { phone: PACT_TAKEN_PHONE, password: PACT_USER.password };
    await createPact()
      .addInteraction()
      .given(STATES.phoneTaken)
      .uponReceiving('a phone binding of a phone another account uses')
      .withRequest('POST', '/api/base/account_info_api/bind_phone', (req) => req.headers({ Authorization: BEARER }).jsonBody(bind))
      .willRespondWith(409, (res) => res.jsonBody(failure('PHONE_TAKEN', '该手机号已被注册')))
      .executeTest(async (server) => {
        useMockServer(server.url, { signedIn: true });
        const error = await failureOf(accountInfoBindPhone(bind));
        expect(error).toMatchObject({ status: 409, code: 'PHONE_TAKEN', message: '该手机号已被注册' });
      });
  });

  it('a wrong password when binding is 403 WRONG_PASSWORD', async () => {
    const bind = { phone: PACT_FREE_PHONE, password: 'NotMine2026!' };
    await createPact()
      .addInteraction()
      .given(STATES.phoneFree)
      .uponReceiving('a phone binding with a wrong password')
      .withRequest('POST', '/api/base/account_info_api/bind_phone', (req) => req.headers({ Authorization: BEARER }).jsonBody(bind))
      .willRespondWith(403, (res) => res.jsonBody(failure('WRONG_PASSWORD', '登录密码不正确')))
      .executeTest(async (server) => {
        useMockServer(server.url, { signedIn: true });
        const error = await failureOf(accountInfoBindPhone(bind));
        expect(error).toMatchObject({ status: 403, code: 'WRONG_PASSWORD' });
      });
  });

  it('a QR-only account is asked to set a password before binding a phone (409 PASSWORD_NOT_SET)', async () => {
    const bind = { phone: PACT_FREE_PHONE, password: 'Anything2026!' };
    await createPact()
      .addInteraction()
      .given(STATES.qrOnlySignedIn)
      .uponReceiving('a phone binding by an account without a password')
      .withRequest('POST', '/api/base/account_info_api/bind_phone', (req) =>
        req.headers({ Authorization: bearer(PACT_QR_ONLY_TOKEN) }).jsonBody(bind),
      )
      .willRespondWith(409, (res) => res.jsonBody(failure('PASSWORD_NOT_SET', '请先设置登录密码，再绑定手机号（手机号需与密码一起登录）')))
      .executeTest(async (server) => {
        useMockServer(server.url, { token: PACT_QR_ONLY_TOKEN });
        const error = await failureOf(accountInfoBindPhone(bind));
        expect(error).toMatchObject({ status: 409, code: 'PASSWORD_NOT_SET' });
      });
  });

  it('lists the signed-in devices, the current one marked', async () => {
    await createPact()
      .addInteraction()
      .given(STATES.signedInTwice)
      .uponReceiving('a request for the signed-in devices')
      .withRequest('POST', '/api/base/account_info_api/sessions', (req) =>
        req.headers({ Authorization: BEARER }).query({ pageNo: '1', pageSize: '10' }),
      )
      .willRespondWith(200, (res) =>
        res.jsonBody(
          ok({
            records: listOf({
              id: anyId(EXAMPLE_SESSION_ID),
              current: boolean(true),
              method: oneOf(['password', 'register', 'qr']),
              device: like('Chrome 138 · Windows'),
              createdAt: isoTime(),
              lastUsedAt: isoTime(),
              expiresAt: isoTime(),
            }),
            total: integer(2),
            pageNo: 1,
            pageSize: 10,
          }),
        ),
      )
      .executeTest(async (server) => {
        useMockServer(server.url, { signedIn: true });
        const page = await accountInfoSessions({ pageNo: 1, pageSize: 10 });
        expect(page.records[0]).toMatchObject({ current: true, method: 'password' });
      });
  });

  it('signs one other device out by its id', async () => {
    const sessionId = fromProviderState('${sessionId}', EXAMPLE_SESSION_ID);
    await createPact()
      .addInteraction()
      .given(STATES.signedInTwice)
      .uponReceiving('a sign-out of the second device')
      .withRequest('POST', '/api/base/account_info_api/revoke_session', (req) => req.headers({ Authorization: BEARER }).query({ id: sessionId }))
      .willRespondWith(200, (res) => res.jsonBody(ok({ id: sessionId, revoked: true })))
      .executeTest(async (server) => {
        useMockServer(server.url, { signedIn: true });
        expect(await accountInfoRevokeSession({ id: EXAMPLE_SESSION_ID })).toEqual({ id: EXAMPLE_SESSION_ID, revoked: true });
      });
  });

  it('a sign-in that is not the caller’s (or no longer live) is 404', async () => {
    await createPact()
      .addInteraction()
      .given(STATES.signedIn)
      .uponReceiving('a sign-out of an unknown device')
      .withRequest('POST', '/api/base/account_info_api/revoke_session', (req) =>
        req.headers({ Authorization: BEARER }).query({ id: 'session-pact-missing' }),
      )
      .willRespondWith(404, (res) => res.jsonBody(failure('NOT_FOUND', '记录不存在')))
      .executeTest(async (server) => {
        useMockServer(server.url, { signedIn: true });
        const error = await failureOf(accountInfoRevokeSession({ id: 'session-pact-missing' }));
        expect(error.status).toBe(404);
      });
  });

  it('signs every other device out and says how many', async () => {
    await createPact()
      .addInteraction()
      .given(STATES.signedInTwice)
      .uponReceiving('a sign-out of every other device')
      .withRequest('POST', '/api/base/account_info_api/revoke_other_sessions', (req) => req.headers({ Authorization: BEARER }))
      .willRespondWith(200, (res) => res.jsonBody(ok({ revoked: integer(1) })))
      .executeTest(async (server) => {
        useMockServer(server.url, { signedIn: true });
        expect(await accountInfoRevokeOtherSessions()).toEqual({ revoked: 1 });
      });
  });
});

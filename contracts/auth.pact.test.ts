import { MatchersV3 } from '@pact-foundation/pact';
import { describe, expect, it } from 'vitest';
import {
  accountInfoAccount,
  loginCurrent,
  loginLogin,
  loginLoginQrCode,
  loginLogout,
  loginQrConfirm,
  loginRegister,
  loginValLoginQrCode,
} from '../src/api/gen/auth/auth';
import { anyId, failure, isoTime, ok } from './matchers';
import { BEARER, bearer, createPact, failureOf, useMockServer } from './pact';
import {
  PACT_DEVICE_KEY,
  PACT_NEW_USER,
  PACT_QR_CONFIRMED,
  PACT_QR_EXPIRED,
  PACT_QR_PENDING,
  PACT_REVOKED_TOKEN,
  PACT_THROTTLED_NAME,
  PACT_TOKEN,
  PACT_USER,
  STATES,
  pactQrSecret,
} from './states';

const { like, integer, regex, boolean, eachLike, nullValue } = MatchersV3;

/** What a login and a sign-up return: the UI keeps access_token. */
const loginToken = {
  access_token: like('mya_3kTq9wV0bX2cR7yL5nP8sD1fG4hJ6zM'),
  token_type: 'Bearer',
  expires_in: integer(2592000),
};

describe('auth contract', () => {
  it('password login returns the access token in result.access_token', async () => {
    await createPact()
      .addInteraction()
      .given(STATES.userExists)
      .uponReceiving('a password login with the right password')
      .withRequest('POST', '/api/base/login_api/f/login', (req) =>
        req.query({ username: PACT_USER.username, password: PACT_USER.password }),
      )
      .willRespondWith(200, (res) => res.jsonBody(ok(loginToken)))
      .executeTest(async (server) => {
        useMockServer(server.url);
        const token = await loginLogin({ username: PACT_USER.username, password: PACT_USER.password });
        expect(token.access_token).toBe('mya_3kTq9wV0bX2cR7yL5nP8sD1fG4hJ6zM');
      });
  });

  it('failed login carries the message in error.message', async () => {
    await createPact()
      .addInteraction()
      .given(STATES.userExists)
      .uponReceiving('a password login with a wrong password')
      .withRequest('POST', '/api/base/login_api/f/login', (req) => req.query({ username: 'zhangsan', password: 'wrong-password' }))
      .willRespondWith(401, (res) => res.jsonBody(failure('BAD_CREDENTIALS', '用户名或密码错误')))
      .executeTest(async (server) => {
        useMockServer(server.url);
        const error = await failureOf(loginLogin({ username: 'zhangsan', password: 'wrong-password' }));
        expect(error).toMatchObject({ status: 401, code: 'BAD_CREDENTIALS', message: '用户名或密码错误' });
      });
  });

  it('a login name in its back-off is told to wait (429, shown under the form)', async () => {
    await createPact()
      .addInteraction()
      .given(STATES.loginThrottled)
      .uponReceiving('a password login during the back-off')
      .withRequest('POST', '/api/base/login_api/f/login', (req) => req.query({ username: PACT_THROTTLED_NAME, password: 'Guess2026!' }))
      .willRespondWith(429, (res) => res.jsonBody(failure('LOGIN_THROTTLED', '登录失败次数过多，请 15 分钟后再试')))
      .executeTest(async (server) => {
        useMockServer(server.url);
        const error = await failureOf(loginLogin({ username: PACT_THROTTLED_NAME, password: 'Guess2026!' }));
        expect(error).toMatchObject({ status: 429, message: '登录失败次数过多，请 15 分钟后再试' });
      });
  });

  it('current user is read with the bearer token', async () => {
    await createPact()
      .addInteraction()
      .given(STATES.signedIn)
      .uponReceiving('a request for the current user')
      .withRequest('POST', '/api/base/login_api/current', (req) => req.headers({ Authorization: BEARER }))
      .willRespondWith(200, (res) =>
        res.jsonBody(ok({ id: anyId(), loginName: 'zhangsan', avatar: like('/avatar/default.png'), roles: eachLike('admin') })),
      )
      .executeTest(async (server) => {
        useMockServer(server.url, { signedIn: true });
        const user = await loginCurrent();
        expect(user).toMatchObject({ loginName: 'zhangsan', roles: ['admin'] });
      });
  });

  it('the account centre reads the balance, totals, phone and free-check state', async () => {
    await createPact()
      .addInteraction()
      .given(STATES.signedIn)
      .uponReceiving('a request for the account')
      .withRequest('GET', '/api/base/account_info_api/account', (req) => req.headers({ Authorization: BEARER }))
      .willRespondWith(200, (res) =>
        res.jsonBody(
          ok({
            userId: anyId(),
            loginName: 'zhangsan',
            phone: regex('^1[3-9][0-9]{9}$', PACT_USER.phone),
            hasPassword: boolean(true),
            balanceFen: integer(5000),
            freeCheckAvailable: boolean(false),
            // A password account was never offered the free check, so there is no reason to give.
            freeCheckNotice: nullValue(),
            totalRechargeFen: integer(10000),
            totalSpentFen: integer(5000),
            createdAt: isoTime(),
          }),
        ),
      )
      .executeTest(async (server) => {
        useMockServer(server.url, { signedIn: true });
        const account = await accountInfoAccount();
        expect(account).toMatchObject({ loginName: 'zhangsan', phone: PACT_USER.phone, balanceFen: 5000, freeCheckNotice: null });
      });
  });

  it('a revoked token is refused with 401, which asks the user to log in again', async () => {
    await createPact()
      .addInteraction()
      .given(STATES.tokenRevoked)
      .uponReceiving('a request for the account with a revoked token')
      .withRequest('GET', '/api/base/account_info_api/account', (req) => req.headers({ Authorization: bearer(PACT_REVOKED_TOKEN) }))
      .willRespondWith(401, (res) => res.jsonBody(failure('UNAUTHORIZED', '未登录或登录已过期，请重新登录')))
      .executeTest(async (server) => {
        useMockServer(server.url, { token: PACT_REVOKED_TOKEN });
        const error = await failureOf(accountInfoAccount());
        expect(error.status).toBe(401);
      });
  });

  it('signing out revokes the token', async () => {
    await createPact()
      .addInteraction()
      .given(STATES.signedIn)
      .uponReceiving('a logout')
      .withRequest('POST', '/api/base/login_api/logout', (req) => req.headers({ Authorization: BEARER }))
      .willRespondWith(200, (res) => res.jsonBody(ok({ loggedOut: true })))
      .executeTest(async (server) => {
        useMockServer(server.url, { signedIn: true });
        expect(await loginLogout()).toEqual({ loggedOut: true });
      });
  });

  it('sign-up returns a token, as a login does', async () => {
    await createPact()
      .addInteraction()
      .given(STATES.usernameFree)
      .uponReceiving('a sign-up with a free username and phone')
      .withRequest('POST', '/api/base/login_api/f/register', (req) => req.jsonBody(PACT_NEW_USER))
      .willRespondWith(200, (res) => res.jsonBody(ok(loginToken)))
      .executeTest(async (server) => {
        useMockServer(server.url);
        const token = await loginRegister(PACT_NEW_USER);
        expect(token.token_type).toBe('Bearer');
      });
  });

  it('sign-up with a taken username is refused with 409 and a message for the form', async () => {
    await createPact()
      .addInteraction()
      .given(STATES.userExists)
      .uponReceiving('a sign-up with a taken username')
      .withRequest('POST', '/api/base/login_api/f/register', (req) =>
        req.jsonBody({ username: PACT_USER.username, password: 'Another2026!' }),
      )
      .willRespondWith(409, (res) => res.jsonBody(failure('USERNAME_TAKEN', '该用户名已被注册')))
      .executeTest(async (server) => {
        useMockServer(server.url);
        const error = await failureOf(loginRegister({ username: PACT_USER.username, password: 'Another2026!' }));
        expect(error).toMatchObject({ status: 409, message: '该用户名已被注册' });
      });
  });

  it('a QR code session gives an id and the URL the phone opens', async () => {
    await createPact()
      .addInteraction()
      .uponReceiving('a request for a new QR login code')
      .withRequest('POST', '/api/base/login_api/f/login_qr_code')
      .willRespondWith(200, (res) =>
        res.jsonBody(
          ok({
            id: anyId(),
            qrCode: regex('^https?://.+/m/qr/.+\\?s=.+$', 'http://127.0.0.1:8080/m/qr/01JD3Q8V4N5K2M7P9R6T8W0XYZ?s=Zr8LwQ2vN4xYk7pT'),
            expiresAt: isoTime('2026-11-22T08:35:00.000Z'),
          }),
        ),
      )
      .executeTest(async (server) => {
        useMockServer(server.url);
        const session = await loginLoginQrCode();
        expect(session.id).toBe('01JD3Q8V4N5K2M7P9R6T8W0XYZ');
        expect(session.qrCode).toContain('/m/qr/');
      });
  });

  it('QR validation is null until the phone confirms', async () => {
    await createPact()
      .addInteraction()
      .given(STATES.qrPending)
      .uponReceiving('a QR validation before the phone confirms')
      .withRequest('POST', '/api/base/login_api/f/val_login_qr_code', (req) => req.query({ query: PACT_QR_PENDING }))
      .willRespondWith(200, (res) => res.jsonBody(ok(nullValue())))
      .executeTest(async (server) => {
        useMockServer(server.url);
        expect(await loginValLoginQrCode({ query: PACT_QR_PENDING })).toBeNull();
      });
  });

  it('QR validation returns the access token once the phone has confirmed', async () => {
    await createPact()
      .addInteraction()
      .given(STATES.qrConfirmed)
      .uponReceiving('a QR validation after the phone confirmed')
      .withRequest('POST', '/api/base/login_api/f/val_login_qr_code', (req) => req.query({ query: PACT_QR_CONFIRMED }))
      .willRespondWith(200, (res) => res.jsonBody(ok(like(PACT_TOKEN))))
      .executeTest(async (server) => {
        useMockServer(server.url);
        expect(await loginValLoginQrCode({ query: PACT_QR_CONFIRMED })).toBe(PACT_TOKEN);
      });
  });

  it('QR validation of an expired code is 410, which shows the refresh overlay', async () => {
    await createPact()
      .addInteraction()
      .given(STATES.qrExpired)
      .uponReceiving('a QR validation after the code expired')
      .withRequest('POST', '/api/base/login_api/f/val_login_qr_code', (req) => req.query({ query: PACT_QR_EXPIRED }))
      .willRespondWith(410, (res) => res.jsonBody(failure('QR_EXPIRED', '二维码已过期，请刷新后重新扫码')))
      .executeTest(async (server) => {
        useMockServer(server.url);
        const error = await failureOf(loginValLoginQrCode({ query: PACT_QR_EXPIRED }));
        expect(error.status).toBe(410);
      });
  });

  it('the phone confirms a QR session with its secret and device key', async () => {
    const request = { id: PACT_QR_PENDING, secret: pactQrSecret(PACT_QR_PENDING), deviceKey: PACT_DEVICE_KEY };
    await createPact()
      .addInteraction()
      .given(STATES.qrPending)
      .uponReceiving('a QR confirmation from the phone')
      .withRequest('POST', '/api/base/login_api/f/qr_confirm', (req) => req.jsonBody(request))
      .willRespondWith(200, (res) =>
        res.jsonBody(ok({ status: 'confirmed', expiresAt: isoTime(), loginName: like('qr_8f3k2m9a1c') })),
      )
      .executeTest(async (server) => {
        useMockServer(server.url);
        expect(await loginQrConfirm(request)).toMatchObject({ status: 'confirmed' });
      });
  });
});

import { MatchersV3 } from '@pact-foundation/pact';
import { describe, expect, it } from 'vitest';
import {
  accountInfoAccount,
  loginCurrent,
  loginLogin,
  loginLoginQrCode,
  loginLogout,
  loginQrConfirm,
  loginQrConfirmAccount,
  loginQrScan,
  loginRegister,
  loginValLoginQrCode,
} from '../src/api/gen/auth/auth';
import { anyId, failure, isoTime, ok, oneOf } from './matchers';
import { asBrowserWithCookie, BEARER, bearer, createPact, failureOf, refusedWithoutToken, useMockServer } from './pact';
import {
  PACT_DESKTOP_DEVICE,
  PACT_DEVICE_KEY,
  PACT_NEW_USER,
  PACT_QR_CONFIRMED,
  PACT_QR_EXPIRED,
  PACT_QR_PENDING,
  PACT_REVOKED_TOKEN,
  PACT_THROTTLED_NAME,
  PACT_TOKEN,
  PACT_USER,
  PACT_WEAK_PASSWORD,
  STATES,
  pactQrScanToken,
} from './states';

const { like, integer, regex, boolean, eachLike, nullValue } = MatchersV3;

/** The desktop browser that asked for the seeded QR sessions: its device cookie goes with every poll. */
const DESKTOP_COOKIE = `moyan_device=${PACT_DESKTOP_DEVICE}`;
const asDesktop = <T>(call: () => Promise<T>) => asBrowserWithCookie(DESKTOP_COOKIE, call);
const ISSUED_KEY = regex('^dk_[A-Za-z0-9_-]{43}$', 'dk_Yx3Qm8Vb1Nc6Lz0Rw5Tk9Pj2Hf7Ds4Ga8Eu3Io6Ky1Wq');

/** What a login and a sign-up return: the UI keeps access_token. */
const loginToken = {
  access_token: like('mya_3kTq9wV0bX2cR7yL5nP8sD1fG4hJ6zM'),
  token_type: 'Bearer',
  expires_in: integer(2592000),
};

describe('auth contract', () => {
  it('the account without a token is refused with 401', () =>
    refusedWithoutToken({
      description: 'a request for the account without a token',
      method: 'GET',
      path: '/api/base/account_info_api/account',
      call: () => accountInfoAccount(),
    }));

  it('password login sends the form in the body and returns the access token in result.access_token', async () => {
    await createPact()
      .addInteraction()
      .given(STATES.userExists)
      .uponReceiving('a password login with the right password in the body')
      .withRequest('POST', '/api/base/login_api/f/login', (req) =>
        req.jsonBody({ username: PACT_USER.username, password: PACT_USER.password }),
      )
      .willRespondWith(200, (res) => res.jsonBody(ok(loginToken)))
      .executeTest(async (server) => {
        useMockServer(server.url);
        const token = await loginLogin({ username: PACT_USER.username, password: PACT_USER.password });
        expect(token.access_token).toBe('mya_3kTq9wV0bX2cR7yL5nP8sD1fG4hJ6zM');
      });
  });

  it('password login keeps the spec’s call: the same fields in the query string', async () => {
    await createPact()
      .addInteraction()
      .given(STATES.userExists)
      .uponReceiving('a password login with the right password in the query string')
      .withRequest('POST', '/api/base/login_api/f/login', (req) =>
        req.query({ username: PACT_USER.username, password: PACT_USER.password }),
      )
      .willRespondWith(200, (res) => res.jsonBody(ok(loginToken)))
      .executeTest(async (server) => {
        useMockServer(server.url);
        const token = await loginLogin(undefined, { username: PACT_USER.username, password: PACT_USER.password });
        expect(token.access_token).toBe('mya_3kTq9wV0bX2cR7yL5nP8sD1fG4hJ6zM');
      });
  });

  it('failed login carries the message in error.message', async () => {
    await createPact()
      .addInteraction()
      .given(STATES.userExists)
      .uponReceiving('a password login with a wrong password')
      .withRequest('POST', '/api/base/login_api/f/login', (req) => req.jsonBody({ username: 'zhangsan', password: 'wrong-password' }))
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
      .withRequest('POST', '/api/base/login_api/f/login', (req) => req.jsonBody({ username: PACT_THROTTLED_NAME, password: 'Guess2026!' }))
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
            // 首次免费查重 reads 无 for an account that was never offered it, 已使用 once used.
            freeCheckState: oneOf(['available', 'used', 'withheld', 'none'], 'none'),
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

  it('sign-up with a common or trivial password is refused with 400 and the form’s words', async () => {
    const request = { username: PACT_NEW_USER.username, password: PACT_WEAK_PASSWORD };
    await createPact()
      .addInteraction()
      .given(STATES.usernameFree)
      .uponReceiving('a sign-up with a trivial password')
      .withRequest('POST', '/api/base/login_api/f/register', (req) => req.jsonBody(request))
      .willRespondWith(400, (res) => res.jsonBody(failure('WEAK_PASSWORD', '密码过于简单（重复、连续的字符或日期），请换一个')))
      .executeTest(async (server) => {
        useMockServer(server.url);
        const error = await failureOf(loginRegister(request));
        expect(error).toMatchObject({ status: 400, message: '密码过于简单（重复、连续的字符或日期），请换一个' });
      });
  });

  it('sign-up beyond the address’s limit is refused with 429 and the wait', async () => {
    await createPact()
      .addInteraction()
      .given(STATES.signupsExhausted)
      .uponReceiving('a sign-up from an address that signed up too many accounts')
      .withRequest('POST', '/api/base/login_api/f/register', (req) => req.jsonBody(PACT_NEW_USER))
      .willRespondWith(429, (res) => res.jsonBody(failure('SIGNUP_LIMITED', '当前网络新注册的账号过多，请 60 分钟后再试，或登录已有账号')))
      .executeTest(async (server) => {
        useMockServer(server.url);
        const error = await failureOf(loginRegister(PACT_NEW_USER));
        expect(error).toMatchObject({ status: 429, message: '当前网络新注册的账号过多，请 60 分钟后再试，或登录已有账号' });
      });
  });

  it('sign-up while the address’s taken-name answers back off is refused with 429, whatever the name', async () => {
    await createPact()
      .addInteraction()
      .given(STATES.registerProbesThrottled)
      .uponReceiving('a sign-up during the back-off of taken-name answers')
      .withRequest('POST', '/api/base/login_api/f/register', (req) => req.jsonBody({ username: PACT_USER.username, password: 'Another2026!' }))
      .willRespondWith(429, (res) => res.jsonBody(failure('REGISTER_THROTTLED', '注册时用户名或手机号已被占用的次数过多，请 15 分钟后再试')))
      .executeTest(async (server) => {
        useMockServer(server.url);
        const error = await failureOf(loginRegister({ username: PACT_USER.username, password: 'Another2026!' }));
        expect(error.status).toBe(429);
      });
  });

  it('a QR code session gives an id and the URL the phone opens, which carries a scan token and not the id', async () => {
    await createPact()
      .addInteraction()
      .uponReceiving('a request for a new QR login code')
      .withRequest('POST', '/api/base/login_api/f/login_qr_code')
      .willRespondWith(200, (res) =>
        res.jsonBody(
          ok({
            id: anyId(),
            qrCode: regex('^https?://[^/]+/m/qr/[A-Za-z0-9_-]{43}$', 'http://127.0.0.1:8080/m/qr/q7Vb2Lx9Nf4Tz1Wc8Rk3Jm6Yp0Hs5Dg2Ae7Ku4Qo9Xi'),
            expiresAt: isoTime('2026-11-22T08:35:00.000Z'),
          }),
        ),
      )
      .executeTest(async (server) => {
        useMockServer(server.url);
        const session = await loginLoginQrCode();
        expect(session.id).toBe('01JD3Q8V4N5K2M7P9R6T8W0XYZ');
        expect(session.qrCode).toContain('/m/qr/');
        expect(session.qrCode).not.toContain(session.id);
      });
  });

  it('QR validation is null until the phone confirms', async () => {
    await createPact()
      .addInteraction()
      .given(STATES.qrPending)
      .uponReceiving('a QR validation before the phone confirms')
      .withRequest('POST', '/api/base/login_api/f/val_login_qr_code', (req) =>
        req.query({ query: PACT_QR_PENDING }).headers({ Cookie: DESKTOP_COOKIE }),
      )
      .willRespondWith(200, (res) => res.jsonBody(ok(nullValue())))
      .executeTest(async (server) => {
        useMockServer(server.url);
        expect(await asDesktop(() => loginValLoginQrCode({ query: PACT_QR_PENDING }))).toBeNull();
      });
  });

  it('QR validation returns the access token once the phone has confirmed', async () => {
    await createPact()
      .addInteraction()
      .given(STATES.qrConfirmed)
      .uponReceiving('a QR validation after the phone confirmed')
      .withRequest('POST', '/api/base/login_api/f/val_login_qr_code', (req) =>
        req.query({ query: PACT_QR_CONFIRMED }).headers({ Cookie: DESKTOP_COOKIE }),
      )
      .willRespondWith(200, (res) => res.jsonBody(ok(like(PACT_TOKEN))))
      .executeTest(async (server) => {
        useMockServer(server.url);
        expect(await asDesktop(() => loginValLoginQrCode({ query: PACT_QR_CONFIRMED }))).toBe(PACT_TOKEN);
      });
  });

  it('QR validation from a browser other than the one that asked for the code is 404, even once confirmed', async () => {
    await createPact()
      .addInteraction()
      .given(STATES.qrConfirmed)
      .uponReceiving('a QR validation from another browser')
      .withRequest('POST', '/api/base/login_api/f/val_login_qr_code', (req) =>
        req.query({ query: PACT_QR_CONFIRMED }).headers({ Cookie: 'moyan_device=another-browser-device-000000001' }),
      )
      .willRespondWith(404, (res) => res.jsonBody(failure('NOT_FOUND', '记录不存在')))
      .executeTest(async (server) => {
        useMockServer(server.url);
        const error = await asBrowserWithCookie('moyan_device=another-browser-device-000000001', () =>
          failureOf(loginValLoginQrCode({ query: PACT_QR_CONFIRMED })),
        );
        expect(error.status).toBe(404);
      });
  });

  it('QR validation of an expired code is 410, which shows the refresh overlay', async () => {
    await createPact()
      .addInteraction()
      .given(STATES.qrExpired)
      .uponReceiving('a QR validation after the code expired')
      .withRequest('POST', '/api/base/login_api/f/val_login_qr_code', (req) =>
        req.query({ query: PACT_QR_EXPIRED }).headers({ Cookie: DESKTOP_COOKIE }),
      )
      .willRespondWith(410, (res) => res.jsonBody(failure('QR_EXPIRED', '二维码已过期，请刷新后重新扫码')))
      .executeTest(async (server) => {
        useMockServer(server.url);
        const error = await asDesktop(() => failureOf(loginValLoginQrCode({ query: PACT_QR_EXPIRED })));
        expect(error.status).toBe(410);
      });
  });

  it('a new phone confirms a QR session with its scan token and is issued a device key', async () => {
    const request = { scanToken: pactQrScanToken(PACT_QR_PENDING) };
    await createPact()
      .addInteraction()
      .given(STATES.qrPending)
      .uponReceiving('a QR confirmation from a new phone')
      .withRequest('POST', '/api/base/login_api/f/qr_confirm', (req) => req.jsonBody(request))
      .willRespondWith(200, (res) =>
        res.jsonBody(ok({ status: 'confirmed', expiresAt: isoTime(), loginName: like('qr_8f3k2m9a1c'), deviceKey: ISSUED_KEY, knownPhone: true })),
      )
      .executeTest(async (server) => {
        useMockServer(server.url);
        expect(await loginQrConfirm(request)).toMatchObject({ status: 'confirmed' });
      });
  });

  it('a phone that brings the device key it was issued signs in to its account and gets the next key', async () => {
    const request = { scanToken: pactQrScanToken(PACT_QR_PENDING), deviceKey: PACT_DEVICE_KEY };
    await createPact()
      .addInteraction()
      .given(STATES.qrPending)
      .given(STATES.phoneKnown)
      .uponReceiving('a QR confirmation from a phone with its device key')
      .withRequest('POST', '/api/base/login_api/f/qr_confirm', (req) => req.jsonBody(request))
      .willRespondWith(200, (res) =>
        res.jsonBody(ok({ status: 'confirmed', expiresAt: isoTime(), loginName: PACT_USER.username, deviceKey: ISSUED_KEY, knownPhone: true })),
      )
      .executeTest(async (server) => {
        useMockServer(server.url);
        const state = await loginQrConfirm(request);
        expect(state).toMatchObject({ status: 'confirmed', loginName: PACT_USER.username });
        expect(state.deviceKey).not.toBe(PACT_DEVICE_KEY);
      });
  });

  it('a phone without a key reports its scan and is told the server does not know it, so the page offers the choice', async () => {
    const request = { scanToken: pactQrScanToken(PACT_QR_PENDING) };
    await createPact()
      .addInteraction()
      .given(STATES.qrPending)
      .uponReceiving('a QR scan from a phone the server does not know')
      .withRequest('POST', '/api/base/login_api/f/qr_scan', (req) => req.jsonBody(request))
      .willRespondWith(200, (res) =>
        res.jsonBody(ok({ status: 'scanned', expiresAt: isoTime(), loginName: nullValue(), deviceKey: nullValue(), knownPhone: false })),
      )
      .executeTest(async (server) => {
        useMockServer(server.url);
        expect(await loginQrScan(request)).toMatchObject({ status: 'scanned', knownPhone: false });
      });
  });

  it('a phone that brings its issued key is told the server knows it', async () => {
    const request = { scanToken: pactQrScanToken(PACT_QR_PENDING), deviceKey: PACT_DEVICE_KEY };
    await createPact()
      .addInteraction()
      .given(STATES.qrPending)
      .given(STATES.phoneKnown)
      .uponReceiving('a QR scan from a phone with its device key')
      .withRequest('POST', '/api/base/login_api/f/qr_scan', (req) => req.jsonBody(request))
      .willRespondWith(200, (res) =>
        res.jsonBody(ok({ status: 'scanned', expiresAt: isoTime(), loginName: nullValue(), deviceKey: nullValue(), knownPhone: true })),
      )
      .executeTest(async (server) => {
        useMockServer(server.url);
        expect((await loginQrScan(request)).knownPhone).toBe(true);
      });
  });

  it('a new phone signs in to an existing account with its phone number and password, and is issued a key to it', async () => {
    const request = { scanToken: pactQrScanToken(PACT_QR_PENDING), username: PACT_USER.phone, password: PACT_USER.password };
    await createPact()
      .addInteraction()
      .given(STATES.qrPending)
      .given(STATES.userExists)
      .uponReceiving('a QR confirmation with an existing account’s phone and password')
      .withRequest('POST', '/api/base/login_api/f/qr_confirm_account', (req) => req.jsonBody(request))
      .willRespondWith(200, (res) =>
        res.jsonBody(ok({ status: 'confirmed', expiresAt: isoTime(), loginName: PACT_USER.username, deviceKey: ISSUED_KEY, knownPhone: true })),
      )
      .executeTest(async (server) => {
        useMockServer(server.url);
        expect(await loginQrConfirmAccount(request)).toMatchObject({ status: 'confirmed', loginName: PACT_USER.username });
      });
  });

  it('a wrong password on the phone is 401 BAD_CREDENTIALS, which the page shows on its form', async () => {
    const request = { scanToken: pactQrScanToken(PACT_QR_PENDING), username: PACT_USER.username, password: 'Wrong2026!pw' };
    await createPact()
      .addInteraction()
      .given(STATES.qrPending)
      .given(STATES.userExists)
      .uponReceiving('a QR confirmation with a wrong password')
      .withRequest('POST', '/api/base/login_api/f/qr_confirm_account', (req) => req.jsonBody(request))
      .willRespondWith(401, (res) => res.jsonBody(failure('BAD_CREDENTIALS', '用户名或密码错误')))
      .executeTest(async (server) => {
        useMockServer(server.url);
        const error = await failureOf(loginQrConfirmAccount(request));
        expect(error).toMatchObject({ status: 401, code: 'BAD_CREDENTIALS', message: '用户名或密码错误' });
      });
  });
});

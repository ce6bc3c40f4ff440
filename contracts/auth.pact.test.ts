import { MatchersV3 } from '@pact-foundation/pact';
import { describe, expect, it } from 'vitest';
import { loginCurrent, loginLogin, loginLoginQrCode, loginValLoginQrCode } from '../src/api/gen/auth/auth';
import { ApiError } from '../src/api/http';
import { BEARER, createPact, useMockServer } from './pact';
import { PACT_QR_CONFIRMED, PACT_QR_PENDING, PACT_TOKEN, PACT_USER, STATES } from './states';

const { like, integer, regex, datetime, eachLike, nullValue } = MatchersV3;
const ISO = "yyyy-MM-dd'T'HH:mm:ss.SSSX";

describe('auth contract', () => {
  it('password login returns the access token in result.access_token', async () => {
    await createPact()
      .addInteraction()
      .given(STATES.userExists)
      .uponReceiving('a password login with the right password')
      .withRequest('POST', '/api/base/login_api/f/login', (req) => req.query(PACT_USER))
      .willRespondWith(200, (res) =>
        res.jsonBody({
          success: true,
          result: { access_token: like('mya_3kTq9wV0bX2cR7yL5nP8sD1fG4hJ6zM'), token_type: 'Bearer', expires_in: integer(2592000) },
        }),
      )
      .executeTest(async (server) => {
        useMockServer(server.url);
        const token = await loginLogin(PACT_USER);
        expect(token.access_token).toBe('mya_3kTq9wV0bX2cR7yL5nP8sD1fG4hJ6zM');
      });
  });

  it('failed login carries the message in error.message', async () => {
    await createPact()
      .addInteraction()
      .given(STATES.userExists)
      .uponReceiving('a password login with a wrong password')
      .withRequest('POST', '/api/base/login_api/f/login', (req) => req.query({ username: 'zhangsan', password: 'wrong-password' }))
      .willRespondWith(401, (res) =>
        res.jsonBody({ success: false, error: { code: 'BAD_CREDENTIALS', message: '用户名或密码错误' } }),
      )
      .executeTest(async (server) => {
        useMockServer(server.url);
        const failure = await loginLogin({ username: 'zhangsan', password: 'wrong-password' }).catch((e: unknown) => e);
        expect(failure).toBeInstanceOf(ApiError);
        expect(failure).toMatchObject({ status: 401, code: 'BAD_CREDENTIALS', message: '用户名或密码错误' });
      });
  });

  it('current user is read with the bearer token', async () => {
    await createPact()
      .addInteraction()
      .given(STATES.signedIn)
      .uponReceiving('a request for the current user')
      .withRequest('POST', '/api/base/login_api/current', (req) => req.headers({ Authorization: BEARER }))
      .willRespondWith(200, (res) =>
        res.jsonBody({
          success: true,
          result: { id: like('01JD3Q8V4N5K2M7P9R6T8W0XYZ'), loginName: 'zhangsan', avatar: like('/avatar/default.png'), roles: eachLike('admin') },
        }),
      )
      .executeTest(async (server) => {
        useMockServer(server.url, { signedIn: true });
        const user = await loginCurrent();
        expect(user).toMatchObject({ loginName: 'zhangsan', roles: ['admin'] });
      });
  });

  it('a QR code session gives an id and the URL the phone opens', async () => {
    await createPact()
      .addInteraction()
      .uponReceiving('a request for a new QR login code')
      .withRequest('POST', '/api/base/login_api/f/login_qr_code')
      .willRespondWith(200, (res) =>
        res.jsonBody({
          success: true,
          result: {
            id: like('01JD3Q8V4N5K2M7P9R6T8W0XYZ'),
            qrCode: regex('^https?://.+/m/qr/.+\\?s=.+$', 'http://127.0.0.1:8080/m/qr/01JD3Q8V4N5K2M7P9R6T8W0XYZ?s=Zr8LwQ2vN4xYk7pT'),
            expiresAt: datetime(ISO, '2026-11-22T08:35:00.000Z'),
          },
        }),
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
      .willRespondWith(200, (res) => res.jsonBody({ success: true, result: nullValue() }))
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
      .willRespondWith(200, (res) => res.jsonBody({ success: true, result: like(PACT_TOKEN) }))
      .executeTest(async (server) => {
        useMockServer(server.url);
        expect(await loginValLoginQrCode({ query: PACT_QR_CONFIRMED })).toBe(PACT_TOKEN);
      });
  });
});

import { describe, expect, it } from 'vitest';
import { callMock } from '@/test/call-mock';
import { resetMockState } from '../handlers';
import { MOCK_PASSWORD } from './auth-state';
import { setupMockServer } from '@/test/mock-server';

setupMockServer();

const call = (path: string, options?: Parameters<typeof callMock>[1]) => callMock(`/api/base/login_api${path}`, options);

const login = (username: string, password: string) => call(`/f/login?username=${encodeURIComponent(username)}&password=${encodeURIComponent(password)}`);

describe('mocked password login', () => {
  it('accepts any new username with the mock password and returns its user from current', async () => {
    const { status, body } = await login('zhaoliu', MOCK_PASSWORD);
    expect(status).toBe(200);
    const token = (body.result as { access_token: string }).access_token;
    const current = await call('/current', { token });
    expect(current.body.result).toEqual({ id: '10001', loginName: 'zhaoliu', avatar: '/avatar/default.svg', roles: ['admin'] });
  });

  it('takes the same fields in a JSON body, as the login form sends them', async () => {
    const { status, body } = await call('/f/login', { body: { username: 'zhaoliu', password: MOCK_PASSWORD } });
    expect(status).toBe(200);
    expect((body.result as { access_token: string }).access_token).toBeTruthy();
    expect((await call('/f/login', { body: { username: 'zhaoliu', password: 'nope' } })).status).toBe(401);
  });

  it('answers a wrong password with the 401 envelope', async () => {
    const { status, body } = await login('zhaoliu', 'nope');
    expect(status).toBe(401);
    expect(body).toEqual({ success: false, error: { code: 'BAD_CREDENTIALS', message: '用户名或密码错误' } });
  });

  it('checks a registered user against the password chosen at registration', async () => {
    await call('/f/register', { body: { username: 'sunqi', password: 'mypassword8' } });
    expect((await login('sunqi', MOCK_PASSWORD)).status).toBe(401);
    expect((await login('sunqi', 'mypassword8')).status).toBe(200);
  });

  it('registers a phone that then signs in, refuses it a second time and refuses a malformed one', async () => {
    expect((await call('/f/register', { body: { username: 'sunqi', password: 'mypassword8', phone: '13912345678' } })).status).toBe(200);
    expect((await login('13912345678', 'mypassword8')).status).toBe(200);
    const again = await call('/f/register', { body: { username: 'zhouba', password: 'mypassword8', phone: '13912345678' } });
    expect(again.status).toBe(409);
    expect(again.body.error).toEqual({ code: 'PHONE_TAKEN', message: '该手机号已被注册' });
    expect((await call('/f/register', { body: { username: 'zhouba', password: 'mypassword8', phone: '12345' } })).status).toBe(400);
  });

  it('answers current without a token, or after logout, with 401', async () => {
    expect((await call('/current')).status).toBe(401);
    const token = ((await login('zhaoliu', MOCK_PASSWORD)).body.result as { access_token: string }).access_token;
    expect((await call('/logout', { token })).body.result).toEqual({ loggedOut: true });
    const after = await call('/current', { token });
    expect(after.status).toBe(401);
    expect(after.body.error?.code).toBe('UNAUTHORIZED');
  });
});

describe('mocked tokens', () => {
  it('keep their user across a restart of the mocked server, as after a page reload', async () => {
    const token = ((await login('zhaoliu', MOCK_PASSWORD)).body.result as { access_token: string }).access_token;
    resetMockState();
    expect((await call('/current', { token })).body.result).toMatchObject({ id: '10001', loginName: 'zhaoliu' });
    const other = ((await login('qianba', MOCK_PASSWORD)).body.result as { access_token: string }).access_token;
    expect((await call('/current', { token: other })).body.result).toMatchObject({ id: '10002' });
  });

  it('are refused when malformed', async () => {
    const forged = `mya_${btoa(encodeURIComponent(JSON.stringify({ id: '10001', name: 'zhaoliu' })))}`;
    expect((await call('/current', { token: forged })).status).toBe(401);
    expect((await call('/current', { token: 'mya_not-a-token' })).status).toBe(401);
  });
});

describe('mocked QR login', () => {
  it('stays null until the phone confirms, then returns the token once', async () => {
    const session = (await call('/f/login_qr_code')).body.result as { id: string; qrCode: string };
    const url = new URL(session.qrCode);
    const scanToken = url.pathname.split('/').at(-1)!;
    expect(url.pathname).toBe(`/m/qr/${scanToken}`);
    expect(session.qrCode).not.toContain(session.id);

    const poll = () => call(`/f/val_login_qr_code?query=${session.id}`);
    expect((await poll()).body.result).toBeNull();

    const wrong = await call('/f/qr_confirm', { body: { scanToken: 'x'.repeat(43) } });
    expect(wrong.status).toBe(404);
    expect((await poll()).body.result).toBeNull();

    const confirmed = await call('/f/qr_confirm', { body: { scanToken } });
    const state = confirmed.body.result as { status: string; loginName: string; deviceKey: string };
    expect(state).toMatchObject({ status: 'confirmed', loginName: expect.stringMatching(/^qr_[0-9a-f]{10}$/) });
    expect(state.deviceKey).toMatch(/^dk_[A-Za-z0-9]{43}$/);

    const token = (await poll()).body.result as string;
    expect(token).toMatch(/^mya_/);
    expect((await call('/current', { token })).body.result).toMatchObject({ loginName: state.loginName });
    const again = await poll();
    expect(again.status).toBe(410);
  });

  it('signs a phone that brings its issued key into the same account, and spends the key', async () => {
    const confirmWith = async (deviceKey?: string) => {
      const session = (await call('/f/login_qr_code')).body.result as { qrCode: string };
      const scanToken = new URL(session.qrCode).pathname.split('/').at(-1)!;
      return (await call('/f/qr_confirm', { body: { scanToken, deviceKey } })).body.result as { loginName: string; deviceKey: string };
    };
    const first = await confirmWith();
    const again = await confirmWith(first.deviceKey);
    expect(again.loginName).toBe(first.loginName);
    expect(again.deviceKey).not.toBe(first.deviceKey);
    expect((await confirmWith(first.deviceKey)).loginName).not.toBe(first.loginName);
  });

  it('answers an unknown QR id with 404', async () => {
    expect((await call('/f/val_login_qr_code?query=NOPE')).status).toBe(404);
  });
});

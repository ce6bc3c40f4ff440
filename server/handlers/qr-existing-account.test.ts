import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, createTestApp, post, signUp, type TestApp } from '../test/app';
import { testClock } from '../test/clock';
import { desktopQr, type DesktopQr, phoneCall, qrSignIn, scanTokenOf } from '../test/qr';
import { loginNameHash } from '../services/accounts/login-throttle';

const CONFIRM_ACCOUNT = '/api/base/login_api/f/qr_confirm_account';
const CURRENT = '/api/base/login_api/current';
const NEW_PHONE = '203.0.113.77';

interface MobileState {
  status: string;
  loginName: string | null;
  deviceKey: string | null;
  knownPhone: boolean;
}

// Issue 23: a phone the server does not know (a new phone, another browser, cleared data) scanning the
// login code may sign in to the student's existing account with its password, instead of making another.
describe('QR sign-in of a new phone to an existing account', () => {
  let t: TestApp;
  const clock = testClock();
  beforeAll(async () => {
    t = await createTestApp({}, { now: clock.now });
  });
  afterAll(async () => {
    await t.close();
  });

  const stateOf = (response: { body: string }) => body<MobileState>(response as never).result;
  const userOf = async (token: string) => body<{ id: string }>(await post(t.app, CURRENT, { token })).result.id;
  const userCount = async () => (await t.db.sql<{ n: number }>('select count(*)::int as n from users'))[0].n;
  const confirmAccount = (desktop: DesktopQr, username: string, password: string, address = NEW_PHONE) =>
    t.app.inject({
      method: 'POST',
      url: CONFIRM_ACCOUNT,
      payload: { scanToken: scanTokenOf(desktop.session.qrCode), username, password },
      remoteAddress: address,
    });

  /** A QR sign-up (the first phone) that then set a password in the account centre. */
  async function qrAccountWithPassword(password: string) {
    const first = await qrSignIn(t.app);
    const set = await post(t.app, '/api/base/account_info_api/set_password', { token: first.token, payload: { password } });
    expect(set.statusCode).toBe(200);
    return { ...first, userId: await userOf(first.token) };
  }

  it('tells the page whether it knows the phone: an issued key yes; no key, a made-up or a spent key no', async () => {
    const first = await qrSignIn(t.app);
    const desktop = await desktopQr(t.app);
    const scanWith = async (deviceKey?: string) => stateOf(await phoneCall(t.app, 'qr_scan', desktop.session.qrCode, { deviceKey })).knownPhone;
    expect(await scanWith(first.deviceKey)).toBe(true);
    expect(await scanWith()).toBe(false);
    expect(await scanWith('dk_made-up-by-a-script-000000000000')).toBe(false);
    const again = await qrSignIn(t.app, { deviceKey: first.deviceKey });
    expect(await scanWith(first.deviceKey)).toBe(false);
    expect(await scanWith(again.deviceKey)).toBe(true);
  });

  it('signs a new phone in to the QR account that set a password: the desktop gets that account, no account is made, and the phone keeps a key to it', async () => {
    const owner = await qrAccountWithPassword('Recover2026!pw');
    const users = await userCount();
    const desktop = await desktopQr(t.app);
    expect(stateOf(await phoneCall(t.app, 'qr_scan', desktop.session.qrCode)).knownPhone).toBe(false);

    const confirmed = await confirmAccount(desktop, owner.loginName, 'Recover2026!pw');
    expect(confirmed.statusCode).toBe(200);
    const state = stateOf(confirmed);
    expect(state).toMatchObject({ status: 'confirmed', loginName: owner.loginName, knownPhone: true });
    expect(state.deviceKey).toMatch(/^dk_[A-Za-z0-9_-]{43}$/);
    expect(await userOf(body<string>(await desktop.poll()).result)).toBe(owner.userId);
    expect(await userCount()).toBe(users);

    // The new phone's next scan goes straight to the account; the old phone's key is spent, so that phone
    // is asked to choose again rather than signed in or silently given a new account.
    const next = await qrSignIn(t.app, { deviceKey: state.deviceKey! });
    expect(await userOf(next.token)).toBe(owner.userId);
    const oldPhone = await desktopQr(t.app);
    expect(stateOf(await phoneCall(t.app, 'qr_scan', oldPhone.session.qrCode, { deviceKey: owner.deviceKey })).knownPhone).toBe(false);
  });

  it('signs in with the bound phone number and the password, a password account too', async () => {
    const { token } = await signUp(t.app, 'phonerecover', 'Phone2026!pw', '13512345678');
    const userId = await userOf(token);
    const desktop = await desktopQr(t.app);
    const confirmed = await confirmAccount(desktop, ' 13512345678 ', 'Phone2026!pw');
    expect(stateOf(confirmed)).toMatchObject({ status: 'confirmed', loginName: 'phonerecover' });
    expect(await userOf(body<string>(await desktop.poll()).result)).toBe(userId);
  });

  it('refuses a wrong password as the login form does (401, then 429 LOGIN_THROTTLED), confirming nothing and making no account', async () => {
    const owner = await qrAccountWithPassword('Owner2026!pw');
    const desktop = await desktopQr(t.app);
    const keys = () => t.db.sql('select id, device_key_hash from users order by id');
    const before = { users: await userCount(), keys: await keys() };
    const wrong = await confirmAccount(desktop, owner.loginName, 'Wrong2026!pw');
    expect(wrong.statusCode).toBe(401);
    expect(body(wrong).error).toEqual({ code: 'BAD_CREDENTIALS', message: '用户名或密码错误' });
    const unknown = await confirmAccount(desktop, 'nobody-here', 'Owner2026!pw');
    expect(body(unknown).error).toEqual(body(wrong).error);
    expect({ users: await userCount(), keys: await keys() }).toEqual(before);
    expect(body(await desktop.poll()).result).toBeNull();

    const guesses = [];
    for (let i = 0; i < t.config.LOGIN_FAILURES_BEFORE_DELAY; i++) {
      guesses.push((await confirmAccount(desktop, owner.loginName, `Guess${i}2026!pw`, '203.0.113.78')).statusCode);
    }
    expect(guesses.at(-1)).toBe(401);
    const right = await confirmAccount(desktop, owner.loginName, 'Owner2026!pw', '203.0.113.78');
    expect(right.statusCode).toBe(429);
    expect(body(right).error.code).toBe('LOGIN_THROTTLED');
    // From the owner's own network the right password still works.
    expect((await confirmAccount(desktop, owner.loginName, 'Owner2026!pw')).statusCode).toBe(200);
  });

  it('answers an expired code with 410 before any password is tried', async () => {
    const owner = await qrAccountWithPassword('Expire2026!pw');
    const desktop = await desktopQr(t.app);
    clock.advance((t.config.QR_TTL_SECONDS + 1) * 1000);
    const late = await confirmAccount(desktop, owner.loginName, 'Wrong2026!pw');
    expect(late.statusCode).toBe(410);
    expect(body(late).error.code).toBe('QR_EXPIRED');
    const throttled = await t.db.sql<{ n: number }>('select count(*)::int as n from login_throttles where name_hash = $1', [loginNameHash(owner.loginName)]);
    expect(throttled[0].n).toBe(0);
  });

  it('does not hand a session another phone already confirmed to a second account (410 QR_USED)', async () => {
    const owner = await qrAccountWithPassword('Second2026!pw');
    const desktop = await desktopQr(t.app);
    expect((await phoneCall(t.app, 'qr_confirm', desktop.session.qrCode)).statusCode).toBe(200);
    const late = await confirmAccount(desktop, owner.loginName, 'Second2026!pw');
    expect(late.statusCode).toBe(410);
    expect(body(late).error.code).toBe('QR_USED');
  });

  it('serves a page that asks a phone it does not know to sign in to an existing account or make a new one', async () => {
    const desktop = await desktopQr(t.app);
    const page = await t.app.inject({ method: 'GET', url: new URL(desktop.session.qrCode).pathname });
    expect(page.statusCode).toBe(200);
    for (const text of ['登录已有账号', '登录名或手机号', 'qr_confirm_account', '注册新账号并登录', 'knownPhone']) expect(page.body).toContain(text);
  });
});

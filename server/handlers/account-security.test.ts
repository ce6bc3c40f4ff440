import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, createTestApp, post, signUp, type TestApp } from '../test/app';
import { hashToken } from '../services/accounts/tokens';
import { testClock } from '../test/clock';
import { desktopQr, phoneCall, qrSignIn, scanTokenOf } from '../test/qr';

const LOGIN = '/api/base/login_api/f/login';
const ACCOUNT = '/api/base/account_info_api/account';
const SET_PASSWORD = '/api/base/account_info_api/set_password';
const CHANGE_PASSWORD = '/api/base/account_info_api/change_password';
const BIND_PHONE = '/api/base/account_info_api/bind_phone';
const SESSIONS = '/api/base/account_info_api/sessions';
const REVOKE = '/api/base/account_info_api/revoke_session';
const REVOKE_OTHERS = '/api/base/account_info_api/revoke_other_sessions';

const CHROME_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/138.0.0.0 Safari/537.36';
const WECHAT_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.49(0x18003137) NetType/WIFI Language/zh_CN';

type Account = { userId: string; loginName: string; phone: string | null; hasPassword: boolean; balanceFen: number };
type Session = { id: string; current: boolean; method: string; device: string | null; createdAt: string; lastUsedAt: string };

describe('account security: password, phone, signed-in devices', () => {
  let t: TestApp;
  const clock = testClock();
  beforeAll(async () => {
    t = await createTestApp({}, { now: clock.now });
  });
  afterAll(async () => {
    await t.close();
  });

  const account = async (token: string) => body<Account>(await t.app.inject({ method: 'GET', url: ACCOUNT, headers: { authorization: `Bearer ${token}` } })).result;
  const login = (username: string, password: string, userAgent = CHROME_WINDOWS) =>
    post(t.app, LOGIN, { query: { username, password }, headers: { 'user-agent': userAgent } });
  const tokenOf = async (response: Awaited<ReturnType<typeof login>>) => {
    expect(response.statusCode).toBe(200);
    return body<{ access_token: string }>(response).result.access_token;
  };
  const sessions = async (token: string) => body<{ records: Session[]; total: number }>(await post(t.app, SESSIONS, { token })).result;

  /** A QR sign-up as a new phone makes one: the desktop asks for a code, the phone confirms, the desktop polls. */
  async function qrOnlyAccount(userAgent = CHROME_WINDOWS): Promise<string> {
    const desktop = await desktopQr(t.app);
    expect((await phoneCall(t.app, 'qr_confirm', desktop.session.qrCode)).statusCode).toBe(200);
    const poll = await t.app.inject({
      method: 'POST',
      url: '/api/base/login_api/f/val_login_qr_code',
      query: { query: desktop.session.id },
      headers: { 'user-agent': userAgent },
      remoteAddress: desktop.address,
      cookies: { moyan_device: desktop.deviceCookie },
    });
    return body<string>(poll).result;
  }

  const userRow = async (id: string) =>
    (await t.db.sql<{ password_hash: string | null; phone: string | null }>('select password_hash, phone from users where id = $1', [id]))[0];

  it('a QR-only account sets a password, then signs in with its login name and the password', async () => {
    const token = await qrOnlyAccount();
    const before = await account(token);
    expect(before).toMatchObject({ hasPassword: false, phone: null });
    expect((await login(before.loginName, 'Qr2026!pass')).statusCode).toBe(401);

    const set = await post(t.app, SET_PASSWORD, { token, payload: { password: 'Qr2026!pass' } });
    expect(set.statusCode).toBe(200);
    expect(body<Account>(set).result).toMatchObject({ userId: before.userId, hasPassword: true });

    const fresh = await tokenOf(await login(before.loginName, 'Qr2026!pass'));
    expect((await account(fresh)).userId).toBe(before.userId);
    // Setting it did not sign the phone's own session out.
    expect((await account(token)).userId).toBe(before.userId);
  });

  it('refuses a second set_password (409) and a password of the wrong length or one the sign-up rule refuses (400), changing nothing', async () => {
    const token = await qrOnlyAccount();
    const { userId, loginName } = await account(token);
    const short = await post(t.app, SET_PASSWORD, { token, payload: { password: 'short' } });
    expect(short.statusCode).toBe(400);
    for (const [weak, message] of [
      ['password123', '该密码太常见，容易被猜中，请换一个'],
      [`${loginName}!x`, '密码不能包含用户名'],
    ]) {
      const refused = await post(t.app, SET_PASSWORD, { token, payload: { password: weak } });
      expect(refused.statusCode).toBe(400);
      expect(body(refused).error).toEqual({ code: 'WEAK_PASSWORD', message });
    }
    expect((await userRow(userId)).password_hash).toBeNull();

    await post(t.app, SET_PASSWORD, { token, payload: { password: 'First2026!pw' } });
    const stored = (await userRow(userId)).password_hash;
    const again = await post(t.app, SET_PASSWORD, { token, payload: { password: 'Second2026!pw' } });
    expect(again.statusCode).toBe(409);
    expect(body(again).error).toEqual({ code: 'PASSWORD_ALREADY_SET', message: '该账号已设置密码，如需更换请使用“修改密码”' });
    expect((await userRow(userId)).password_hash).toBe(stored);
    expect((await login((await account(token)).loginName, 'First2026!pw')).statusCode).toBe(200);
  });

  it('binds a phone only with the password: then the phone and the password sign in to the same account', async () => {
    const token = await qrOnlyAccount();
    const { userId, loginName } = await account(token);
    const early = await post(t.app, BIND_PHONE, { token, payload: { phone: '13700137001', password: 'whatever-pw' } });
    expect(early.statusCode).toBe(409);
    expect(body(early).error.code).toBe('PASSWORD_NOT_SET');

    await post(t.app, SET_PASSWORD, { token, payload: { password: 'Phone2026!pw' } });
    const wrong = await post(t.app, BIND_PHONE, { token, payload: { phone: '13700137001', password: 'Wrong2026!pw' } });
    expect(wrong.statusCode).toBe(403);
    expect(body(wrong).error).toEqual({ code: 'WRONG_PASSWORD', message: '登录密码不正确' });
    expect((await userRow(userId)).phone).toBeNull();

    const malformed = await post(t.app, BIND_PHONE, { token, payload: { phone: '23700137001', password: 'Phone2026!pw' } });
    expect(malformed.statusCode).toBe(400);

    const bound = await post(t.app, BIND_PHONE, { token, payload: { phone: '13700137001', password: 'Phone2026!pw' } });
    expect(bound.statusCode).toBe(200);
    expect(body<Account>(bound).result).toMatchObject({ userId, loginName, phone: '13700137001' });
    const byPhone = await tokenOf(await login('13700137001', 'Phone2026!pw'));
    expect((await account(byPhone)).userId).toBe(userId);

    // A new phone replaces the old one, which then signs in to nothing.
    await post(t.app, BIND_PHONE, { token, payload: { phone: '13700137002', password: 'Phone2026!pw' } });
    expect((await login('13700137001', 'Phone2026!pw')).statusCode).toBe(401);
    expect((await account(await tokenOf(await login('13700137002', 'Phone2026!pw')))).userId).toBe(userId);
  });

  it('refuses a phone another account signs in with, as its phone or its username (409 PHONE_TAKEN)', async () => {
    await signUp(t.app, 'phoneowner', 'Owner2026!pw', '13600136000');
    await signUp(t.app, '13600136001', 'Digits2026!pw');
    const { token } = await signUp(t.app, 'phoneseeker', 'Seeker2026!pw');
    for (const phone of ['13600136000', '13600136001']) {
      const taken = await post(t.app, BIND_PHONE, { token, payload: { phone, password: 'Seeker2026!pw' } });
      expect(taken.statusCode).toBe(409);
      expect(body(taken).error).toEqual({ code: 'PHONE_TAKEN', message: '该手机号已被注册' });
    }
    expect((await account(token)).phone).toBeNull();
    // Binding the phone it already has is no conflict with itself.
    await post(t.app, BIND_PHONE, { token, payload: { phone: '13600136002', password: 'Seeker2026!pw' } });
    const same = await post(t.app, BIND_PHONE, { token, payload: { phone: '13600136002', password: 'Seeker2026!pw' } });
    expect(same.statusCode).toBe(200);
  });

  it('changes the password with the old one and signs every other device out', async () => {
    const { token, username } = await signUp(t.app, 'changer', 'Old2026!pass');
    const laptop = await tokenOf(await login(username, 'Old2026!pass'));
    const phone = await tokenOf(await login(username, 'Old2026!pass', WECHAT_IPHONE));

    const wrong = await post(t.app, CHANGE_PASSWORD, { token, payload: { oldPassword: 'Nope2026!pass', newPassword: 'New2026!pass' } });
    expect(wrong.statusCode).toBe(403);
    expect(body(wrong).error).toEqual({ code: 'WRONG_PASSWORD', message: '原密码不正确' });
    expect((await post(t.app, CHANGE_PASSWORD, { token, payload: { oldPassword: 'Old2026!pass', newPassword: 'short' } })).statusCode).toBe(400);
    const common = await post(t.app, CHANGE_PASSWORD, { token, payload: { oldPassword: 'Old2026!pass', newPassword: 'p@ssw0rd2026' } });
    expect(body(common).error).toMatchObject({ code: 'WEAK_PASSWORD' });
    expect((await account(laptop)).loginName).toBe('changer');

    const changed = await post(t.app, CHANGE_PASSWORD, { token, payload: { oldPassword: 'Old2026!pass', newPassword: 'New2026!pass' } });
    expect(changed.statusCode).toBe(200);
    expect(body(changed).result).toEqual({ signedOutSessions: 2 });
    for (const other of [laptop, phone]) expect((await post(t.app, '/api/base/login_api/current', { token: other })).statusCode).toBe(401);
    expect((await account(token)).loginName).toBe('changer');
    expect((await login(username, 'Old2026!pass')).statusCode).toBe(401);
    expect((await login(username, 'New2026!pass')).statusCode).toBe(200);
  });

  it('counts only the sign-ins the change ended: an expired one was signed out already', async () => {
    const { token, username } = await signUp(t.app, 'expirer', 'Old2026!pass');
    const live = await tokenOf(await login(username, 'Old2026!pass'));
    const expired = await tokenOf(await login(username, 'Old2026!pass'));
    await t.db.sql('update access_tokens set expires_at = $1 where token_hash = $2', [new Date(clock.now().getTime() - 1000).toISOString(), hashToken(expired)]);

    const changed = await post(t.app, CHANGE_PASSWORD, { token, payload: { oldPassword: 'Old2026!pass', newPassword: 'New2026!pass' } });
    expect(body(changed).result).toEqual({ signedOutSessions: 1 });
    expect((await post(t.app, '/api/base/login_api/current', { token: live })).statusCode).toBe(401);
  });

  it('answers change_password of a QR-only account with 409 PASSWORD_NOT_SET', async () => {
    const token = await qrOnlyAccount();
    const response = await post(t.app, CHANGE_PASSWORD, { token, payload: { oldPassword: 'anything', newPassword: 'New2026!pass' } });
    expect(response.statusCode).toBe(409);
    expect(body(response).error.code).toBe('PASSWORD_NOT_SET');
  });

  it('backs off wrong old passwords as the login form does (429 LOGIN_THROTTLED)', async () => {
    const { token } = await signUp(t.app, 'guesser', 'Right2026!pw');
    const attempts = [];
    for (let i = 0; i < t.config.LOGIN_FAILURES_BEFORE_DELAY + 1; i++) {
      attempts.push((await post(t.app, CHANGE_PASSWORD, { token, payload: { oldPassword: `Guess${i}2026!`, newPassword: 'New2026!pass' } })).statusCode);
    }
    expect(attempts.at(-1)).toBe(429);
    expect(attempts.slice(0, t.config.LOGIN_FAILURES_BEFORE_DELAY)).toEqual(Array(t.config.LOGIN_FAILURES_BEFORE_DELAY).fill(403));
    // Even the right password waits out the back-off.
    const right = await post(t.app, CHANGE_PASSWORD, { token, payload: { oldPassword: 'Right2026!pw', newPassword: 'New2026!pass' } });
    expect(right.statusCode).toBe(429);
    expect(body(right).error.code).toBe('LOGIN_THROTTLED');
  });

  it('lists the live sign-ins with how they signed in and their browser, the current one marked', async () => {
    const { token, username } = await signUp(t.app, 'lister', 'List2026!pass');
    const qrToken = await qrOnlyAccount(WECHAT_IPHONE);
    clock.advance(60_000);
    const laptop = await tokenOf(await login(username, 'List2026!pass', CHROME_WINDOWS));
    const expiring = await tokenOf(await login(username, 'List2026!pass', 'curl/8.5.0'));
    await post(t.app, '/api/base/login_api/logout', { token: expiring });

    const list = await sessions(laptop);
    expect(list.total).toBe(2);
    expect(list.records.map(({ method, current, device }) => ({ method, current, device }))).toEqual([
      { method: 'password', current: true, device: 'Chrome 138 · Windows' },
      { method: 'register', current: false, device: null },
    ]);
    const qrList = await sessions(qrToken);
    expect(qrList.records).toMatchObject([{ method: 'qr', current: true, device: 'WeChat 8 · iOS' }]);
    // Another account's session is not the caller's to see or end.
    expect((await post(t.app, REVOKE, { token, query: { id: qrList.records[0].id } })).statusCode).toBe(404);
    expect((await account(qrToken)).loginName).toMatch(/^qr_/);
  });

  it('records a token’s last use at most every few minutes and sorts by it', async () => {
    const { token, username } = await signUp(t.app, 'user-lastused', 'Used2026!pass');
    clock.advance(1000);
    const later = await tokenOf(await login(username, 'Used2026!pass'));
    const first = (await sessions(later)).records;
    expect(first.map((s) => s.current)).toEqual([true, false]);
    clock.advance(10 * 60_000);
    await account(token);
    const after = (await sessions(later)).records;
    // The sign-up token was used last, so it comes first now, with the new time.
    expect(after[0]).toMatchObject({ current: false, lastUsedAt: clock.now().toISOString() });
  });

  it('signing the other devices out, or changing the password, spends the phone’s key of an account with a password (a lost phone asks for it again)', async () => {
    const phone = await qrSignIn(t.app);
    expect((await post(t.app, SET_PASSWORD, { token: phone.token, payload: { password: 'Lost2026!phone' } })).statusCode).toBe(200);
    const desk = await tokenOf(await login(phone.loginName, 'Lost2026!phone'));
    const known = async (deviceKey: string) =>
      body<{ knownPhone: boolean }>(await phoneCall(t.app, 'qr_scan', (await desktopQr(t.app)).session.qrCode, { deviceKey })).result.knownPhone;
    expect(await known(phone.deviceKey)).toBe(true);

    expect((await post(t.app, REVOKE_OTHERS, { token: desk })).statusCode).toBe(200);
    expect(await known(phone.deviceKey)).toBe(false);
    const again = await qrSignIn(t.app, { deviceKey: phone.deviceKey });
    expect(again.loginName).not.toBe(phone.loginName);

    const rekeyed = await (async () => {
      const desktop = await desktopQr(t.app);
      const confirmed = await post(t.app, '/api/base/login_api/f/qr_confirm_account', {
        payload: { scanToken: scanTokenOf(desktop.session.qrCode), username: phone.loginName, password: 'Lost2026!phone' },
      });
      expect(confirmed.statusCode).toBe(200);
      return body<{ deviceKey: string }>(confirmed).result.deviceKey;
    })();
    expect(await known(rekeyed)).toBe(true);
    const changed = await post(t.app, CHANGE_PASSWORD, { token: desk, payload: { oldPassword: 'Lost2026!phone', newPassword: 'Found2026!phone' } });
    expect(changed.statusCode).toBe(200);
    expect(await known(rekeyed)).toBe(false);
  });

  it('a QR-only account keeps its phone’s key when it signs the other devices out: the phone is its only way in', async () => {
    const phone = await qrSignIn(t.app);
    const other = await qrSignIn(t.app, { deviceKey: phone.deviceKey });
    expect(other.loginName).toBe(phone.loginName);
    expect((await post(t.app, REVOKE_OTHERS, { token: other.token })).statusCode).toBe(200);
    expect((await post(t.app, '/api/base/login_api/current', { token: phone.token })).statusCode).toBe(401);
    expect((await qrSignIn(t.app, { deviceKey: other.deviceKey })).loginName).toBe(phone.loginName);
  });

  it('signs one device out, then every other one, and leaves the caller signed in', async () => {
    const { token, username } = await signUp(t.app, 'revoker', 'Revoke2026!pw');
    const a = await tokenOf(await login(username, 'Revoke2026!pw'));
    const b = await tokenOf(await login(username, 'Revoke2026!pw'));
    const c = await tokenOf(await login(username, 'Revoke2026!pw'));
    const listed = (await sessions(token)).records;
    const [target] = await t.db.sql<{ id: string }>('select id from access_tokens where token_hash = $1', [hashToken(a)]);
    expect(listed.map((s) => s.id)).toContain(target.id);

    const one = await post(t.app, REVOKE, { token, query: { id: target.id } });
    expect(one.statusCode).toBe(200);
    expect(body(one).result).toEqual({ id: target.id, revoked: true });
    expect((await post(t.app, '/api/base/login_api/current', { token: a })).statusCode).toBe(401);
    expect((await post(t.app, REVOKE, { token, query: { id: target.id } })).statusCode).toBe(404);

    const others = await post(t.app, REVOKE_OTHERS, { token });
    expect(body(others).result).toEqual({ revoked: 2 });
    for (const other of [b, c]) expect((await post(t.app, '/api/base/login_api/current', { token: other })).statusCode).toBe(401);
    expect((await sessions(token)).records).toMatchObject([{ current: true }]);
  });
});

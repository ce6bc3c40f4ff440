import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app';
import { testClock } from '../test/clock';
import { desktopQr, phoneCall } from '../test/qr';
import { expectNoChange } from '../test/snapshot';

const REGISTER = '/api/base/login_api/f/register';
const LOGIN = '/api/base/login_api/f/login';
const HOUR = 3600_000;

const userCount = async (t: TestApp) => (await t.db.sql<{ n: number }>('select count(*)::int as n from users'))[0].n;
const codeOf = (response: LightMyRequestResponse) => (response.json() as { error?: { code: string } }).error?.code ?? 'OK';

let names = 0;
const freshName = () => `member${++names}`;

// SIGNUPS_PER_ADDRESS_PER_HOUR=3 and _PER_DAY=5 here (defaults 5 and 20).
describe('sign-ups per network address', () => {
  let t: TestApp;
  const clock = testClock();
  beforeAll(async () => {
    t = await createTestApp({ SIGNUPS_PER_ADDRESS_PER_HOUR: 3, SIGNUPS_PER_ADDRESS_PER_DAY: 5 }, { now: clock.now });
  });
  afterAll(async () => {
    await t.close();
  });

  const register = (remoteAddress: string, username = freshName()) =>
    t.app.inject({ method: 'POST', url: REGISTER, payload: { username, password: 'Moyan2026!' }, remoteAddress });

  it('refuses the fourth sign-up in an hour from one address, with the wait, and stores nothing', async () => {
    for (let i = 0; i < 3; i++) expect((await register('203.0.113.10')).statusCode).toBe(200);
    clock.advance(10 * 60_000);
    const refused = await expectNoChange(t.db, () => register('203.0.113.10'));
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      success: false,
      error: { code: 'SIGNUP_LIMITED', message: '当前网络新注册的账号过多，请 50 分钟后再试，或登录已有账号', details: { retryAfterSeconds: 3000 } },
    });
    expect(refused.headers['retry-after']).toBe('3000');
    expect((await register('203.0.113.11')).statusCode).toBe(200);
  });

  it('lets the address sign up again an hour later, up to five a day', async () => {
    clock.advance(HOUR);
    expect((await register('203.0.113.10')).statusCode).toBe(200);
    expect((await register('203.0.113.10')).statusCode).toBe(200);
    const refused = await register('203.0.113.10');
    expect(codeOf(refused)).toBe('SIGNUP_LIMITED');
    expect(refused.json().error.message).toMatch(/^当前网络新注册的账号过多，请 \d+ 小时后再试/);
  });

  it('counts an IPv6 address by its /64', async () => {
    const statuses = [];
    for (let i = 1; i <= 4; i++) statuses.push((await register(`2001:db8:aa:bb::${i.toString(16)}`)).statusCode);
    expect(statuses).toEqual([200, 200, 200, 429]);
    expect((await register('2001:db8:aa:cc::1')).statusCode).toBe(200);
  });

  it('counts QR sign-ups too: of 20 concurrent ones from one address, 3 create accounts', async () => {
    const address = '198.51.100.40';
    const desktops = await Promise.all(Array.from({ length: 20 }, () => desktopQr(t.app, { address })));
    const before = await userCount(t);
    const answers = await Promise.all(desktops.map((d) => phoneCall(t.app, 'qr_confirm', d.session.qrCode, { address })));
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(3);
    expect(new Set(answers.filter((a) => a.statusCode !== 200).map(codeOf))).toEqual(new Set(['SIGNUP_LIMITED']));
    expect(await userCount(t)).toBe(before + 3);
    // The register call from the same address is over the limit as well.
    expect(codeOf(await register(address))).toBe('SIGNUP_LIMITED');
  });

  it('counts the phone’s address of a QR sign-up as well as the desktop’s', async () => {
    const phone = '198.51.100.77';
    for (let i = 0; i < 3; i++) expect((await register(phone)).statusCode).toBe(200);
    const desktop = await desktopQr(t.app, { address: '192.0.2.77' });
    expect(codeOf(await phoneCall(t.app, 'qr_confirm', desktop.session.qrCode, { address: phone }))).toBe('SIGNUP_LIMITED');
  });

  it('still signs an existing phone in when its address is over the limit', async () => {
    const address = '198.51.100.90';
    const first = await desktopQr(t.app, { address });
    const confirmed = await phoneCall(t.app, 'qr_confirm', first.session.qrCode, { address });
    const deviceKey = confirmed.json().result.deviceKey as string;
    for (let i = 0; i < 2; i++) await register(address);
    expect(codeOf(await register(address))).toBe('SIGNUP_LIMITED');
    const again = await desktopQr(t.app, { address });
    expect((await phoneCall(t.app, 'qr_confirm', again.session.qrCode, { address, deviceKey })).statusCode).toBe(200);
  });
});

// A 409 says a name exists: those answers back off per address, as failed logins do (from the fifth on,
// each makes the next attempt wait 30 s, doubling), whatever names are tried.
describe('the register call’s 409 behind the login back-off', () => {
  let t: TestApp;
  const clock = testClock();
  beforeAll(async () => {
    t = await createTestApp({}, { now: clock.now });
    for (const username of ['taken1', 'taken2', 'taken3', 'taken4', 'taken5', 'taken6', 'taken7', 'taken8']) {
      await t.app.inject({ method: 'POST', url: REGISTER, payload: { username, password: 'Moyan2026!' }, remoteAddress: '192.0.2.200' });
    }
  });
  afterAll(async () => {
    await t.close();
  });

  const probe = (username: string, remoteAddress = '203.0.113.66') =>
    t.app.inject({ method: 'POST', url: REGISTER, payload: { username, password: 'Guess2026!' }, remoteAddress });

  it('answers 409 for five taken names, then makes the address wait before answering again', async () => {
    const codes = [];
    for (const name of ['taken1', 'taken2', 'taken3', 'taken4', 'taken5']) codes.push(codeOf(await probe(name)));
    expect(codes).toEqual(['USERNAME_TAKEN', 'USERNAME_TAKEN', 'USERNAME_TAKEN', 'USERNAME_TAKEN', 'USERNAME_TAKEN']);
    const blocked = await probe('taken6');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({
      success: false,
      error: { code: 'REGISTER_THROTTLED', message: '注册时用户名或手机号已被占用的次数过多，请 30 秒后再试', details: { retryAfterSeconds: 30 } },
    });
    // A free name is not told apart from a taken one during the wait.
    expect(codeOf(await probe('nobody-has-this'))).toBe('REGISTER_THROTTLED');
    // Another address is not affected; and logins from the probing address are not either.
    expect(codeOf(await probe('taken7', '198.51.100.5'))).toBe('USERNAME_TAKEN');
    const login = await t.app.inject({ method: 'POST', url: LOGIN, query: { username: 'taken1', password: 'Moyan2026!' }, remoteAddress: '203.0.113.66' });
    expect(login.statusCode).toBe(200);
  });

  it('doubles the wait with each further 409', async () => {
    clock.advance(31_000);
    expect(codeOf(await probe('taken8'))).toBe('USERNAME_TAKEN');
    const blocked = await probe('taken1');
    expect(blocked.json().error.details).toEqual({ retryAfterSeconds: 60 });
  });
});

describe('common and trivial passwords', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it.each([
    ['12345678', '密码过于简单（重复、连续的字符或日期），请换一个'],
    ['password123', '该密码太常见，容易被猜中，请换一个'],
    ['woaini1314', '该密码太常见，容易被猜中，请换一个'],
    ['Wangwu#2026', '密码不能包含用户名'],
  ])('refuses %s with 400 WEAK_PASSWORD and stores nothing', async (password, message) => {
    const response = await expectNoChange(t.db, () => t.app.inject({ method: 'POST', url: REGISTER, payload: { username: 'wangwu', password } }));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ success: false, error: { code: 'WEAK_PASSWORD', message } });
  });
});

describe('per-address rate limits of the sign-in calls', () => {
  it('count an IPv6 client by its /64, so rotating addresses inside it does not help', async () => {
    const t = await createTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: 3 });
    try {
      const statuses = [];
      for (let i = 1; i <= 4; i++) {
        const response = await t.app.inject({
          method: 'POST',
          url: LOGIN,
          query: { username: 'nobody', password: 'x' },
          remoteAddress: `2001:db8:5:6::${i.toString(16)}`,
        });
        statuses.push(response.statusCode);
      }
      expect(statuses).toEqual([401, 401, 401, 429]);
    } finally {
      await t.close();
    }
  });
});

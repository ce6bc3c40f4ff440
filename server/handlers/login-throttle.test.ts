import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestApp } from '../test/app';
import { testClock } from '../test/clock';

const LOGIN = '/api/base/login_api/f/login';
const ATTACKER = '203.0.113.7';
const OWNER = '198.51.100.23';

// Failed logins back off per (name, address): the first 5 from one address cost nothing, then each one
// makes the next attempt wait 30 s, doubling up to 15 minutes. Unknown names get the very same answers.
describe('password login back-off', () => {
  let t: TestApp;
  const clock = testClock();
  beforeAll(async () => {
    t = await createTestApp({}, { now: clock.now });
    await signUp(t.app, 'owner', 'Moyan2026!');
  });
  afterAll(async () => {
    await t.close();
  });

  const login = (username: string, password: string, remoteAddress: string) =>
    t.app.inject({ method: 'POST', url: LOGIN, query: { username, password }, remoteAddress });
  const answer = (response: LightMyRequestResponse) => ({
    status: response.statusCode,
    body: response.json() as unknown,
    retryAfter: response.headers['retry-after'],
  });
  const throttled = (seconds: number, wait: string) => ({
    status: 429,
    body: {
      success: false,
      error: { code: 'LOGIN_THROTTLED', message: `登录失败次数过多，请 ${wait}后再试`, details: { retryAfterSeconds: seconds } },
    },
    retryAfter: String(seconds),
  });
  const wrong = {
    status: 401,
    body: { success: false, error: { code: 'BAD_CREDENTIALS', message: '用户名或密码错误' } },
    retryAfter: undefined,
  };

  it('answers a known and an unknown name identically through the failures and the back-off', async () => {
    for (const name of ['owner', 'nobody-at-all']) {
      for (let i = 1; i <= 5; i++) expect(answer(await login(name, `guess-${i}`, ATTACKER))).toEqual(wrong);
      expect(answer(await login(name, 'guess-6', ATTACKER))).toEqual(throttled(30, '30 秒'));
    }
    // Refused while waiting, even with the right password: the attempt is not even checked.
    expect(answer(await login('owner', 'Moyan2026!', ATTACKER))).toEqual(throttled(30, '30 秒'));
  });

  it('lets the owner in from another address while the attacker waits', async () => {
    expect((await login('owner', 'Moyan2026!', OWNER)).statusCode).toBe(200);
    expect(answer(await login('owner', 'guess', ATTACKER)).status).toBe(429);
  });

  it('doubles the wait after each further failure, up to 15 minutes', async () => {
    const waits: number[] = [];
    for (let i = 0; i < 7; i++) {
      clock.advance(16 * 60_000);
      expect(answer(await login('nobody-at-all', 'guess', ATTACKER))).toEqual(wrong);
      waits.push(Number((await login('nobody-at-all', 'guess', ATTACKER)).headers['retry-after']));
    }
    expect(waits).toEqual([60, 120, 240, 480, 900, 900, 900]);
    expect(answer(await login('nobody-at-all', 'guess', ATTACKER))).toEqual(throttled(900, '15 分钟'));
  });

  it('clears the failures of a name at that address after a successful login', async () => {
    clock.advance(16 * 60_000);
    expect((await login('owner', 'Moyan2026!', ATTACKER)).statusCode).toBe(200);
    for (let i = 1; i <= 5; i++) expect(answer(await login('owner', 'typo', ATTACKER))).toEqual(wrong);
  });

  it('forgets failures after a quiet day, and keeps no rows older than that', async () => {
    clock.advance(24 * 3600_000 + 1000);
    for (let i = 1; i <= 5; i++) expect(answer(await login('owner', 'typo', OWNER))).toEqual(wrong);
    expect((await login('owner', 'Moyan2026!', OWNER)).statusCode).toBe(429);
    const stale = await t.db.sql<{ n: number }>('select count(*)::int as n from login_throttles where last_failure_at < $1', [
      new Date(clock.now().getTime() - 24 * 3600_000).toISOString(),
    ]);
    expect(stale[0].n).toBe(0);
  });

  it('stores the name and address only as hashes', async () => {
    const rows = await t.db.sql<{ name_hash: string; address_hash: string }>('select name_hash, address_hash from login_throttles');
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(row.name_hash).toMatch(/^[0-9a-f]{64}$/);
      expect(row.address_hash).toMatch(/^[0-9a-f]{64}$/);
    }
  });
});

import pino from 'pino';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { logOptions } from '../http/logging';
import { openTestDatabase } from '../test/database';
import { bearer, body, createTestApp, post, signUp, type TestApp, testConfig, testRuntime } from '../test/app';
import { testClock } from '../test/clock';
import { expectNoChange } from '../test/snapshot';

const REGISTER = '/api/base/login_api/f/register';
const LOGIN = '/api/base/login_api/f/login';
const CURRENT = '/api/base/login_api/current';
const ACCOUNT = '/api/base/account_info_api/account';
const LOGOUT = '/api/base/login_api/logout';

describe('accounts: registration, password login, current user, account, logout', () => {
  let t: TestApp;
  const clock = testClock();
  beforeAll(async () => {
    t = await createTestApp({}, { now: clock.now });
  });
  afterAll(async () => {
    await t.close();
  });

  const login = (username: string, password: string) => post(t.app, LOGIN, { query: { username, password } });

  it('registers, signs in with the password or the phone, and reports the current user as admin', async () => {
    const reg = await post(t.app, REGISTER, {
      payload: { username: 'zhangsan', password: 'Moyan2026!', phone: '13800138000' },
    });
    expect(reg.statusCode).toBe(200);
    const issued = body<{ access_token: string; token_type: string; expires_in: number }>(reg).result;
    expect(issued.access_token).toMatch(/^mya_[A-Za-z0-9_-]{43}$/);
    expect(issued).toMatchObject({ token_type: 'Bearer', expires_in: t.config.TOKEN_TTL_SECONDS });

    for (const name of ['zhangsan', '13800138000', '  zhangsan ']) {
      const response = await login(name, 'Moyan2026!');
      expect(response.statusCode).toBe(200);
      const token = body<{ access_token: string }>(response).result.access_token;
      const current = await post(t.app, CURRENT, { token });
      expect(current.statusCode).toBe(200);
      expect(body(current).result).toMatchObject({ loginName: 'zhangsan', roles: ['admin'] });
      expect(body<{ avatar: string }>(current).result.avatar).toBeTruthy();
    }
  });

  it('stores only a hash of the token and an argon2id hash of the password', async () => {
    const { token, username } = await signUp(t.app);
    const [user] = await t.db.sql<{ password_hash: string; id: string }>(
      'select id, password_hash from users where username = $1',
      [username],
    );
    expect(user.password_hash).toMatch(/^\$argon2id\$/);
    const tokens = await t.db.sql<{ token_hash: string }>('select token_hash from access_tokens where user_id = $1', [
      user.id,
    ]);
    expect(tokens).toHaveLength(1);
    expect(tokens[0].token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(tokens[0].token_hash).not.toContain(token);
  });

  it('answers the account: balance, free check, phone, totals', async () => {
    const { token, username } = await signUp(t.app, 'lisi', 'Moyan2026!', '13900139000');
    const response = await t.app.inject({ method: 'GET', url: ACCOUNT, headers: bearer(token) });
    expect(response.statusCode).toBe(200);
    const account = body<Record<string, unknown>>(response).result;
    expect(account).toMatchObject({
      loginName: username,
      phone: '13900139000',
      balanceFen: 0,
      freeCheckAvailable: false,
      totalRechargeFen: 0,
      totalSpentFen: 0,
    });
    expect(new Date(String(account.createdAt)).getTime()).not.toBeNaN();
  });

  it.each([
    [{ password: 'Moyan2026!' }, '请求参数不正确：username 不能为空'],
    [{ username: 'wangwu' }, '请求参数不正确：password 不能为空'],
    [{ username: 'ab', password: 'Moyan2026!' }, '请求参数不正确：username 长度不能少于 3'],
    [{ username: 'x'.repeat(33), password: 'Moyan2026!' }, '请求参数不正确：username 长度不能超过 32'],
    [{ username: '王五六', password: 'Moyan2026!' }, '请求参数不正确：username 格式不正确'],
    [{ username: 123456, password: 'Moyan2026!' }, '请求参数不正确：username 应为字符串'],
    [{ username: 'wangwu', password: 'short' }, '请求参数不正确：password 长度不能少于 8'],
    [{ username: 'wangwu', password: 'p'.repeat(73) }, '请求参数不正确：password 长度不能超过 72'],
    [{ username: 'wangwu', password: 'Moyan2026!', phone: '12345' }, '请求参数不正确：phone 格式不正确'],
    [[], '请求参数不正确：请求体 应为对象'],
  ])('rejects registration %j with a Chinese message and stores nothing', async (payload, message) => {
    const response = await expectNoChange(t.db, () => post(t.app, REGISTER, { payload }));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ success: false, error: { code: 'VALIDATION_FAILED', message } });
  });

  it('rejects a missing, malformed, oversized or non-JSON registration body', async () => {
    await expectNoChange(t.db, async () => {
      const missing = await post(t.app, REGISTER);
      expect(missing.statusCode).toBe(400);
      expect(body(missing).error.message).toBe('请求参数不正确：请求体不能为空');

      const malformed = await post(t.app, REGISTER, {
        payload: '{"username": "wangwu",',
        headers: { 'content-type': 'application/json' },
      });
      expect(malformed.statusCode).toBe(400);
      expect(body(malformed).error).toEqual({ code: 'INVALID_JSON', message: '请求体不是合法的 JSON' });

      const huge = await post(t.app, REGISTER, {
        payload: JSON.stringify({ username: 'wangwu', password: 'Moyan2026!', filler: 'x'.repeat(5 * 1024 * 1024) }),
        headers: { 'content-type': 'application/json' },
      });
      expect(huge.statusCode).toBe(413);
      expect(body(huge).error.code).toBe('PAYLOAD_TOO_LARGE');
      expect(body(huge).error.message).toMatch(/请求内容过大/);

      const text = await post(t.app, REGISTER, { payload: 'username=wangwu', headers: { 'content-type': 'text/plain' } });
      expect(text.statusCode).toBe(415);
      expect(body(text).error).toEqual({ code: 'UNSUPPORTED_MEDIA_TYPE', message: '请求内容类型应为 application/json' });
    });
  });

  it('refuses a taken username or phone, including a username that is another account’s phone', async () => {
    await signUp(t.app, 'zhaoliu', 'Moyan2026!', '13700137000');
    const cases: Array<[Record<string, string>, string, string]> = [
      [{ username: 'zhaoliu', password: 'Moyan2026!' }, 'USERNAME_TAKEN', '该用户名已被注册'],
      [{ username: '13700137000', password: 'Moyan2026!' }, 'USERNAME_TAKEN', '该用户名已被注册'],
      [{ username: 'someone', password: 'Moyan2026!', phone: '13700137000' }, 'PHONE_TAKEN', '该手机号已被注册'],
    ];
    // Nothing is stored but the address's count of taken-name answers (signup-limits.test.ts).
    const accounts = () => t.db.sql('select u.id, u.username, u.phone, count(a.token_hash)::int as tokens from users u left join access_tokens a on a.user_id = u.id group by u.id order by u.id');
    for (const [payload, code, message] of cases) {
      const before = await accounts();
      const response = await post(t.app, REGISTER, { payload });
      expect(response.statusCode).toBe(409);
      expect(body(response).error).toEqual({ code, message });
      expect(await accounts()).toEqual(before);
    }
  });

  it('answers a wrong password and an unknown user identically', async () => {
    await signUp(t.app, 'sunqi');
    const wrong = await login('sunqi', 'Wrong-password');
    const unknown = await login('nobody-here', 'Moyan2026!');
    for (const response of [wrong, unknown]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ success: false, error: { code: 'BAD_CREDENTIALS', message: '用户名或密码错误' } });
    }
  });

  it.each([
    [{ password: 'x' }, '请求参数不正确：username 不能为空'],
    [{ username: 'zhangsan' }, '请求参数不正确：password 不能为空'],
    [{ username: '', password: 'x' }, '请求参数不正确：username 不能为空'],
    [{ username: 'u'.repeat(65), password: 'x' }, '请求参数不正确：username 长度不能超过 64'],
  ])('rejects login params %j', async (query, message) => {
    const response = await expectNoChange(t.db, () => post(t.app, LOGIN, { query }));
    expect(response.statusCode).toBe(400);
    expect(body(response).error).toEqual({ code: 'VALIDATION_FAILED', message });
  });

  it('takes the same fields in a JSON body (the UI’s call), the body over the query string when both are sent', async () => {
    const { username, password } = await signUp(t.app);
    const inBody = await post(t.app, LOGIN, { payload: { username: ` ${username} `, password } });
    expect(inBody.statusCode, inBody.body).toBe(200);
    const token = body<{ access_token: string }>(inBody).result.access_token;
    expect(body(await post(t.app, CURRENT, { token })).result).toMatchObject({ loginName: username });

    const wrong = await post(t.app, LOGIN, { payload: { username, password: 'Wrong-password' } });
    expect(wrong.statusCode).toBe(401);
    expect(body(wrong).error).toEqual({ code: 'BAD_CREDENTIALS', message: '用户名或密码错误' });
    const both = await post(t.app, LOGIN, { query: { username, password: 'Wrong-password' }, payload: { username, password } });
    expect(both.statusCode).toBe(200);
  });

  it.each([
    [{ password: 'x' }, '请求参数不正确：username 不能为空'],
    [{ username: 'zhangsan' }, '请求参数不正确：password 不能为空'],
    [{ username: 'zhangsan', password: '' }, '请求参数不正确：password 不能为空'],
    [{ username: 'u'.repeat(65), password: 'x' }, '请求参数不正确：username 长度不能超过 64'],
    [undefined, '请求参数不正确：username 不能为空'],
  ])('rejects login body %j', async (payload, message) => {
    const response = await expectNoChange(t.db, () => post(t.app, LOGIN, { payload }));
    expect(response.statusCode).toBe(400);
    expect(body(response).error).toEqual({ code: 'VALIDATION_FAILED', message });
  });

  it('rejects calls without a token, with a malformed or unknown one, and with an expired one', async () => {
    const { token } = await signUp(t.app);
    const cases = [
      await post(t.app, CURRENT),
      await post(t.app, CURRENT, { headers: { authorization: token } }),
      await post(t.app, CURRENT, { token: 'mya_not-a-real-token-0000000000000000000' }),
      await t.app.inject({ method: 'GET', url: ACCOUNT }),
    ];
    for (const response of cases) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({
        success: false,
        error: { code: 'UNAUTHORIZED', message: '未登录或登录已过期，请重新登录' },
      });
    }
    clock.advance(t.config.TOKEN_TTL_SECONDS * 1000 + 1000);
    expect((await post(t.app, CURRENT, { token })).statusCode).toBe(401);
  });

  it('logout revokes exactly the token it was called with', async () => {
    const { token, username, password } = await signUp(t.app);
    const other = body<{ access_token: string }>(await login(username, password)).result.access_token;
    const out = await post(t.app, LOGOUT, { token });
    expect(out.statusCode).toBe(200);
    expect(body(out).result).toEqual({ loggedOut: true });
    expect((await post(t.app, CURRENT, { token })).statusCode).toBe(401);
    expect((await post(t.app, LOGOUT, { token })).statusCode).toBe(401);
    expect((await post(t.app, CURRENT, { token: other })).statusCode).toBe(200);
  });

  it('a QR sign-up has no password: no password signs it in', async () => {
    await t.db.sql("insert into users (id, username, qr_signup) values ('qr-only', 'qr_only', true)");
    const response = await login('qr_only', 'anything-at-all');
    expect(response.statusCode).toBe(401);
    expect(body(response).error.code).toBe('BAD_CREDENTIALS');
  });
});

describe('rate limits and logs of the sign-in calls', () => {
  it('limits sign-in calls per address with the error envelope', async () => {
    const t = await createTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: 3 });
    try {
      const statuses: number[] = [];
      let last;
      for (let i = 0; i < 4; i++) {
        last = await post(t.app, LOGIN, { query: { username: 'nobody', password: 'x' } });
        statuses.push(last.statusCode);
      }
      expect(statuses).toEqual([401, 401, 401, 429]);
      expect(last?.json()).toEqual({ success: false, error: { code: 'RATE_LIMITED', message: '操作过于频繁，请稍后再试' } });
      expect(Number(last?.headers['retry-after'])).toBeGreaterThan(0);
      const other = await post(t.app, '/api/base/login_api/f/login_qr_code');
      expect(other.statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });

  it('never writes the password (in the query string or the body), the query string or the token to the log', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const config = testConfig({ LOG_LEVEL: 'trace' });
    const db = await openTestDatabase();
    const app = await buildApp({ runtime: testRuntime(db, { config, log: pino(logOptions(config), stream) }) });
    try {
      await post(app, REGISTER, { payload: { username: 'logged', password: 'Secret-Pass-123' } });
      const ok = await post(app, LOGIN, { query: { username: 'logged', password: 'Secret-Pass-123' } });
      const token = body<{ access_token: string }>(ok).result.access_token;
      await post(app, LOGIN, { query: { username: 'logged', password: 'Wrong-Pass-456' } });
      await post(app, LOGIN, { payload: { username: 'logged', password: 'Body-Pass-789' } });
      await post(app, CURRENT, { token });
      const log = lines.join('');
      expect(log).toContain('/api/base/login_api/f/login');
      expect(log).not.toContain('Secret-Pass-123');
      expect(log).not.toContain('Wrong-Pass-456');
      expect(log).not.toContain('Body-Pass-789');
      expect(log).not.toContain('password=');
      expect(log).not.toContain(token);
    } finally {
      await app.close();
      await db.close();
    }
  });
});

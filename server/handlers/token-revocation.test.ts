import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resetPassword } from '../services/accounts/operator';
import { findUserById } from '../services/accounts/users';
import { body, createTestApp, post, signUp, type TestApp } from '../test/app';
import { depsFor } from '../test/fixtures';

const CURRENT = '/api/base/login_api/current';
const LOGOUT = '/api/base/login_api/logout';

// Signed-in calls are answered from a per-process token cache (AUTH_CACHE_TTL_MS, 1 s at most): a
// revocation made in this process takes effect on the next call, one made elsewhere (another API process
// on the same database, the CLI) within the cache's lifetime.
describe('token revocation with the token cache', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const current = (token: string) => post(t.app, CURRENT, { token });
  const userIdOf = async (token: string) => body<{ id: string }>(await current(token)).result.id;

  it('caches by default for at most one second', () => {
    expect(t.config.AUTH_CACHE_TTL_MS).toBe(1000);
  });

  it('refuses a token on the call right after its logout', async () => {
    const { token } = await signUp(t.app);
    expect((await current(token)).statusCode).toBe(200);
    expect((await post(t.app, LOGOUT, { token })).statusCode).toBe(200);
    const after = await current(token);
    expect(after.statusCode).toBe(401);
    expect(body(after).error.code).toBe('UNAUTHORIZED');
  });

  it('refuses every token of an account on the call right after a password reset, and no other account', async () => {
    const first = await signUp(t.app);
    const second = await post(t.app, '/api/base/login_api/f/login', { query: { username: first.username, password: first.password } });
    const secondToken = body<{ access_token: string }>(second).result.access_token;
    const other = await signUp(t.app);
    for (const token of [first.token, secondToken, other.token]) expect((await current(token)).statusCode).toBe(200);

    const user = await findUserById(depsFor(t.db), await userIdOf(first.token));
    await resetPassword(depsFor(t.db), user);
    expect((await current(first.token)).statusCode).toBe(401);
    expect((await current(secondToken)).statusCode).toBe(401);
    expect((await current(other.token)).statusCode).toBe(200);
  });

  it('refuses a token revoked by another process (straight in the database) within one second', async () => {
    const { token } = await signUp(t.app);
    expect((await current(token)).statusCode).toBe(200);
    const id = await userIdOf(token);
    await t.db.sql('update access_tokens set revoked_at = now() where user_id = $1', [id]);
    const revokedAt = performance.now();
    let status = 200;
    while (status === 200 && performance.now() - revokedAt < 3000) {
      status = (await current(token)).statusCode;
      if (status === 200) await new Promise((resolve) => setTimeout(resolve, 25));
    }
    expect(status).toBe(401);
    // One second of cache, plus the time of the call that saw it.
    expect(performance.now() - revokedAt).toBeLessThan(1250);
  });

  it('answers each token with its own account while many are signed in at once', async () => {
    const accounts = await Promise.all(Array.from({ length: 8 }, () => signUp(t.app)));
    const answers = await Promise.all(
      Array.from({ length: 5 }).flatMap(() => accounts.map(async (a) => ({ a, r: await current(a.token) }))),
    );
    for (const { a, r } of answers) {
      expect(r.statusCode).toBe(200);
      expect(body<{ loginName: string }>(r).result.loginName).toBe(a.username);
    }
  });

  it('asks the database on every call when AUTH_CACHE_TTL_MS is 0', async () => {
    const off = await createTestApp({ AUTH_CACHE_TTL_MS: 0 }, { db: t.db });
    try {
      const { token } = await signUp(off.app);
      expect((await post(off.app, CURRENT, { token })).statusCode).toBe(200);
      const id = body<{ id: string }>(await post(off.app, CURRENT, { token })).result.id;
      await t.db.sql('update access_tokens set revoked_at = now() where user_id = $1', [id]);
      expect((await post(off.app, CURRENT, { token })).statusCode).toBe(401);
    } finally {
      await off.close();
    }
  });
});

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { users } from '../../db/schema/users';
import { depsFor, grant, makeUser } from '../../test/fixtures';
import { openTestDatabase } from '../../test/database';
import { passwordLogin } from './login';
import { recordLoginFailure, throttleKey } from './login-throttle';
import { listUsers, resetPassword } from './operator';
import { resolveToken } from './tokens';
import { createUser, findUserById } from './users';

describe('operator account commands', () => {
  let db: Database;
  beforeAll(async () => {
    db = await openTestDatabase();
  });
  afterAll(async () => {
    await db.close();
  });
  const deps = () => depsFor(db);

  it('lists accounts with phone, creation time, balance and free-check state, up to the limit', async () => {
    const password = await createUser(deps(), { username: 'listed-pw', password: 'Moyan2026!', phone: '13900000001' });
    const fresh = await makeUser(db, { qrSignup: true });
    const used = await makeUser(db, { qrSignup: true });
    const withheld = await makeUser(db, { qrSignup: true });
    await db.orm.update(users).set({ freeCheckUsedAt: new Date() }).where(eq(users.id, used));
    await db.orm.update(users).set({ freeCheckWithheld: 'address' }).where(eq(users.id, withheld));
    await grant(db, password.id, 1250);

    const { total, users: rows } = await listUsers(deps(), 100);
    expect(total).toBe(4);
    const byId = new Map(rows.map((r) => [r.id, r]));
    expect(byId.get(password.id)).toMatchObject({ username: 'listed-pw', phone: '13900000001', balanceFen: 1250, freeCheck: 'none' });
    expect(byId.get(password.id)?.createdAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    expect([fresh, used, withheld].map((id) => byId.get(id)?.freeCheck)).toEqual(['available', 'used', 'address']);
    expect((await listUsers(deps(), 2)).users).toHaveLength(2);
  });

  it('resets a password: the new one works, the old one and every old token do not, the back-off is cleared', async () => {
    const user = await createUser(deps(), { username: 'forgetful', password: 'Moyan2026!' });
    const token = (await passwordLogin(deps(), 'forgetful', 'Moyan2026!', 'addr')).access_token;
    for (let i = 0; i < 5; i++) await recordLoginFailure(deps(), throttleKey('forgetful', 'other-addr'));

    const generated = await resetPassword(deps(), await findUserById(deps(), user.id));
    expect(generated).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(await resolveToken(deps(), token)).toBeNull();
    await expect(passwordLogin(deps(), 'forgetful', 'Moyan2026!', 'addr')).rejects.toMatchObject({ statusCode: 401 });
    expect((await passwordLogin(deps(), 'forgetful', generated, 'other-addr')).access_token).toMatch(/^mya_/);

    expect(await resetPassword(deps(), await findUserById(deps(), user.id), 'Chosen2026!')).toBe('Chosen2026!');
    await expect(resetPassword(deps(), await findUserById(deps(), user.id), 'short')).rejects.toMatchObject({ statusCode: 400 });
    expect((await passwordLogin(deps(), 'forgetful', 'Chosen2026!', 'addr')).access_token).toMatch(/^mya_/);
  });
});

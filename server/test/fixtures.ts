import type { Deps } from '../context';
import type { Executor } from '../db/client';
import { ledgerEntries } from '../db/schema/ledger';
import { users } from '../db/schema/users';
import { poolCompute } from '../workers/compute';
import { testConfig } from './app';

/** A service's dependencies in a test, the engines in the worker pool as in the server. */
export function depsFor(db: Executor, now: () => Date = () => new Date()): Deps {
  const config = testConfig();
  return { db, config, now, compute: poolCompute(config) };
}

/** A user created directly in the database (no password), optionally a QR sign-up with its free check. */
export async function makeUser(db: Executor, options: { qrSignup?: boolean } = {}): Promise<string> {
  const [user] = await db.orm
    .insert(users)
    .values({ username: `u_${Math.random().toString(36).slice(2, 12)}`, qrSignup: options.qrSignup ?? false })
    .returning({ id: users.id });
  return user.id;
}

/** Operator credit (ledger kind grant). */
export async function grant(db: Executor, userId: string, amountFen: number): Promise<void> {
  await db.orm.insert(ledgerEntries).values({ userId, kind: 'grant', amountFen, note: '测试赠送' });
}

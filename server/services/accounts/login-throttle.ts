import { createHash } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import type { Deps } from '../../context';
import { loginThrottles } from '../../db/schema/login-throttles';
import { tooManyRequests } from '../../errors';

// Failures are forgotten after a day without one.
const MEMORY_MS = 24 * 3600_000;

/** One login name (as typed) from one network address bucket, both hashed. */
export interface ThrottleKey {
  nameHash: string;
  addressHash: string;
}

export const loginNameHash = (name: string) => createHash('sha256').update(`login:${name}`).digest('hex');

export function throttleKey(name: string, addressHash: string): ThrottleKey {
  return { nameHash: loginNameHash(name), addressHash };
}

const matches = (key: ThrottleKey) =>
  and(eq(loginThrottles.nameHash, key.nameHash), eq(loginThrottles.addressHash, key.addressHash));

/** Throws 429 while this name is in its back-off from this address. */
export async function assertNotThrottled(deps: Deps, key: ThrottleKey): Promise<void> {
  const [row] = await deps.db.orm
    .select({ blockedUntil: loginThrottles.blockedUntil })
    .from(loginThrottles)
    .where(matches(key));
  const now = deps.now();
  if (row?.blockedUntil && row.blockedUntil > now) throw throttled(row.blockedUntil, now);
}

/**
 * Counts a failed attempt. The first LOGIN_FAILURES_BEFORE_DELAY cost nothing; from then on each one
 * makes the next attempt wait LOGIN_DELAY_SECONDS, doubling per failure up to LOGIN_MAX_DELAY_MINUTES.
 */
export async function recordLoginFailure(deps: Deps, key: ThrottleKey): Promise<void> {
  const now = deps.now();
  const forgetBefore = new Date(now.getTime() - MEMORY_MS).toISOString();
  const [row] = await deps.db.sql<{ failures: number }>(
    `insert into login_throttles (name_hash, address_hash, failures, last_failure_at) values ($1, $2, 1, $3)
     on conflict (name_hash, address_hash) do update set
       failures = case when login_throttles.last_failure_at < $4 then 1 else login_throttles.failures + 1 end,
       blocked_until = case when login_throttles.last_failure_at < $4 then null else login_throttles.blocked_until end,
       last_failure_at = $3
     returning failures`,
    [key.nameHash, key.addressHash, now.toISOString(), forgetBefore],
  );
  const { LOGIN_FAILURES_BEFORE_DELAY: free, LOGIN_DELAY_SECONDS: delay, LOGIN_MAX_DELAY_MINUTES: max } = deps.config;
  if (row.failures >= free) {
    const waitMs = Math.min(max * 60_000, delay * 1000 * 2 ** Math.min(row.failures - free, 20));
    await deps.db.orm
      .update(loginThrottles)
      .set({ blockedUntil: new Date(now.getTime() + waitMs) })
      .where(matches(key));
  }
  await deps.db.sql('delete from login_throttles where last_failure_at < $1', [forgetBefore]);
}

/** A successful login from this address clears its failures for that name. */
export async function clearLoginFailures(deps: Deps, key: ThrottleKey): Promise<void> {
  await deps.db.orm.delete(loginThrottles).where(matches(key));
}

/** After an operator reset the password: every address may try the account's names afresh. */
export async function clearThrottlesForNames(deps: Deps, names: string[]): Promise<void> {
  if (names.length > 0) await deps.db.orm.delete(loginThrottles).where(inArray(loginThrottles.nameHash, names.map(loginNameHash)));
}

function throttled(until: Date, now: Date) {
  const seconds = Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000));
  const wait = seconds < 60 ? `${seconds} 秒` : `${Math.ceil(seconds / 60)} 分钟`;
  return tooManyRequests('LOGIN_THROTTLED', `登录失败次数过多，请 ${wait}后再试`, seconds);
}

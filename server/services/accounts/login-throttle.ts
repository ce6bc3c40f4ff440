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

// The register call's "name taken" answers from one address, whatever the name: a key no login name can
// have (U+0000 never reaches a handler).
const REGISTER_PROBES = '\u0000register';

/** The back-off of the register call's 409 answers from one address bucket, for all names together. */
export const registerProbeKey = (addressHash: string) => throttleKey(REGISTER_PROBES, addressHash);

const REFUSALS = {
  login: { code: 'LOGIN_THROTTLED', text: '登录失败次数过多' },
  register: { code: 'REGISTER_THROTTLED', text: '注册时用户名或手机号已被占用的次数过多' },
} as const;

/** Throws 429 while this key (a name from an address, or the register probes of an address) is in its back-off. */
export async function assertNotThrottled(deps: Deps, key: ThrottleKey, call: keyof typeof REFUSALS = 'login'): Promise<void> {
  const [row] = await deps.db.orm
    .select({ blockedUntil: loginThrottles.blockedUntil })
    .from(loginThrottles)
    .where(matches(key));
  const now = deps.now();
  if (row?.blockedUntil && row.blockedUntil > now) throw throttled(row.blockedUntil, now, REFUSALS[call]);
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

/** How long to wait, as the refusals say it: 秒 under a minute, 分钟 under two hours, else 小时. */
export function waitPhrase(seconds: number): string {
  if (seconds < 60) return `${seconds} 秒`;
  if (seconds < 2 * 3600) return `${Math.ceil(seconds / 60)} 分钟`;
  return `${Math.ceil(seconds / 3600)} 小时`;
}

function throttled(until: Date, now: Date, refusal: (typeof REFUSALS)[keyof typeof REFUSALS]) {
  const seconds = Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000));
  return tooManyRequests(refusal.code, `${refusal.text}，请 ${waitPhrase(seconds)}后再试`, seconds);
}

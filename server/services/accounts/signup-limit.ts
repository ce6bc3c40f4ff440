import type { Deps } from '../../context';
import { signups } from '../../db/schema/signups';
import { tooManyRequests } from '../../errors';
import { waitPhrase } from './login-throttle';

const HOUR_MS = 3600_000;
const DAY_MS = 24 * HOUR_MS;
// Rows are kept two days (one to count, one of slack), then deleted: they hold hashed addresses.
const KEEP_MS = 2 * DAY_MS;
// Serialises sign-ups, so concurrent ones from one address cannot all pass the count.
const SIGNUP_LOCK = 724_100_403;

/**
 * Counts a new account against the addresses it came from (the register call's, or a QR sign-up's desktop
 * and phone): at most SIGNUPS_PER_ADDRESS_PER_HOUR and SIGNUPS_PER_ADDRESS_PER_DAY per address, else 429
 * SIGNUP_LIMITED until the oldest counted sign-up ages out. Call inside the transaction that creates the
 * account, before creating it.
 */
export async function takeSignup(deps: Deps, addressHashes: string[]): Promise<void> {
  await deps.db.sql('select pg_advisory_xact_lock($1)', [SIGNUP_LOCK]);
  const now = deps.now().getTime();
  const limits = [
    { windowMs: HOUR_MS, max: deps.config.SIGNUPS_PER_ADDRESS_PER_HOUR },
    { windowMs: DAY_MS, max: deps.config.SIGNUPS_PER_ADDRESS_PER_DAY },
  ];
  for (const addressHash of addressHashes) {
    for (const { windowMs, max } of limits) {
      const [row] = await deps.db.sql<{ n: number; oldest: string | null }>(
        `select count(*)::int as n, min(created_at) as oldest from (
           select created_at from signups where address_hash = $1 and created_at > $2 order by created_at desc limit $3
         ) recent`,
        [addressHash, new Date(now - windowMs).toISOString(), max],
      );
      if (row.n >= max) {
        const seconds = Math.max(1, Math.ceil((new Date(row.oldest!).getTime() + windowMs - now) / 1000));
        throw tooManyRequests('SIGNUP_LIMITED', `当前网络新注册的账号过多，请 ${waitPhrase(seconds)}后再试，或登录已有账号`, seconds);
      }
    }
  }
  const createdAt = deps.now();
  if (addressHashes.length > 0) {
    await deps.db.orm.insert(signups).values([...new Set(addressHashes)].map((addressHash) => ({ addressHash, createdAt })));
  }
  await deps.db.sql('delete from signups where created_at < $1', [new Date(now - KEEP_MS).toISOString()]);
}

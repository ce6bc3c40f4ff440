import type { Deps } from '../../context';
import { freeCheckGrants } from '../../db/schema/free-checks';
import type { FreeCheckWithheldReason } from '../../db/schema/users';

const DAY_MS = 24 * 3600_000;
// Grants are kept two days (one to count, one of slack), then deleted: they hold hashed addresses.
const KEEP_MS = 2 * DAY_MS;
// Serialises allowance decisions, so two sign-ups at once cannot both take the last free check.
const ALLOWANCE_LOCK = 724_100_402;

/** The hashed devices and network addresses a sign-up came from (the desktop's and the phone's). */
export interface SignupOrigin {
  deviceHashes: string[];
  addressHashes: string[];
}

/**
 * Whether a new QR sign-up gets the free check: not when one of its devices already received
 * FREE_CHECKS_PER_DEVICE_PER_DAY, or one of its addresses FREE_CHECKS_PER_IP_PER_DAY, in the last 24
 * hours. Call inside the transaction that creates the account, then grantFreeCheck when it is null.
 */
export async function freeCheckWithheld(deps: Deps, origin: SignupOrigin): Promise<FreeCheckWithheldReason | null> {
  await deps.db.sql('select pg_advisory_xact_lock($1)', [ALLOWANCE_LOCK]);
  const since = new Date(deps.now().getTime() - DAY_MS);
  const counts = await grantsSince(deps, [...origin.deviceHashes, ...origin.addressHashes], since);
  const most = (hashes: string[]) => Math.max(0, ...hashes.map((h) => counts.get(h) ?? 0));
  if (most(origin.deviceHashes) >= deps.config.FREE_CHECKS_PER_DEVICE_PER_DAY) return 'device';
  if (most(origin.addressHashes) >= deps.config.FREE_CHECKS_PER_IP_PER_DAY) return 'address';
  return null;
}

export async function grantFreeCheck(deps: Deps, userId: string, origin: SignupOrigin): Promise<void> {
  const hashes = [...new Set([...origin.deviceHashes, ...origin.addressHashes])];
  const createdAt = deps.now();
  await deps.db.orm.insert(freeCheckGrants).values(hashes.map((identityHash) => ({ userId, identityHash, createdAt })));
  await deps.db.sql('delete from free_check_grants where created_at < $1', [new Date(createdAt.getTime() - KEEP_MS).toISOString()]);
}

async function grantsSince(deps: Deps, hashes: string[], since: Date): Promise<Map<string, number>> {
  if (hashes.length === 0) return new Map();
  const rows = await deps.db.sql<{ hash: string; n: number }>(
    `select identity_hash as hash, count(*)::int as n from free_check_grants
     where identity_hash = any($1::text[]) and created_at >= $2 group by identity_hash`,
    // Hex digests, so the array literal needs no quoting.
    [`{${hashes.join(',')}}`, since.toISOString()],
  );
  return new Map(rows.map((r) => [r.hash, r.n]));
}

/** The account centre's and check page's explanation of a withheld free check. */
export function freeCheckNotice(reason: FreeCheckWithheldReason | null): string | null {
  if (reason === 'device') return '本设备今日已领取过首次免费查重，该账号未获赠免费查重';
  if (reason === 'address') return '当前网络今日领取首次免费查重的次数已达上限，该账号未获赠免费查重';
  return null;
}

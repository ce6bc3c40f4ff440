import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Deps } from '../../context';
import type { Database } from '../../db/client';
import { accessTokens, type SignInMethod } from '../../db/schema/sessions';
import { users } from '../../db/schema/users';
import { TokenCache } from './token-cache';
import type { AuthUser } from './types';

export interface IssuedToken {
  access_token: string;
  token_type: 'Bearer';
  expires_in: number;
}

const TOKEN_PREFIX = 'mya_';

/** How a token came to be and the browser it went to, for the account centre's list of devices. */
export interface SignInOrigin {
  method: SignInMethod;
  userAgent: string | null;
}

// A token's last use is written when it is looked up in the database and the stored time is older than
// this: the device list is accurate to a few minutes, and a busy token costs no write per call.
const LAST_USED_GRANULARITY_MS = 5 * 60_000;
const USER_AGENT_MAX = 400;

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export async function issueToken(
  deps: Deps,
  userId: string,
  origin: SignInOrigin = { method: 'password', userAgent: null },
): Promise<IssuedToken> {
  const token = TOKEN_PREFIX + randomBytes(32).toString('base64url');
  const now = deps.now();
  const expiresAt = new Date(now.getTime() + deps.config.TOKEN_TTL_SECONDS * 1000);
  await deps.db.orm.insert(accessTokens).values({
    userId,
    tokenHash: hashToken(token),
    expiresAt,
    method: origin.method,
    userAgent: origin.userAgent?.slice(0, USER_AGENT_MAX) || null,
    createdAt: now,
    lastUsedAt: now,
  });
  return { access_token: token, token_type: 'Bearer', expires_in: deps.config.TOKEN_TTL_SECONDS };
}

// One cache per database handle: tests open many apps (each with its own database) in one process.
const caches = new WeakMap<object, TokenCache>();

// On PostgreSQL every revocation is announced on this channel, and each process's cache forgets the token or the
// account as soon as the message arrives: several API processes (and the CLI) share one database.
const REVOKED_CHANNEL = 'moyan_tokens_revoked';
const listening = new WeakSet<object>();

function cacheFor(deps: Deps): TokenCache {
  const ttl = deps.config.AUTH_CACHE_TTL_MS;
  let cache = caches.get(deps.db);
  if (!cache || cache.ttlMs !== ttl) {
    cache = new TokenCache(ttl);
    caches.set(deps.db, cache);
  }
  // A transaction's handle has neither: the revocations it makes are announced after it commits.
  const db = deps.db as Partial<Database>;
  if (ttl > 0 && db.listen && !listening.has(db)) {
    listening.add(db);
    db.listen(REVOKED_CHANNEL, {
      onMessage: (payload) => {
        const [kind, value] = [payload.slice(0, 2), payload.slice(2)];
        if (kind === 't:') caches.get(db)?.invalidateToken(value);
        if (kind === 'u:') caches.get(db)?.invalidateUser(value);
      },
      onMissed: () => caches.get(db)?.invalidateAll(),
    });
  }
  return cache;
}

/** Tells the other processes on the same PostgreSQL database (after the revocation is committed). */
async function announceRevoked(deps: Deps, payload: string): Promise<void> {
  if ((deps.db as Partial<Database>).engine === 'postgres') await deps.db.sql('select pg_notify($1, $2)', [REVOKED_CHANNEL, payload]);
}

/**
 * The account a bearer token signs in, or null when the token is unknown, revoked or expired. Answered
 * from this process's token cache when the token was looked up less than AUTH_CACHE_TTL_MS ago (see
 * token-cache.ts for how revocation stays effective), else from the database.
 */
export async function resolveToken(deps: Deps, token: string): Promise<AuthUser | null> {
  const tokenHash = hashToken(token);
  const cache = cacheFor(deps);
  const cached = cache.get(tokenHash, deps.now());
  if (cached) return cached;
  const epoch = cache.epoch;
  const [row] = await deps.db.orm
    .select({
      id: users.id,
      username: users.username,
      avatar: users.avatar,
      expiresAt: accessTokens.expiresAt,
      lastUsedAt: accessTokens.lastUsedAt,
    })
    .from(accessTokens)
    .innerJoin(users, eq(users.id, accessTokens.userId))
    .where(
      and(eq(accessTokens.tokenHash, tokenHash), isNull(accessTokens.revokedAt), gt(accessTokens.expiresAt, deps.now())),
    )
    .limit(1);
  if (!row) return null;
  const { expiresAt, lastUsedAt, ...account } = row;
  if (deps.now().getTime() - lastUsedAt.getTime() >= LAST_USED_GRANULARITY_MS) {
    await deps.db.orm.update(accessTokens).set({ lastUsedAt: deps.now() }).where(eq(accessTokens.tokenHash, tokenHash));
  }
  const user = { ...account, tokenHash };
  cache.set(user, expiresAt, epoch);
  return user;
}

export async function revokeToken(deps: Deps, tokenHash: string): Promise<void> {
  await deps.db.orm
    .update(accessTokens)
    .set({ revokedAt: deps.now() })
    .where(and(eq(accessTokens.tokenHash, tokenHash), isNull(accessTokens.revokedAt)));
  cacheFor(deps).invalidateToken(tokenHash);
  await announceRevoked(deps, `t:${tokenHash}`);
}

/**
 * Forgets every cached token of an account after its tokens were revoked in the database (committed), here and in
 * the other processes on the same PostgreSQL database.
 */
export async function forgetUserTokens(deps: Deps, userId: string): Promise<void> {
  cacheFor(deps).invalidateUser(userId);
  await announceRevoked(deps, `u:${userId}`);
}

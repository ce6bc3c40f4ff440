import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Deps } from '../../context';
import { accessTokens } from '../../db/schema/sessions';
import { users } from '../../db/schema/users';
import { TokenCache } from './token-cache';
import type { AuthUser } from './types';

export interface IssuedToken {
  access_token: string;
  token_type: 'Bearer';
  expires_in: number;
}

const TOKEN_PREFIX = 'mya_';

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export async function issueToken(deps: Deps, userId: string): Promise<IssuedToken> {
  const token = TOKEN_PREFIX + randomBytes(32).toString('base64url');
  const expiresAt = new Date(deps.now().getTime() + deps.config.TOKEN_TTL_SECONDS * 1000);
  await deps.db.orm.insert(accessTokens).values({ userId, tokenHash: hashToken(token), expiresAt });
  return { access_token: token, token_type: 'Bearer', expires_in: deps.config.TOKEN_TTL_SECONDS };
}

// One cache per database handle: tests open many apps (each with its own database) in one process.
const caches = new WeakMap<object, TokenCache>();

function cacheFor(deps: Deps): TokenCache {
  const ttl = deps.config.AUTH_CACHE_TTL_MS;
  let cache = caches.get(deps.db);
  if (!cache || cache.ttlMs !== ttl) {
    cache = new TokenCache(ttl);
    caches.set(deps.db, cache);
  }
  return cache;
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
    .select({ id: users.id, username: users.username, avatar: users.avatar, expiresAt: accessTokens.expiresAt })
    .from(accessTokens)
    .innerJoin(users, eq(users.id, accessTokens.userId))
    .where(
      and(eq(accessTokens.tokenHash, tokenHash), isNull(accessTokens.revokedAt), gt(accessTokens.expiresAt, deps.now())),
    )
    .limit(1);
  if (!row) return null;
  const { expiresAt, ...account } = row;
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
}

/** Forgets every cached token of an account after its tokens were revoked in the database (committed). */
export function forgetUserTokens(deps: Deps, userId: string): void {
  cacheFor(deps).invalidateUser(userId);
}

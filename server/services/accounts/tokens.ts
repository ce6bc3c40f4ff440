import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Deps } from '../../context';
import { accessTokens } from '../../db/schema/sessions';
import { users } from '../../db/schema/users';
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

export async function resolveToken(deps: Deps, token: string): Promise<AuthUser | null> {
  const tokenHash = hashToken(token);
  const [row] = await deps.db.orm
    .select({ id: users.id, username: users.username, avatar: users.avatar })
    .from(accessTokens)
    .innerJoin(users, eq(users.id, accessTokens.userId))
    .where(
      and(eq(accessTokens.tokenHash, tokenHash), isNull(accessTokens.revokedAt), gt(accessTokens.expiresAt, deps.now())),
    )
    .limit(1);
  return row ? { ...row, tokenHash } : null;
}

export async function revokeToken(deps: Deps, tokenHash: string): Promise<void> {
  await deps.db.orm
    .update(accessTokens)
    .set({ revokedAt: deps.now() })
    .where(and(eq(accessTokens.tokenHash, tokenHash), isNull(accessTokens.revokedAt)));
}

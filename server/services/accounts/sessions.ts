import { and, count, desc, eq, gt, isNotNull, isNull, ne } from 'drizzle-orm';
import type { Deps } from '../../context';
import { accessTokens } from '../../db/schema/sessions';
import { users } from '../../db/schema/users';
import { notFound } from '../../errors';
import { offsetOf, type Page, type PageQuery } from '../paging';
import { describeDevice } from './device-name';
import { forgetUserTokens, revokeToken } from './tokens';
import type { AuthUser } from './types';

export interface AccountSession {
  id: string;
  current: boolean;
  method: 'password' | 'register' | 'qr';
  device: string | null;
  createdAt: string;
  lastUsedAt: string;
  expiresAt: string;
}

/** A token that still signs in: not revoked, not expired. */
const active = (deps: Deps, userId: string) =>
  and(eq(accessTokens.userId, userId), isNull(accessTokens.revokedAt), gt(accessTokens.expiresAt, deps.now()));

/** sessions: the account's live sign-ins, most recently used first, the caller's own marked current. */
export async function listSessions(deps: Deps, auth: AuthUser, page: PageQuery): Promise<Page<AccountSession>> {
  const where = active(deps, auth.id);
  const [{ total }] = await deps.db.orm.select({ total: count() }).from(accessTokens).where(where);
  const rows = await deps.db.orm
    .select()
    .from(accessTokens)
    .where(where)
    .orderBy(desc(accessTokens.lastUsedAt), desc(accessTokens.createdAt), accessTokens.id)
    .limit(page.pageSize)
    .offset(offsetOf(page));
  return {
    ...page,
    total: Number(total),
    records: rows.map((row) => ({
      id: row.id,
      current: row.tokenHash === auth.tokenHash,
      method: row.method,
      device: describeDevice(row.userAgent),
      createdAt: row.createdAt.toISOString(),
      lastUsedAt: row.lastUsedAt.toISOString(),
      expiresAt: row.expiresAt.toISOString(),
    })),
  };
}

/** revoke_session: one of the caller's own live sign-ins ends (its device gets 401 from then on). */
export async function revokeSession(deps: Deps, auth: AuthUser, id: string): Promise<{ id: string; revoked: true }> {
  const [row] = await deps.db.orm
    .select({ tokenHash: accessTokens.tokenHash })
    .from(accessTokens)
    .where(and(eq(accessTokens.id, id), active(deps, auth.id)));
  if (!row) throw notFound();
  await revokeToken(deps, row.tokenHash);
  return { id, revoked: true };
}

/** revoke_other_sessions: every live sign-in of the account but the caller's own ends. */
export async function revokeOtherSessions(deps: Deps, auth: AuthUser): Promise<{ revoked: number }> {
  const revoked = await endOtherSignIns(deps, auth);
  await forgetUserTokens(deps, auth.id);
  return { revoked };
}

/**
 * Revokes every token of the account but the caller's own, and says how many of them still signed in
 * (an expired one was signed out already). The caller forgets the account's cached tokens once this is
 * committed. An account with a password also spends its phone's device key: a lost phone would otherwise
 * sign in again with one scan; the phone's next scan asks for the password. A QR-only account keeps the
 * key, its only way in.
 */
export async function endOtherSignIns(deps: Deps, auth: AuthUser): Promise<number> {
  await deps.db.orm.update(users).set({ deviceKeyHash: null }).where(and(eq(users.id, auth.id), isNotNull(users.passwordHash)));
  const revoked = await deps.db.orm
    .update(accessTokens)
    .set({ revokedAt: deps.now() })
    .where(and(eq(accessTokens.userId, auth.id), ne(accessTokens.tokenHash, auth.tokenHash), isNull(accessTokens.revokedAt)))
    .returning({ expiresAt: accessTokens.expiresAt });
  return revoked.filter((row) => row.expiresAt > deps.now()).length;
}

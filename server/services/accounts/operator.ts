import { randomBytes } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { Deps } from '../../context';
import { accessTokens } from '../../db/schema/sessions';
import { type FreeCheckWithheldReason, type User, users } from '../../db/schema/users';
import { clearThrottlesForNames } from './login-throttle';
import { assertPasswordRule, hashPassword } from './passwords';
import { forgetUserTokens } from './tokens';

export type FreeCheckState = 'none' | 'available' | 'used' | FreeCheckWithheldReason;

export interface UserRow {
  id: string;
  username: string;
  phone: string | null;
  createdAt: string;
  balanceFen: number;
  freeCheck: FreeCheckState;
}

/** Every account, newest first, with its balance (the ledger's sum) and free-check state. */
export async function listUsers(deps: Deps, limit: number): Promise<{ total: number; users: UserRow[] }> {
  const [{ total }] = await deps.db.sql<{ total: number }>('select count(*)::int as total from users');
  const rows = await deps.db.sql<Omit<UserRow, 'freeCheck'> & { qrSignup: boolean; used: boolean; withheld: FreeCheckWithheldReason | null }>(
    `select u.id, u.username, u.phone,
            to_char(u.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as "createdAt",
            coalesce((select sum(amount_fen) from ledger_entries l where l.user_id = u.id), 0)::int as "balanceFen",
            u.qr_signup as "qrSignup", u.free_check_used_at is not null as used, u.free_check_withheld as withheld
     from users u order by u.created_at desc, u.id limit $1`,
    [limit],
  );
  return {
    total,
    users: rows.map(({ qrSignup, used, withheld, ...row }) => ({
      ...row,
      freeCheck: !qrSignup ? 'none' : (withheld ?? (used ? 'used' : 'available')),
    })),
  };
}

/**
 * Sets a new password (a generated one when none is given), revokes every access token of the account
 * and clears its login back-off. Returns the password that now works.
 */
export async function resetPassword(deps: Deps, user: User, password?: string): Promise<string> {
  const next = password ?? generatePassword();
  assertPasswordRule(next, 'password', user);
  const passwordHash = await hashPassword(next);
  await deps.db.transaction(async (tx) => {
    await tx.orm.update(users).set({ passwordHash }).where(eq(users.id, user.id));
    await tx.orm
      .update(accessTokens)
      .set({ revokedAt: deps.now() })
      .where(and(eq(accessTokens.userId, user.id), isNull(accessTokens.revokedAt)));
    await clearThrottlesForNames({ ...deps, db: tx }, [user.username, ...(user.phone ? [user.phone] : [])]);
  });
  // This process forgets them at once; on PostgreSQL the API processes too, as soon as they hear of it.
  await forgetUserTokens(deps, user.id);
  return next;
}

// 18 random bytes: 24 URL-safe characters, 144 bits.
const generatePassword = () => randomBytes(18).toString('base64url');

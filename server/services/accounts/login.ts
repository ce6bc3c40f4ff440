import { eq } from 'drizzle-orm';
import type { Deps } from '../../context';
import { type User, users } from '../../db/schema/users';
import { AppError, tooManyRequests } from '../../errors';
import { verifyPassword } from './passwords';
import { type IssuedToken, issueToken } from './tokens';
import { findUserByLoginName } from './users';

const badCredentials = () => new AppError(401, 'BAD_CREDENTIALS', '用户名或密码错误');

function locked(until: Date, now: Date) {
  const seconds = Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000));
  const minutes = Math.ceil(seconds / 60);
  return tooManyRequests('LOGIN_LOCKED', `密码错误次数过多，账号已暂时锁定，请 ${minutes} 分钟后再试`, seconds);
}

/**
 * Username (or phone) and password. Failures never say which part was wrong. LOGIN_MAX_FAILURES
 * failures within LOGIN_LOCK_MINUTES lock the account for LOGIN_LOCK_MINUTES.
 */
export async function passwordLogin(deps: Deps, loginName: string, password: string): Promise<IssuedToken> {
  const name = loginName.trim();
  const user = await findUserByLoginName(deps, name);
  const now = deps.now();
  if (user?.lockedUntil && user.lockedUntil > now) {
    await verifyPassword(null, password);
    throw locked(user.lockedUntil, now);
  }
  const ok = await verifyPassword(user?.passwordHash ?? null, password);
  if (!user) throw badCredentials();
  if (!ok) {
    const lockedUntil = await recordFailure(deps, user);
    if (lockedUntil) throw locked(lockedUntil, now);
    throw badCredentials();
  }
  if (user.failedLogins > 0 || user.lockedUntil) {
    await deps.db.orm
      .update(users)
      .set({ failedLogins: 0, failedLoginsSince: null, lockedUntil: null })
      .where(eq(users.id, user.id));
  }
  return issueToken(deps, user.id);
}

// One statement, so concurrent failures all count.
async function recordFailure(deps: Deps, user: User): Promise<Date | null> {
  const windowMs = deps.config.LOGIN_LOCK_MINUTES * 60_000;
  const now = deps.now();
  const windowStart = new Date(now.getTime() - windowMs);
  const lockUntil = new Date(now.getTime() + windowMs);
  const [row] = await deps.db.sql<{ locked: boolean | null }>(
    `update users set
       failed_logins = case when failed_logins_since is null or failed_logins_since < $2 then 1 else failed_logins + 1 end,
       failed_logins_since = case when failed_logins_since is null or failed_logins_since < $2 then $3 else failed_logins_since end,
       locked_until = case
         when (case when failed_logins_since is null or failed_logins_since < $2 then 1 else failed_logins + 1 end) >= $4
         then $5 else locked_until end
     where id = $1
     returning locked_until > $3 as locked`,
    [user.id, windowStart.toISOString(), now.toISOString(), deps.config.LOGIN_MAX_FAILURES, lockUntil.toISOString()],
  );
  return row?.locked ? lockUntil : null;
}


import type { Deps } from '../../context';
import { AppError } from '../../errors';
import { assertNotThrottled, clearLoginFailures, recordLoginFailure, type ThrottleKey, throttleKey } from './login-throttle';
import { verifyPassword } from './passwords';
import { type IssuedToken, issueToken, type SignInOrigin } from './tokens';
import type { User } from '../../db/schema/users';
import { findUserByLoginName } from './users';

const badCredentials = () => new AppError(401, 'BAD_CREDENTIALS', '用户名或密码错误');

/**
 * Username (or phone) and password. Unknown names and wrong passwords get the same answer after the
 * same work (an argon2 verification against a decoy hash when there is no account) and the same
 * back-off, which is kept per (name, address): a stranger guessing from one address slows only
 * themselves down, never the owner signing in from elsewhere.
 */
export async function passwordLogin(
  deps: Deps,
  loginName: string,
  password: string,
  addressHash: string,
  origin?: SignInOrigin,
): Promise<IssuedToken> {
  const user = await accountOfCredentials(deps, loginName, password, addressHash);
  return issueToken(deps, user.id, origin);
}

/** The account a login name and password sign in to, with the password login's answers and back-off. */
export async function accountOfCredentials(deps: Deps, loginName: string, password: string, addressHash: string): Promise<User> {
  const name = loginName.trim();
  const user = await findUserByLoginName(deps, name);
  const ok = await passwordAttempt(deps, throttleKey(name, addressHash), user?.passwordHash ?? null, password);
  if (!user || !ok) throw badCredentials();
  return user;
}

/**
 * Whether `password` matches `passwordHash` (null: no account, checked against a decoy all the same), as
 * one attempt under `key`'s back-off: 429 while it lasts, a failure counted, a success clearing it. Every
 * check of a typed password goes through here, so none can guess faster than the login form.
 */
export async function passwordAttempt(deps: Deps, key: ThrottleKey, passwordHash: string | null, password: string): Promise<boolean> {
  await assertNotThrottled(deps, key);
  const ok = await verifyPassword(passwordHash, password);
  if (ok) await clearLoginFailures(deps, key);
  else await recordLoginFailure(deps, key);
  return ok;
}

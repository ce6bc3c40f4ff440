import { and, eq, isNull } from 'drizzle-orm';
import { type Deps, withDb } from '../../context';
import { isUniqueViolation } from '../../db/errors';
import { type User, users } from '../../db/schema/users';
import { AppError, badRequest, conflict } from '../../errors';
import { accountInfo } from './account';
import { passwordAttempt } from './login';
import { throttleKey } from './login-throttle';
import { assertPasswordRule, hashPassword } from './passwords';
import { endOtherSignIns } from './sessions';
import { forgetUserTokens } from './tokens';
import type { AuthUser } from './types';
import { findUserById, loginNameInUse, PHONE_PATTERN, phoneTaken } from './users';

// The account centre's security calls: a first password for a QR-only account, a changed one, and a phone
// bound as a second sign-in name. This instance sends no SMS, so a phone is never "verified": binding one
// asks for the account's password instead, and the phone only ever signs in together with that password.

const passwordNotSet = (message: string) => conflict('PASSWORD_NOT_SET', message);
const wrongPassword = (message: string) => new AppError(403, 'WRONG_PASSWORD', message);

/**
 * Checks the signed-in owner's own password before a sensitive change. Wrong guesses share the password
 * login's back-off for this account's username from this address (a stolen session cannot guess faster
 * here than at the login form).
 */
async function confirmOwnPassword(deps: Deps, user: User, password: string, addressHash: string, wrong: string): Promise<void> {
  if (!(await passwordAttempt(deps, throttleKey(user.username, addressHash), user.passwordHash, password))) throw wrongPassword(wrong);
}

/** set_password: the first password of an account that has none (a QR sign-up). */
export async function setPassword(deps: Deps, auth: AuthUser, password: string) {
  assertPasswordRule(password, 'password', auth);
  const passwordHash = await hashPassword(password);
  const updated = await deps.db.orm
    .update(users)
    .set({ passwordHash })
    .where(and(eq(users.id, auth.id), isNull(users.passwordHash)))
    .returning({ id: users.id });
  if (updated.length === 0) throw conflict('PASSWORD_ALREADY_SET', '该账号已设置密码，如需更换请使用“修改密码”');
  return accountInfo(deps, auth.id);
}

/** change_password: the old password, then the new one; every other sign-in of the account ends. */
export async function changePassword(
  deps: Deps,
  auth: AuthUser,
  input: { oldPassword: string; newPassword: string },
  addressHash: string,
): Promise<{ signedOutSessions: number }> {
  const user = await findUserById(deps, auth.id);
  assertPasswordRule(input.newPassword, 'newPassword', user);
  if (!user.passwordHash) throw passwordNotSet('该账号还没有设置密码，请先设置密码');
  await confirmOwnPassword(deps, user, input.oldPassword, addressHash, '原密码不正确');
  const passwordHash = await hashPassword(input.newPassword);
  const signedOutSessions = await deps.db.transaction(async (tx) => {
    await tx.orm.update(users).set({ passwordHash }).where(eq(users.id, auth.id));
    return endOtherSignIns(withDb(deps, tx), auth);
  });
  await forgetUserTokens(deps, auth.id);
  return { signedOutSessions };
}

/** bind_phone: the phone becomes a second sign-in name of the account (unverified: no SMS here). */
export async function bindPhone(deps: Deps, auth: AuthUser, input: { phone: string; password: string }, addressHash: string) {
  const phone = input.phone.trim();
  if (!PHONE_PATTERN.test(phone)) throw badRequest('phone 格式不正确，请输入 11 位手机号');
  const user = await findUserById(deps, auth.id);
  if (!user.passwordHash) throw passwordNotSet('请先设置登录密码，再绑定手机号（手机号需与密码一起登录）');
  await confirmOwnPassword(deps, user, input.password, addressHash, '登录密码不正确');
  if (user.phone !== phone) {
    if (await loginNameInUse(deps, phone, auth.id)) throw phoneTaken();
    try {
      await deps.db.orm.update(users).set({ phone }).where(eq(users.id, auth.id));
    } catch (error) {
      if (isUniqueViolation(error)) throw phoneTaken();
      throw error;
    }
  }
  return accountInfo(deps, auth.id);
}

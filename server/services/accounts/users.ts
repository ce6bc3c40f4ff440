import { eq, or } from 'drizzle-orm';
import type { Deps } from '../../context';
import { isUniqueViolation } from '../../db/errors';
import { type User, users } from '../../db/schema/users';
import { badRequest, conflict, notFound } from '../../errors';
import { assertPasswordRule, hashPassword } from './passwords';

const USERNAME_PATTERN = /^[A-Za-z0-9_.-]{3,32}$/;
export const PHONE_PATTERN = /^1[3-9][0-9]{9}$/;

export interface NewUser {
  username: string;
  password: string;
  phone?: string;
}

const usernameTaken = () => conflict('USERNAME_TAKEN', '该用户名已被注册');
export const phoneTaken = () => conflict('PHONE_TAKEN', '该手机号已被注册');

/**
 * Creates a password account. A username and a phone share one namespace (either signs in), so neither
 * may equal another account's username or phone. The password must pass the sign-up form's rule
 * (common/password-rule.ts): 400 WEAK_PASSWORD with the same words.
 */
export async function createUser(deps: Deps, input: NewUser): Promise<User> {
  if (!USERNAME_PATTERN.test(input.username)) {
    throw badRequest('username 只能是 3-32 位字母、数字、下划线、点或连字符');
  }
  assertPasswordRule(input.password, 'password', input);
  if (input.phone !== undefined && !PHONE_PATTERN.test(input.phone)) {
    throw badRequest('phone 格式不正确');
  }
  if (await loginNameInUse(deps, input.username)) throw usernameTaken();
  if (input.phone && (await loginNameInUse(deps, input.phone))) throw phoneTaken();

  const passwordHash = await hashPassword(input.password);
  try {
    const [user] = await deps.db.orm
      .insert(users)
      .values({ username: input.username, phone: input.phone ?? null, passwordHash })
      .returning();
    return user;
  } catch (error) {
    if (isUniqueViolation(error, 'users_phone_unique')) throw phoneTaken();
    if (isUniqueViolation(error)) throw usernameTaken();
    throw error;
  }
}

/** Whether another account (not `exceptUserId`) signs in with this name, as its username or its phone. */
export async function loginNameInUse(deps: Deps, name: string, exceptUserId?: string): Promise<boolean> {
  const rows = await deps.db.orm
    .select({ id: users.id })
    .from(users)
    .where(or(eq(users.username, name), eq(users.phone, name)))
    .limit(2);
  return rows.some((row) => row.id !== exceptUserId);
}

export async function findUserById(deps: Deps, id: string): Promise<User> {
  const [user] = await deps.db.orm.select().from(users).where(eq(users.id, id)).limit(1);
  if (!user) throw notFound();
  return user;
}

/** The account a login name (username first, then phone) refers to. */
export async function findUserByLoginName(deps: Deps, name: string): Promise<User | undefined> {
  const rows = await deps.db.orm
    .select()
    .from(users)
    .where(or(eq(users.username, name), eq(users.phone, name)))
    .limit(2);
  return rows.find((u) => u.username === name) ?? rows[0];
}

export function freeCheckAvailable(user: Pick<User, 'qrSignup' | 'freeCheckUsedAt' | 'freeCheckWithheld'>): boolean {
  return freeCheckState(user) === 'available';
}

/** none: not a QR sign-up (never offered); withheld: a QR sign-up over the day's limits; available; used. */
export type FreeCheckStatus = 'none' | 'available' | 'used' | 'withheld';

export function freeCheckState(user: Pick<User, 'qrSignup' | 'freeCheckUsedAt' | 'freeCheckWithheld'>): FreeCheckStatus {
  if (!user.qrSignup) return 'none';
  if (user.freeCheckWithheld !== null) return 'withheld';
  return user.freeCheckUsedAt === null ? 'available' : 'used';
}

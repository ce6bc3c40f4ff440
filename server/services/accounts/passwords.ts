import { hash, verify } from '@node-rs/argon2';
import { PASSWORD_LENGTH, weakPasswordReason } from '@common/password-rule';
import { AppError, badRequest } from '../../errors';

/**
 * The one rule for a password an account is given (sign-up, set, change, operator reset): 8-72
 * characters, and not one the sign-up form refuses (common/password-rule.ts): 400 WEAK_PASSWORD.
 */
export function assertPasswordRule(password: string, field = 'password', account: { username?: string; phone?: string | null } = {}): void {
  if (password.length < PASSWORD_LENGTH.min || password.length > PASSWORD_LENGTH.max) {
    throw badRequest(`${field} 长度应为 ${PASSWORD_LENGTH.min}-${PASSWORD_LENGTH.max} 位`);
  }
  const weak = weakPasswordReason(password, { username: account.username, phone: account.phone ?? undefined });
  if (weak) throw new AppError(400, 'WEAK_PASSWORD', weak);
}

// argon2id (the library's default algorithm) with OWASP's baseline: 19 MiB, 2 passes, 1 lane.
const options = { memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string): Promise<string> {
  return hash(password, options);
}

// Verifying against this when the account does not exist keeps the response time from telling
// whether a username is registered. Hashed once when the module loads, so that even the first unknown
// name costs one verification, not a hash and a verification.
const decoy = hashPassword('moyan-decoy-password');

export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  if (!passwordHash) {
    await verify(await decoy, password).catch(() => false);
    return false;
  }
  return verify(passwordHash, password).catch(() => false);
}

// The rule for a new password, one module for the sign-up form (src/features/auth/password/field-rules.ts)
// and the server (server/services/accounts/users.ts), so both refuse the same passwords with the same words.
import COMMON_PASSWORDS from './common-passwords.json';

export const PASSWORD_LENGTH = { min: 8, max: 72 } as const;

const common = new Set<string>(COMMON_PASSWORDS);

export const WEAK_PASSWORD = {
  trivial: '密码过于简单（重复、连续的字符或日期），请换一个',
  common: '该密码太常见，容易被猜中，请换一个',
  username: '密码不能包含用户名',
  phone: '密码不能包含手机号',
} as const;

/**
 * Why a new password of the right length is refused, in the words the form and the server show; null
 * when it is fine. Common: in common-passwords.json, also with digits or symbols added at either end
 * (password123, 2024dragon) or letters written as look-alike digits and symbols (p@ssw0rd). Trivial: fewer than 4 different characters, one piece repeated (12341234),
 * a run (12345678, hgfedcba) or a date (19990101).
 */
export function weakPasswordReason(password: string, account: { username?: string; phone?: string } = {}): string | null {
  const lower = password.toLowerCase();
  if (isTrivial(lower)) return WEAK_PASSWORD.trivial;
  if (isCommon(lower)) return WEAK_PASSWORD.common;
  const username = account.username?.trim().toLowerCase();
  if (username && username.length >= 3 && lower.includes(username)) return WEAK_PASSWORD.username;
  const phone = account.phone?.trim();
  if (phone && password.includes(phone)) return WEAK_PASSWORD.phone;
  return null;
}

function isTrivial(password: string): boolean {
  const chars = [...password];
  if (new Set(chars).size < 4) return true;
  if (/^(.+?)\1+$/.test(password)) return true;
  if (/^(19|20)\d\d(0[1-9]|1[0-2])(0[1-9]|[12]\d|3[01])$/.test(password)) return true;
  const steps = chars.slice(1).map((c, i) => c.codePointAt(0)! - chars[i].codePointAt(0)!);
  return steps.every((step) => step === 1) || steps.every((step) => step === -1);
}

const LOOK_ALIKES: Record<string, string> = { '@': 'a', '4': 'a', '3': 'e', '1': 'i', '!': 'i', '0': 'o', '5': 's', $: 's', '7': 't' };

function isCommon(password: string): boolean {
  const cores = [password, password.replace(/[^a-z]+$/, ''), password.replace(/^[^a-z]+/, ''), password.replace(/^[^a-z]+|[^a-z]+$/g, '')];
  const candidates = cores.flatMap((core) => [core, [...core].map((c) => LOOK_ALIKES[c] ?? c).join('')]);
  return candidates.some((candidate) => candidate.length > 0 && common.has(candidate));
}

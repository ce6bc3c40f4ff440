// Field rules of the login and sign-up forms (spec section 5: required, checked on blur, the username
// trimmed). An empty required field is only marked, with no message text, as the spec asks; the sign-up
// formats say what they expect, mirroring RegisterBody in openapi/paths/auth.yaml (field-rules.test.ts
// compares them with the contract) and server/services/accounts/users.ts; a new password must also pass
// the server's own rule (common/password-rule.ts).
import { PASSWORD_LENGTH, weakPasswordReason } from '@common/password-rule';

export { PASSWORD_LENGTH };

export const USERNAME_PATTERN = /^[A-Za-z0-9_.-]{3,32}$/;
export const PHONE_PATTERN = /^1[3-9][0-9]{9}$/;

export const USERNAME_HINT = '3-32 位字母、数字、下划线、点或连字符';
export const PASSWORD_HINT = `${PASSWORD_LENGTH.min}-${PASSWORD_LENGTH.max} 位，不能是常见或过于简单的密码`;
const PASSWORD_LENGTH_HINT = `${PASSWORD_LENGTH.min}-${PASSWORD_LENGTH.max} 位`;
export const PHONE_HINT = '请输入 11 位手机号';
export const CONFIRM_MISMATCH = '两次输入的密码不一致';

const filled = (value: string) => value.trim().length > 0;

/** Login: username (or phone), counted trimmed. */
export const usernameRules = { validate: (value: string) => filled(value) };
/** Login: any password the account has. */
export const passwordRules = { required: true };

export const newUsernameRules = {
  validate: (value: string) => (filled(value) ? USERNAME_PATTERN.test(value.trim()) || `用户名需为${USERNAME_HINT}` : false),
};

type PasswordOwner = { username?: string; phone?: string | null };

function newPasswordVerdict(value: string, owner: PasswordOwner): string | boolean {
  if (!value) return false;
  if (value.length < PASSWORD_LENGTH.min || value.length > PASSWORD_LENGTH.max) return `密码长度需为 ${PASSWORD_LENGTH_HINT}`;
  return weakPasswordReason(value, { username: owner.username, phone: owner.phone ?? undefined }) ?? true;
}

/** Sign-up: the new password, judged with the username and phone typed beside it. */
export const newPasswordRules = {
  validate: (value: string, values?: PasswordOwner) => newPasswordVerdict(value, values ?? {}),
};

/** The account centre: a new password of an existing account, judged with its login name and phone. */
export const newPasswordRulesFor = (owner: PasswordOwner) => ({ validate: (value: string) => newPasswordVerdict(value, owner) });

export const confirmPasswordRules = {
  validate: (value: string, values: { password: string }) => (value ? value === values.password || CONFIRM_MISMATCH : false),
};

/** Optional: empty is fine, anything else must be a mainland mobile number. */
export const phoneRules = {
  validate: (value: string) => !filled(value) || PHONE_PATTERN.test(value.trim()) || PHONE_HINT,
};

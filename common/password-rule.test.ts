import { describe, expect, it } from 'vitest';
import { WEAK_PASSWORD, weakPasswordReason } from './password-rule';

describe('the rule for a new password', () => {
  it.each([
    ['12345678', WEAK_PASSWORD.trivial],
    ['87654321', WEAK_PASSWORD.trivial],
    ['abcdefgh', WEAK_PASSWORD.trivial],
    ['aaaaaaaa', WEAK_PASSWORD.trivial],
    ['11112222', WEAK_PASSWORD.trivial],
    ['12341234', WEAK_PASSWORD.trivial],
    ['123123123', WEAK_PASSWORD.trivial],
    ['19990101', WEAK_PASSWORD.trivial],
    ['password', WEAK_PASSWORD.common],
    ['Password123', WEAK_PASSWORD.common],
    ['2024dragon', WEAK_PASSWORD.common],
    ['P@ssw0rd', WEAK_PASSWORD.common],
    ['M0nkey!!', WEAK_PASSWORD.common],
    ['qwertyuiop', WEAK_PASSWORD.common],
    ['1qaz2wsx', WEAK_PASSWORD.common],
    ['woaini1314', WEAK_PASSWORD.common],
    ['qq123456', WEAK_PASSWORD.common],
    ['a123456789', WEAK_PASSWORD.common],
  ])('refuses %s', (password, reason) => {
    expect(weakPasswordReason(password)).toBe(reason);
  });

  it.each(['Moyan2026!', 'Lisi2026!pw', 'Guess2026!', 'Tr0ub4dor&3', 'correct horse battery staple', '论文查重2026年'])('accepts %s', (password) => {
    expect(weakPasswordReason(password)).toBeNull();
  });

  it('refuses a password that contains the username or the phone, whatever the case', () => {
    expect(weakPasswordReason('ZhangSan#2026', { username: 'zhangsan' })).toBe(WEAK_PASSWORD.username);
    expect(weakPasswordReason('Moyan13912345678', { username: 'lisi', phone: '13912345678' })).toBe(WEAK_PASSWORD.phone);
    expect(weakPasswordReason('Moyan2026!', { username: 'lisi', phone: '13912345678' })).toBeNull();
  });
});

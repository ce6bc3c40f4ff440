import { describe, expect, it } from 'vitest';
import contract from '../../../../openapi/gen/openapi.json';
import { PASSWORD_LENGTH, PHONE_PATTERN, USERNAME_PATTERN, confirmPasswordRules, newPasswordRules, newPasswordRulesFor, newUsernameRules, phoneRules } from './field-rules';

const body = contract.components.schemas.RegisterBody.properties;

describe('sign-up field rules', () => {
  it('are the register call’s rules in the contract', () => {
    expect(USERNAME_PATTERN.source).toBe(body.username.pattern);
    expect(PHONE_PATTERN.source).toBe(body.phone.pattern);
    expect(PASSWORD_LENGTH).toEqual({ min: body.password.minLength, max: body.password.maxLength });
  });

  it('mark an empty required field without a message, and say what a wrong format needs', () => {
    expect(newUsernameRules.validate('   ')).toBe(false);
    expect(newUsernameRules.validate(' wang.wu-1 ')).toBe(true);
    expect(newUsernameRules.validate('ab')).toMatch(/^用户名需为/);
    expect(newPasswordRules.validate('')).toBe(false);
    expect(newPasswordRules.validate('1234567')).toMatch(/^密码长度需为/);
    expect(newPasswordRules.validate('Moyan2026!')).toBe(true);
    expect(newPasswordRules.validate('x'.repeat(73))).toMatch(/^密码长度需为/);
    expect(confirmPasswordRules.validate('', { password: 'secret-1' })).toBe(false);
    expect(confirmPasswordRules.validate('secret-2', { password: 'secret-1' })).toBe('两次输入的密码不一致');
    expect(confirmPasswordRules.validate('secret-1', { password: 'secret-1' })).toBe(true);
  });

  it('refuse common and trivial passwords, and ones that contain the username or the phone, as the server does', () => {
    expect(newPasswordRules.validate('12345678')).toBe('密码过于简单（重复、连续的字符或日期），请换一个');
    expect(newPasswordRules.validate('password123')).toBe('该密码太常见，容易被猜中，请换一个');
    expect(newPasswordRules.validate('Zhangsan-2026', { username: ' zhangsan ', phone: '' })).toBe('密码不能包含用户名');
    expect(newPasswordRules.validate('x13912345678', { username: 'lisi', phone: '13912345678' })).toBe('密码不能包含手机号');
  });

  it('judge the account centre’s new password with the account’s own login name and phone', () => {
    const rules = newPasswordRulesFor({ username: 'qr_31d6fff4dd', phone: '13912345678' });
    expect(rules.validate('QR_31d6fff4dd!')).toBe('密码不能包含用户名');
    expect(rules.validate('Pw13912345678')).toBe('密码不能包含手机号');
    expect(rules.validate('p@ssw0rd')).toBe('该密码太常见，容易被猜中，请换一个');
    expect(rules.validate('Recover2026!pw')).toBe(true);
    expect(newPasswordRulesFor({ username: 'qr_31d6fff4dd', phone: null }).validate('Recover2026!pw')).toBe(true);
  });

  it('take an empty phone, and otherwise only an 11-digit mainland mobile number', () => {
    expect(phoneRules.validate('  ')).toBe(true);
    expect(phoneRules.validate(' 13912345678 ')).toBe(true);
    expect(phoneRules.validate('12912345678')).toBe('请输入 11 位手机号');
    expect(phoneRules.validate('1391234567')).toBe('请输入 11 位手机号');
  });
});

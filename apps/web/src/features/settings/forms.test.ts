import { describe, expect, it } from 'vitest';
import { validateBindEmail, validateBindPhone, validateChangePassword } from './forms';

const valid = { currentPassword: 'oldpass1', newPassword: 'newpass1', confirmPassword: 'newpass1' };

describe('change-password form', () => {
  it('sends the current and the new password', () => {
    expect(validateChangePassword(valid)).toEqual({
      ok: true,
      errors: {},
      data: { currentPassword: 'oldpass1', newPassword: 'newpass1' },
    });
  });

  it('needs every field', () => {
    const result = validateChangePassword({ currentPassword: '', newPassword: '', confirmPassword: '' });
    expect(result.ok).toBe(false);
    expect(result.errors).toEqual({
      currentPassword: { key: 'validation.currentPasswordRequired' },
      newPassword: { key: 'validation.newPasswordRequired' },
      confirmPassword: { key: 'validation.confirmRequired' },
    });
  });

  it('needs at least 6 characters for both passwords', () => {
    const result = validateChangePassword({ currentPassword: '12345', newPassword: 'abcde', confirmPassword: 'abcde' });
    expect(result.errors.currentPassword).toEqual({ key: 'validation.passwordMin', values: { min: 6 } });
    expect(result.errors.newPassword).toEqual({ key: 'validation.passwordMin', values: { min: 6 } });
  });

  it('refuses a new password equal to the current one', () => {
    const same = { currentPassword: 'oldpass1', newPassword: 'oldpass1', confirmPassword: 'oldpass1' };
    expect(validateChangePassword(same).errors).toEqual({ newPassword: { key: 'validation.samePassword' } });
  });

  it('needs the confirmation to match', () => {
    expect(validateChangePassword({ ...valid, confirmPassword: 'newpass2' }).errors).toEqual({
      confirmPassword: { key: 'validation.passwordMismatch' },
    });
  });
});

describe('bind forms', () => {
  it('take a mainland mobile number, with or without +86, and a 6-digit code', () => {
    expect(validateBindPhone({ phone: '+86 138 1234 5678', code: '123456' })).toMatchObject({
      ok: true,
      data: { phone: '13812345678', code: '123456' },
    });
    expect(validateBindPhone({ phone: '', code: '' }).errors).toEqual({
      phone: { key: 'validation.phoneRequired' },
      code: { key: 'validation.codeRequired' },
    });
    expect(validateBindPhone({ phone: '12812345678', code: '12345' }).errors).toEqual({
      phone: { key: 'validation.phoneInvalid' },
      code: { key: 'validation.codeInvalid', values: { length: 6 } },
    });
  });

  it('take a valid email and a 6-digit code', () => {
    expect(validateBindEmail({ email: ' Owl@Example.com', code: '000000' })).toMatchObject({
      ok: true,
      data: { email: 'owl@example.com', code: '000000' },
    });
    expect(validateBindEmail({ email: 'owl.example.com', code: '000000' }).errors).toEqual({
      email: { key: 'validation.emailInvalid' },
    });
  });
});

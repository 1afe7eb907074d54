import { describe, expect, it } from 'vitest';
import { validateReset, validateResetRequest, validateSignIn, validateSignUp, type SignUpValues } from './forms';

const keys = (errors: Record<string, { key: string } | undefined>) =>
  Object.fromEntries(Object.entries(errors).map(([field, message]) => [field, message?.key]));

describe('sign-in form', () => {
  it('needs an account and a password', () => {
    const result = validateSignIn({ account: '  ', password: '' });
    expect(result.ok).toBe(false);
    expect(keys(result.errors)).toEqual({
      account: 'validation.accountRequired',
      password: 'validation.passwordRequired',
    });
  });

  it('accepts a username, a phone or an email, trimmed', () => {
    for (const account of ['viewer_01', '13812345678', 'Someone@Example.com']) {
      const result = validateSignIn({ account: ` ${account} `, password: 'x' });
      expect(result).toMatchObject({ ok: true, data: { account, password: 'x' } });
    }
  });
});

const validSignUp: SignUpValues = {
  username: 'night_owl',
  password: 'secret66',
  confirmPassword: 'secret66',
  email: '',
  inviteCode: '',
  agreed: true,
};

describe('sign-up form', () => {
  it('sends username and password, and leaves an empty email out', () => {
    const result = validateSignUp(validSignUp);
    expect(result).toEqual({ ok: true, errors: {}, data: { username: 'night_owl', password: 'secret66' } });
  });

  it('sends an email in lower case when one is given', () => {
    const result = validateSignUp({ ...validSignUp, email: ' Owl@Example.COM ' });
    expect(result.ok && result.data).toEqual({ username: 'night_owl', password: 'secret66', email: 'owl@example.com' });
  });

  it.each([
    ['', 'validation.usernameRequired'],
    ['abc', 'validation.usernameLength'],
    ['a'.repeat(21), 'validation.usernameLength'],
    ['night owl', 'validation.usernameChars'],
    ['夜猫子夜猫子', 'validation.usernameChars'],
    ['owl-1', 'validation.usernameChars'],
  ])('refuses the username %j', (username, key) => {
    expect(validateSignUp({ ...validSignUp, username }).errors.username?.key).toBe(key);
  });

  it('accepts usernames of 4 and 20 letters, digits and underscores', () => {
    expect(validateSignUp({ ...validSignUp, username: 'a_1B' }).ok).toBe(true);
    expect(validateSignUp({ ...validSignUp, username: 'A'.repeat(20) }).ok).toBe(true);
  });

  it('needs a password of at least 6 characters', () => {
    const result = validateSignUp({ ...validSignUp, password: '12345', confirmPassword: '12345' });
    expect(result.errors.password).toEqual({ key: 'validation.passwordMin', values: { min: 6 } });
    expect(validateSignUp({ ...validSignUp, password: '', confirmPassword: '' }).errors.password?.key).toBe(
      'validation.passwordRequired',
    );
    expect(validateSignUp({ ...validSignUp, password: '123456', confirmPassword: '123456' }).ok).toBe(true);
  });

  it('needs the confirmation to match, and says so alongside other mistakes', () => {
    expect(validateSignUp({ ...validSignUp, confirmPassword: 'secret67' }).errors).toEqual({
      confirmPassword: { key: 'validation.passwordMismatch' },
    });
    const several = validateSignUp({ ...validSignUp, username: 'ab', confirmPassword: 'nope', agreed: false });
    expect(keys(several.errors)).toEqual({
      username: 'validation.usernameLength',
      confirmPassword: 'validation.passwordMismatch',
      agreed: 'validation.agreementRequired',
    });
    expect(validateSignUp({ ...validSignUp, confirmPassword: '' }).errors.confirmPassword?.key).toBe(
      'validation.confirmRequired',
    );
  });

  it('checks an email only when one is given', () => {
    expect(validateSignUp({ ...validSignUp, email: 'not-an-email' }).errors.email?.key).toBe('validation.emailInvalid');
  });

  it('needs the agreement', () => {
    expect(validateSignUp({ ...validSignUp, agreed: false }).errors).toEqual({
      agreed: { key: 'validation.agreementRequired' },
    });
  });
});

describe('reset password forms', () => {
  it('step 1 needs a valid email', () => {
    expect(validateResetRequest({ email: '' }).errors.email?.key).toBe('validation.emailRequired');
    expect(validateResetRequest({ email: 'owl@' }).errors.email?.key).toBe('validation.emailInvalid');
    expect(validateResetRequest({ email: ' Owl@Example.com ' })).toMatchObject({
      ok: true,
      data: { email: 'owl@example.com' },
    });
  });

  const valid = { email: 'owl@example.com', code: '012345', newPassword: 'newpass1', confirmPassword: 'newpass1' };

  it('step 2 sends email, code and the new password', () => {
    expect(validateReset(valid)).toEqual({
      ok: true,
      errors: {},
      data: { email: 'owl@example.com', code: '012345', newPassword: 'newpass1' },
    });
  });

  it.each([
    ['', 'validation.codeRequired'],
    ['12345', 'validation.codeInvalid'],
    ['1234567', 'validation.codeInvalid'],
    ['12a456', 'validation.codeInvalid'],
  ])('refuses the code %j', (code, key) => {
    expect(validateReset({ ...valid, code }).errors.code?.key).toBe(key);
  });

  it('checks the new password and its confirmation', () => {
    expect(keys(validateReset({ ...valid, newPassword: 'short', confirmPassword: 'other' }).errors)).toEqual({
      newPassword: 'validation.passwordMin',
      confirmPassword: 'validation.passwordMismatch',
    });
  });
});

describe('the invite code at sign-up', () => {
  it('is sent trimmed when given, and left out when empty', () => {
    expect(validateSignUp({ ...validSignUp, inviteCode: ' AB3CD4EF ' })).toMatchObject({ ok: true, data: { inviteCode: 'AB3CD4EF' } });
    const without = validateSignUp(validSignUp);
    expect(without.ok && 'inviteCode' in without.data).toBe(false);
    expect(validateSignUp({ ...validSignUp, inviteCode: 'X'.repeat(33) }).errors.inviteCode?.key).toBe('validation.inviteCodeInvalid');
  });
});

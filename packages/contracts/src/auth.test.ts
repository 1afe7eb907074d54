import { describe, expect, it } from 'vitest';
import {
  changePasswordFormSchema,
  codeRequestBodySchema,
  codeSchema,
  emailSchema,
  passwordSchema,
  passwordStrength,
  phoneSchema,
  signInBodySchema,
  signUpFormSchema,
  nicknameSchema,
  updateProfileBodySchema,
  usernameSchema,
} from './auth.js';

describe('passwordStrength', () => {
  it.each([
    ['', 'weak'],
    ['abc', 'weak'],
    ['Ab1!x', 'weak'], // below the minimum length, however mixed
    ['123456', 'weak'],
    ['password', 'weak'], // well known
    ['aaaaaaaaaaaa', 'weak'], // one character repeated
    ['abcdefg', 'weak'], // one kind, short
    ['abc1234', 'medium'],
    ['abcdefghij', 'medium'], // one kind but long
    ['Abc12345', 'strong'],
    ['abc123!@', 'strong'],
    ['abcdefghijklmn', 'strong'], // one kind, very long
    ['Abc123!@#x', 'veryStrong'],
    ['correct-horse-battery', 'veryStrong'],
  ] as const)('%j is %s', (password, level) => {
    expect(passwordStrength(password)).toBe(level);
  });

  it('never ranks a longer password of the same kinds lower', () => {
    const order = ['weak', 'medium', 'strong', 'veryStrong'];
    let previous = 0;
    for (let length = 6; length <= 20; length += 1) {
      const rank = order.indexOf(passwordStrength('aB3$'.repeat(5).slice(0, length)));
      expect(rank).toBeGreaterThanOrEqual(previous);
      previous = rank;
    }
  });
});

describe('field schemas', () => {
  it('usernames: 4-20 letters, digits or underscores', () => {
    for (const ok of ['abcd', 'User_01', 'a'.repeat(20), '1234']) expect(usernameSchema.safeParse(ok).success, ok).toBe(true);
    for (const bad of ['abc', 'a'.repeat(21), 'bad name', 'name!', 'ä_ccount', '']) {
      expect(usernameSchema.safeParse(bad).success, bad).toBe(false);
    }
  });

  it('passwords: 6 to 128 characters', () => {
    expect(passwordSchema.safeParse('12345').success).toBe(false);
    expect(passwordSchema.safeParse('123456').success).toBe(true);
    expect(passwordSchema.safeParse('x'.repeat(128)).success).toBe(true);
    expect(passwordSchema.safeParse('x'.repeat(129)).success).toBe(false);
  });

  it('codes: exactly 6 digits', () => {
    expect(codeSchema.safeParse('012345').success).toBe(true);
    for (const bad of ['12345', '1234567', '12345a', ' 123456']) expect(codeSchema.safeParse(bad).success, bad).toBe(false);
  });

  it('phones: mainland mobile numbers, +86 dropped', () => {
    expect(phoneSchema.parse('13812345678')).toBe('13812345678');
    expect(phoneSchema.parse('+8613812345678')).toBe('13812345678');
    expect(phoneSchema.parse('8619912345678')).toBe('19912345678');
    for (const bad of ['12812345678', '1381234567', '138123456789', '+1 415 555 0100', '']) {
      expect(phoneSchema.safeParse(bad).success, bad).toBe(false);
    }
  });

  it('emails: valid addresses, lower-cased', () => {
    expect(emailSchema.parse('Reader@Example.COM')).toBe('reader@example.com');
    for (const bad of ['reader', 'reader@', '@example.com', 'a b@example.com']) {
      expect(emailSchema.safeParse(bad).success, bad).toBe(false);
    }
  });
});

describe('request schemas', () => {
  it('sign-in trims the account and keeps the optional ip', () => {
    expect(signInBodySchema.parse({ account: ' reader ', password: 'x', ip: '10.0.0.1' })).toEqual({
      account: 'reader',
      password: 'x',
      ip: '10.0.0.1',
    });
    expect(signInBodySchema.safeParse({ account: '', password: 'x' }).success).toBe(false);
  });

  it('codes: phone codes only bind; the target follows the channel', () => {
    expect(codeRequestBodySchema.safeParse({ channel: 'email', target: 'a@b.co', purpose: 'reset' }).success).toBe(true);
    expect(codeRequestBodySchema.safeParse({ channel: 'phone', target: '13812345678', purpose: 'bind' }).success).toBe(
      true,
    );
    expect(codeRequestBodySchema.safeParse({ channel: 'phone', target: '13812345678', purpose: 'reset' }).success).toBe(
      false,
    );
    expect(codeRequestBodySchema.safeParse({ channel: 'email', target: '13812345678', purpose: 'bind' }).success).toBe(
      false,
    );
    expect(codeRequestBodySchema.safeParse({ channel: 'sms', target: '13812345678', purpose: 'bind' }).success).toBe(false);
  });

  it('sign-up form: confirmation must match and the agreement be accepted', () => {
    const form = { username: 'reader', password: 'secret1', confirmPassword: 'secret1', agreed: true };
    expect(signUpFormSchema.safeParse(form).success).toBe(true);
    expect(signUpFormSchema.safeParse({ ...form, confirmPassword: 'secret2' }).success).toBe(false);
    expect(signUpFormSchema.safeParse({ ...form, agreed: false }).success).toBe(false);
  });

  it('change-password form: new differs from current, confirmation matches', () => {
    const form = { currentPassword: 'secret1', newPassword: 'secret2', confirmPassword: 'secret2' };
    expect(changePasswordFormSchema.safeParse(form).success).toBe(true);
    const same = changePasswordFormSchema.safeParse({ ...form, newPassword: 'secret1', confirmPassword: 'secret1' });
    expect(same.error?.issues[0]?.path).toEqual(['newPassword']);
    expect(changePasswordFormSchema.safeParse({ ...form, confirmPassword: 'secret3' }).success).toBe(false);
  });

  it('profile changes need something to change; an avatar can only be removed here (it is uploaded)', () => {
    expect(updateProfileBodySchema.safeParse({}).success).toBe(false);
    expect(updateProfileBodySchema.safeParse({ avatar: null }).success).toBe(true);
    for (const bad of ['https://cdn.example.com/a.png', '/media/avatars/a.webp', 'javascript:alert(1)']) {
      expect(updateProfileBodySchema.safeParse({ avatar: bad }).success, bad).toBe(false);
    }
  });

  it('nicknames are trimmed, 1-20 characters counted as people read them, without control characters', () => {
    expect(nicknameSchema.parse('  小白兔  ')).toBe('小白兔');
    expect(nicknameSchema.safeParse('😀'.repeat(20)).success).toBe(true);
    expect(nicknameSchema.safeParse('a'.repeat(21)).success).toBe(false);
    for (const bad of ['', '   ', 'tab\there', 'new\nline', 'bell\u0007', 'rtl\u202Eevil', 'zero\u200Bwidth', 'line\u2028sep']) {
      expect(nicknameSchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
    expect(updateProfileBodySchema.parse({ nickname: ' Owl ' })).toEqual({ nickname: 'Owl' });
  });
});

import { CONSOLE_ERROR_CODES, LOCALES } from '@drama/contracts';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/api-error';
import { enUS } from './dictionaries/en-US';
import { DICTIONARIES, errorText, placeholders, translate } from './translate';

const referenceKeys = Object.keys(enUS).sort();

describe('the dictionaries', () => {
  it.each(LOCALES)('%s has exactly the reference keys, each with text', (locale) => {
    const dictionary = DICTIONARIES[locale];
    expect(Object.keys(dictionary).sort()).toEqual(referenceKeys);
    for (const key of referenceKeys) expect(dictionary[key as keyof typeof enUS].trim(), key).not.toBe('');
  });

  it.each(LOCALES)('%s fills in the same marks as the reference', (locale) => {
    for (const [key, text] of Object.entries(enUS)) {
      expect(placeholders(DICTIONARIES[locale][key as keyof typeof enUS]), `${locale} ${key}`).toEqual(placeholders(text));
    }
  });

  it.each(LOCALES)('%s translates every console error code', (locale) => {
    for (const code of CONSOLE_ERROR_CODES) expect(Object.hasOwn(DICTIONARIES[locale], `error.${code}`), code).toBe(true);
  });
});

describe('translate', () => {
  it('fills in marks and leaves unknown ones as written', () => {
    expect(translate(enUS, 'operators.linkTitle', { username: 'mei' })).toBe('Set-up link for mei');
    expect(translate(enUS, 'operators.linkTitle')).toBe('Set-up link for {username}');
  });
});

describe('errorText', () => {
  it('translates a known code and names an unknown one', () => {
    const wrong = new ApiError({ status: 401, code: 'TOTP_INVALID', message: 'server prose' });
    expect(errorText(DICTIONARIES['zh-CN'], wrong)).toBe('验证码错误或已过期。');
    const odd = new ApiError({ status: 409, code: 'DRAMA_SLUG_TAKEN', message: 'server prose' });
    expect(errorText(enUS, odd)).toBe('The request failed (DRAMA_SLUG_TAKEN).');
  });

  it('reads anything that is not an ApiError as a failure of its own', () => {
    expect(errorText(enUS, new TypeError('x'))).toBe(enUS['error.INTERNAL_ERROR']);
  });
});

import { ERROR_CODES, LOCALES } from '@drama/contracts';
import { describe, expect, it } from 'vitest';
import { CLIENT_ERROR_CODES } from '../api/api-client';
import enUS from './locales/en-US.json';
import zhCN from './locales/zh-CN.json';
import zhHant from './locales/zh-Hant.json';

const resources: Record<(typeof LOCALES)[number], unknown> = {
  'zh-CN': zhCN,
  'zh-Hant': zhHant,
  'en-US': enUS,
};

/** Every leaf as "a.b.c" → value. */
function flatten(value: unknown, prefix = ''): Map<string, unknown> {
  const out = new Map<string, unknown>();
  if (typeof value === 'object' && value !== null) {
    for (const [key, child] of Object.entries(value)) {
      for (const [path, leaf] of flatten(child, prefix ? `${prefix}.${key}` : key)) out.set(path, leaf);
    }
  } else {
    out.set(prefix, value);
  }
  return out;
}

const flat = Object.fromEntries(LOCALES.map((locale) => [locale, flatten(resources[locale])]));
const referenceKeys = [...(flat['en-US']?.keys() ?? [])].sort();

describe('locale resources', () => {
  it('exist for every supported locale', () => {
    expect(Object.keys(resources).sort()).toEqual([...LOCALES].sort());
  });

  it.each(LOCALES)('%s has exactly the same keys as en-US', (locale) => {
    expect([...(flat[locale]?.keys() ?? [])].sort()).toEqual(referenceKeys);
  });

  it.each(LOCALES)('%s has no empty or non-string values', (locale) => {
    const bad = [...(flat[locale] ?? new Map<string, unknown>())].filter(
      ([, value]) => typeof value !== 'string' || value.trim() === '',
    );
    expect(bad).toEqual([]);
  });

  it.each(LOCALES)('%s keeps the same interpolation variables as en-US', (locale) => {
    const variables = (text: unknown) =>
      [...String(text).matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1]).sort();
    for (const key of referenceKeys) {
      expect({ key, vars: variables(flat[locale]?.get(key)) }).toEqual({
        key,
        vars: variables(flat['en-US']?.get(key)),
      });
    }
  });

  it('translates every API and client error code', () => {
    for (const code of [...ERROR_CODES, ...CLIENT_ERROR_CODES]) {
      expect(referenceKeys).toContain(`errors.codes.${code}`);
    }
  });

  it("translates the spec's common texts (section 8)", () => {
    for (const key of [
      'common.signInFirst',
      'common.accessDenied',
      'common.notFound',
      'common.serverError',
      'common.requestFailed',
      'common.networkError',
      'common.validationFailed',
      'common.unknownError',
      'common.componentLoadFailed',
      'common.waitMinutes_other',
      'common.attemptsRemaining',
    ]) {
      expect(referenceKeys).toContain(key);
    }
    expect(flat['en-US']?.get('common.waitMinutes_other')).toContain('{{minutes}}');
    expect(flat['en-US']?.get('common.attemptsRemaining')).toContain('{{times}}');
  });
});

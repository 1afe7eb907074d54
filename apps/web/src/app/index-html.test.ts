import { readFileSync } from 'node:fs';
import { LOCALES, STORAGE_KEYS } from '@drama/contracts';
import { describe, expect, it } from 'vitest';

// index.html's inline script cannot import; this keeps its hand-copied keys equal to contracts.
const html = readFileSync(new URL('../../index.html', import.meta.url), 'utf8');

describe('index.html early preferences script', () => {
  it('reads the theme and language under the contracts storage keys', () => {
    expect(html).toContain(`localStorage.getItem('${STORAGE_KEYS.theme}')`);
    expect(html).toContain(`localStorage.getItem('${STORAGE_KEYS.language}')`);
  });

  it('accepts exactly the supported locales', () => {
    expect(html).toContain(`[${LOCALES.map((locale) => `'${locale}'`).join(', ')}]`);
  });
});

import { describe, expect, it } from 'vitest';
import { DEFAULT_SCRYPT, PasswordHasher, TEST_SCRYPT } from './passwords.js';

describe('PasswordHasher', () => {
  const hasher = new PasswordHasher(TEST_SCRYPT);

  it('verifies the password it hashed, and nothing else', async () => {
    const stored = await hasher.hash('correct horse');
    expect(stored).toMatch(/^scrypt\$4096\$8\$1\$[\w-]{22}\$[\w-]{43}$/);
    expect(await hasher.verify('correct horse', stored)).toBe(true);
    expect(await hasher.verify('correct horsE', stored)).toBe(false);
    expect(await hasher.verify('', stored)).toBe(false);
  });

  it('salts every hash', async () => {
    expect(await hasher.hash('same')).not.toBe(await hasher.hash('same'));
  });

  it('treats composed and decomposed accents as the same password', async () => {
    const stored = await hasher.hash('caf\u00e9');
    expect(await hasher.verify('cafe\u0301', stored)).toBe(true);
  });

  it('never matches a malformed or foreign stored value', async () => {
    for (const stored of ['', 'not-a-real-hash', 'scrypt$4096$8$1$$', 'scrypt$3000$8$1$c2FsdHNhbHQ$aGFzaGhhc2hoYXNoaGFzaA', '$2b$10$abc']) {
      expect(await hasher.verify('anything', stored)).toBe(false);
    }
  });

  it('asks for a rehash when the parameters were weaker', async () => {
    const weak = await hasher.hash('pw');
    const strong = new PasswordHasher(DEFAULT_SCRYPT);
    expect(strong.needsRehash(weak)).toBe(true);
    expect(hasher.needsRehash(weak)).toBe(false);
    expect(strong.needsRehash('garbage')).toBe(true);
    // A hash keeps its own parameters: the stronger hasher still verifies the weaker hash.
    expect(await strong.verify('pw', weak)).toBe(true);
  });

  it('uses the production parameters by default', async () => {
    const stored = await new PasswordHasher().hash('pw');
    expect(stored.startsWith(`scrypt$${DEFAULT_SCRYPT.N}$${DEFAULT_SCRYPT.r}$${DEFAULT_SCRYPT.p}$`)).toBe(true);
  });
});

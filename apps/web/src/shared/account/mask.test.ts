import { describe, expect, it } from 'vitest';
import { maskEmail, maskPhone } from './mask';

describe('masked contacts', () => {
  it('show a phone by its first 3 and last 4 digits', () => {
    expect(maskPhone('13812345678')).toBe('138****5678');
    expect(maskPhone('+8613812345678')).toBe('138****5678');
  });

  it('show an email by the start of its name and its domain', () => {
    expect(maskEmail('alice@example.com')).toBe('al***@example.com');
    expect(maskEmail('a@example.com')).toBe('a***@example.com');
  });
});

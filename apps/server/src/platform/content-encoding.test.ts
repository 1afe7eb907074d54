import { describe, expect, it } from 'vitest';
import { chooseEncoding } from './content-encoding.js';

describe('chooseEncoding', () => {
  it('prefers Brotli, then gzip, as browsers offer them', () => {
    expect(chooseEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(chooseEncoding('gzip, deflate')).toBe('gzip');
    expect(chooseEncoding('GZIP')).toBe('gzip');
    expect(chooseEncoding(['gzip', 'br'])).toBe('br');
  });

  it('follows the client’s weights and refusals', () => {
    expect(chooseEncoding('br;q=0.2, gzip;q=0.8')).toBe('gzip');
    expect(chooseEncoding('br; q=0, gzip')).toBe('gzip');
    expect(chooseEncoding('br;q=0, gzip;q=0')).toBeNull();
    expect(chooseEncoding('*')).toBe('br');
    expect(chooseEncoding('*;q=0.5, br;q=0')).toBe('gzip');
    expect(chooseEncoding('*;q=0')).toBeNull();
  });

  it('answers without an encoding when none is accepted or the header is nonsense', () => {
    expect(chooseEncoding(undefined)).toBeNull();
    expect(chooseEncoding('')).toBeNull();
    expect(chooseEncoding('identity')).toBeNull();
    expect(chooseEncoding('deflate, compress')).toBeNull();
    expect(chooseEncoding(',,;;q=x')).toBeNull();
    expect(chooseEncoding('gzip;q=abc')).toBeNull();
  });
});

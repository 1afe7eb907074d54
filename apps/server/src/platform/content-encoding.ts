import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

export type ContentEncoding = 'br' | 'gzip';

/** Below this an answer goes as it is: the encoding's own framing would eat most of the gain. */
export const MIN_COMPRESSED_BYTES = 1024;

/**
 * The encoding to answer in, from an Accept-Encoding header: Brotli, then gzip, or none. A coding
 * the client gives `q=0` is refused, and `*` stands for the codings it does not name (RFC 9110
 * section 12.5.3).
 */
export function chooseEncoding(header: string | string[] | undefined): ContentEncoding | null {
  const value = Array.isArray(header) ? header.join(',') : header;
  if (!value) return null;
  const weights = new Map<string, number>();
  for (const part of value.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((param) => /^\s*q\s*=(.*)$/.exec(param)?.[1]?.trim()).find((found) => found !== undefined);
    // A weight that is not a number (`q=abc`) refuses the coding rather than guessing.
    const weight = q === undefined ? 1 : /^\d*\.?\d+$/.test(q) ? Number(q) : 0;
    weights.set(name.trim(), weight);
  }
  const weightOf = (coding: ContentEncoding) => weights.get(coding) ?? weights.get('*') ?? 0;
  const br = weightOf('br');
  const gzip = weightOf('gzip');
  if (br > 0 && br >= gzip) return 'br';
  if (gzip > 0) return 'gzip';
  return null;
}

/**
 * Compressed once per cached answer, so the cost is paid at most every cache lifetime. Brotli at
 * quality 5: within a few per cent of its best on JSON of a few KB, at a small part of its time.
 */
export function compress(payload: Buffer, encoding: ContentEncoding): Buffer {
  if (encoding === 'gzip') return gzipSync(payload, { level: 6 });
  return brotliCompressSync(payload, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: 5,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_SIZE_HINT]: payload.length,
    },
  });
}

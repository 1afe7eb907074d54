import { randomBytes } from 'node:crypto';
import { crc32, deflateSync } from 'node:zlib';
import { API_BASE, apiPaths } from '@drama/contracts';
import type { TestApp } from './test-app.js';

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A real, decodable RGB PNG of the given size, filled with one colour. */
export function tinyPng(width = 2, height = 3, rgb: [number, number, number] = [200, 40, 90]): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // colour type: RGB
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3).map((_, i) => rgb[i % 3] ?? 0)]);
  const pixels = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The twelve bytes every PNG ends with: the IEND chunk (no data, its CRC). */
export const PNG_END = chunk('IEND', Buffer.alloc(0));

/**
 * A decompression bomb: a valid PNG whose header (with a correct CRC) declares width x height
 * RGB pixels, over a small IDAT holding the first rows of zeros. Decoded, it would take
 * width * height * 3 bytes; as sent, a few kilobytes.
 */
export function pngBomb(width: number, height: number, rows = 100): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8;
  header[9] = 2;
  const pixels = Buffer.alloc(Math.min(rows, height) * (1 + width * 3));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels, { level: 9 })),
    PNG_END,
  ]);
}

/** The PNG with a tEXt comment (keyword, text) put right after its header chunk. */
export function withPngText(png: Buffer, keyword: string, text: string): Buffer {
  // Signature (8) and IHDR (4 + 4 + 13 + 4).
  const afterHeader = 33;
  const comment = chunk('tEXt', Buffer.concat([Buffer.from(keyword, 'latin1'), Buffer.from([0]), Buffer.from(text, 'latin1')]));
  return Buffer.concat([png.subarray(0, afterHeader), comment, png.subarray(afterHeader)]);
}

export interface FilePart {
  field?: string;
  filename: string;
  contentType: string;
  data: Buffer;
}

/** A multipart/form-data body, written out by hand so that every byte of it is the test's choice. */
export function multipart(parts: FilePart[], fields: Record<string, string> = {}): { body: Buffer; contentType: string } {
  const boundary = `----test${randomBytes(8).toString('hex')}`;
  const pieces: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    pieces.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  for (const part of parts) {
    pieces.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${part.field ?? 'file'}"; filename="${part.filename}"\r\n` +
          `Content-Type: ${part.contentType}\r\n\r\n`,
      ),
      part.data,
      Buffer.from('\r\n'),
    );
  }
  pieces.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(pieces), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** Sends one file to `POST /client/uploads` (or another upload path) as a member would. */
export async function upload(t: TestApp, token: string | undefined, part: FilePart, to = apiPaths.uploads()) {
  const { body, contentType } = multipart([part]);
  const response = await t.server.inject({
    method: 'POST',
    url: `${API_BASE}${to}`,
    headers: { 'content-type': contentType, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    payload: body,
  });
  return { status: response.statusCode, body: response.json() as unknown };
}

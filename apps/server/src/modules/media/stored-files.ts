import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../platform/errors.js';
import { type ByteRange, readText, type Storage, StorageNotFoundError } from '../../platform/storage/index.js';

const TYPES: Record<string, string> = {
  mp4: 'video/mp4',
  ts: 'video/mp2t',
  m3u8: 'application/vnd.apple.mpegurl',
  vtt: 'text/vtt; charset=utf-8',
  jpg: 'image/jpeg',
};

/** The one range of a `Range: bytes=...` header, or null for the whole; 'invalid' when it cannot be met. */
export function parseRange(header: string | undefined, size: number): ByteRange | null | 'invalid' {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  // Several ranges, or another unit: answered whole, as HTTP allows.
  if (!match) return null;
  const [, first, last] = match;
  if (first === '' && last === '') return 'invalid';
  if (first === '') {
    const suffix = Number(last);
    if (suffix === 0) return 'invalid';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  if (start >= size || end < start) return 'invalid';
  return { start, end };
}

/**
 * Sends an object from the storage as @fastify/static sends a file: Range (206, 416), ETag and
 * If-None-Match, Last-Modified, Content-Length, and a Cache-Control the caller picks.
 */
export async function sendStored(request: FastifyRequest, reply: FastifyReply, storage: Storage, key: string, cacheControl: string): Promise<FastifyReply> {
  const info = await storage.head(key);
  if (!info) throw new AppError('NOT_FOUND', 'No such media');
  const type = TYPES[key.slice(key.lastIndexOf('.') + 1)] ?? info.contentType ?? 'application/octet-stream';
  reply.header('Cache-Control', cacheControl).header('Accept-Ranges', 'bytes').type(type);
  if (info.etag) reply.header('ETag', info.etag);
  if (info.modifiedAt) reply.header('Last-Modified', info.modifiedAt.toUTCString());
  if (info.etag && request.headers['if-none-match'] === info.etag) return reply.code(304).send();
  const range = parseRange(request.headers.range, info.size);
  if (range === 'invalid') {
    return reply.code(416).type('application/json; charset=utf-8').header('Content-Range', `bytes */${info.size}`).send({ success: false, code: 'BAD_REQUEST', message: 'The range is outside the file' });
  }
  try {
    if (!range) return reply.header('Content-Length', info.size).send(await storage.get(key));
    return reply
      .code(206)
      .header('Content-Range', `bytes ${range.start}-${range.end}/${info.size}`)
      .header('Content-Length', range.end - range.start + 1)
      .send(await storage.get(key, range));
  } catch (error) {
    if (error instanceof StorageNotFoundError) throw new AppError('NOT_FOUND', 'No such media');
    throw error;
  }
}

/** A playlist or subtitle file's text, or NOT_FOUND. */
export async function storedText(storage: Storage, key: string): Promise<string> {
  try {
    return await readText(storage, key);
  } catch (error) {
    if (error instanceof StorageNotFoundError) throw new AppError('NOT_FOUND', 'No such media');
    throw error;
  }
}

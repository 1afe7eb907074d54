import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from './errors.js';

export interface ImmutableImage {
  /** The file on disk. */
  file: string;
  contentType: string;
  etag: string;
  cacheControl: string;
  contentDisposition?: string;
  /** The message of the 404 when the file is not there. */
  missing: string;
}

/**
 * Sends an image file that is never rewritten under its name, locked down so that it can never
 * act as a page: `nosniff` stops browsers guessing another type, and a CSP sandbox disarms it
 * even when opened on its own. 304 when the client holds it already.
 */
export async function sendImmutableImage(request: FastifyRequest, reply: FastifyReply, image: ImmutableImage): Promise<FastifyReply> {
  const info = await stat(image.file).catch(() => null);
  if (!info?.isFile()) throw new AppError('NOT_FOUND', image.missing);
  reply.header('Content-Type', image.contentType).header('X-Content-Type-Options', 'nosniff');
  if (image.contentDisposition !== undefined) reply.header('Content-Disposition', image.contentDisposition);
  reply
    .header('Content-Security-Policy', "default-src 'none'; sandbox")
    .header('Cross-Origin-Resource-Policy', 'same-site')
    .header('Cache-Control', image.cacheControl)
    .header('ETag', image.etag);
  if (request.headers['if-none-match'] === image.etag) return reply.code(304).send();
  reply.header('Content-Length', info.size);
  return reply.send(createReadStream(image.file));
}

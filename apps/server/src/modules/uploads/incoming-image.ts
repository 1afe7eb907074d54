import type { Readable } from 'node:stream';
import { AppError } from '../../platform/errors.js';
import { notAnImage } from './clean-image.js';
import { SNIFF_MIN_BYTES, sniffImage } from './image-sniff.js';

/** A file stream as the multipart parser hands it over: `truncated` once it hit the size limit. */
export type IncomingFile = Readable & { truncated?: boolean };

export function tooManyBytes(noun: string, maxBytes: number): AppError {
  return new AppError('PAYLOAD_TOO_LARGE', `${noun} may be at most ${maxBytes} bytes`, { maxBytes });
}

/**
 * The whole uploaded image in memory (the decoder needs all of it, and it is at most maxBytes).
 * Reading stops, and the rest of the request is discarded, the moment the file passes maxBytes
 * or its first bytes are not an image.
 */
export async function readIncomingImage(file: IncomingFile, limits: { noun: string; maxBytes: number }): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  let sniffed = false;
  try {
    for await (const chunk of file as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (file.truncated || size > limits.maxBytes) throw tooManyBytes(limits.noun, limits.maxBytes);
      chunks.push(chunk);
      if (!sniffed && size >= SNIFF_MIN_BYTES) {
        if (!sniffImage(Buffer.concat(chunks))) throw notAnImage('unknown format');
        sniffed = true;
      }
    }
  } catch (error) {
    file.destroy();
    if (error instanceof AppError) throw error;
    throw new AppError('BAD_REQUEST', 'The upload was cut off or is not well-formed multipart');
  }
  if (file.truncated) throw tooManyBytes(limits.noun, limits.maxBytes);
  if (size === 0) throw notAnImage('the file is empty');
  return Buffer.concat(chunks);
}

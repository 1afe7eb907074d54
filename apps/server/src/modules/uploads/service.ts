import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { FEEDBACK_LIMITS, type Upload } from '@drama/contracts';
import type { UploadRow } from '../../db/schema.js';
import type { Viewer } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { enforceHourlyQuota } from '../../platform/hourly-quota.js';
import { type SniffedImage, SNIFF_MIN_BYTES, sniffImage } from './image-sniff.js';
import * as queries from './queries.js';

/** Bytes kept in memory to read the type and size from; a JPEG whose frame header is later has no size. */
const HEAD_BYTES = 64 * 1024;

/** Where an upload is served: by its random name, which is the only key to it. */
export function uploadUrl(fileName: string): string {
  return `/media/uploads/${fileName}`;
}

export function presentUpload(row: UploadRow): Upload {
  return {
    id: row.id,
    url: uploadUrl(row.file_name),
    contentType: row.content_type,
    size: row.size,
    width: row.width,
    height: row.height,
  };
}

/** A file stream as the multipart parser hands it over: `truncated` once it hit the size limit. */
export type IncomingFile = Readable & { truncated?: boolean };

function tooLarge(): AppError {
  return new AppError('PAYLOAD_TOO_LARGE', `An image may be at most ${FEEDBACK_LIMITS.uploadMaxBytes} bytes`, {
    maxBytes: FEEDBACK_LIMITS.uploadMaxBytes,
  });
}

function notAnImage(): AppError {
  return new AppError('UNSUPPORTED_MEDIA_TYPE', 'Only JPEG, PNG, WebP and GIF images are accepted', {
    accepted: FEEDBACK_LIMITS.uploadTypes,
  });
}

/**
 * Members' images (feedback screenshots). The type is read from the content, the file is
 * written to UPLOAD_DIR as it arrives (never buffered whole) under a random name, and it is
 * refused the moment it passes the size limit or its first bytes are not an image.
 */
export class UploadService {
  constructor(
    private readonly ctx: AppContext,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  /** 429 RATE_LIMITED once the member has uploaded UPLOADS_PER_HOUR images in the last hour. */
  async assertWithinLimit(viewer: Viewer): Promise<void> {
    await enforceHourlyQuota(this.ctx.db, 'uploads', {
      userId: viewer.id,
      limit: this.ctx.config.UPLOADS_PER_HOUR,
      now: this.clock(),
      what: 'images',
    });
  }

  async store(viewer: Viewer, file: IncomingFile): Promise<Upload> {
    const dir = this.ctx.config.UPLOAD_DIR;
    await mkdir(dir, { recursive: true });
    const name = randomBytes(16).toString('hex');
    const partial = path.join(dir, `${name}.part`);
    const out = createWriteStream(partial, { flags: 'wx' });
    // A failed write surfaces through finished() or the drain wait below, not as a crash.
    out.on('error', () => {});
    let head = Buffer.alloc(0);
    let image: SniffedImage | null = null;
    let size = 0;
    const chunks = (file as AsyncIterable<Buffer>)[Symbol.asyncIterator]();
    try {
      for (;;) {
        let next: IteratorResult<Buffer>;
        try {
          next = await chunks.next();
        } catch {
          throw new AppError('BAD_REQUEST', 'The upload was cut off or is not well-formed multipart');
        }
        if (next.done) break;
        const chunk = next.value;
        size += chunk.length;
        if (file.truncated || size > FEEDBACK_LIMITS.uploadMaxBytes) throw tooLarge();
        if (head.length < HEAD_BYTES) head = Buffer.concat([head, chunk.subarray(0, HEAD_BYTES - head.length)]);
        if (!image && head.length >= SNIFF_MIN_BYTES) {
          image = sniffImage(head);
          if (!image) throw notAnImage();
        }
        if (out.errored) throw out.errored;
        if (!out.write(chunk) && !out.errored) await once(out, 'drain');
      }
      if (file.truncated) throw tooLarge();
      // Sizes come from the whole head, which may have grown since the type was first told.
      image = sniffImage(head);
      if (!image || size === 0) throw notAnImage();
      out.end();
      await finished(out);
      const fileName = `${name}.${image.extension}`;
      await rename(partial, path.join(dir, fileName));
      try {
        const row = await queries.insertUpload(this.ctx.db, {
          user_id: viewer.id,
          file_name: fileName,
          content_type: image.contentType,
          size,
          width: image.width,
          height: image.height,
          created_at: this.clock(),
        });
        return presentUpload(row);
      } catch (error) {
        await rm(path.join(dir, fileName), { force: true });
        throw error;
      }
    } catch (error) {
      // Stops reading: the rest of the request is discarded, not stored.
      file.destroy();
      out.destroy();
      // The file may still be opening; remove it only once the stream has closed.
      await finished(out).catch(() => {});
      await rm(partial, { force: true });
      throw error;
    }
  }
}

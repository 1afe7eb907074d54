import { randomBytes } from 'node:crypto';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { FEEDBACK_LIMITS, type Upload } from '@drama/contracts';
import type { UploadRow } from '../../db/schema.js';
import type { Viewer } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { enforceHourlyQuota } from '../../platform/hourly-quota.js';
import { cleanImage, type ImagePolicy } from './clean-image.js';
import { type IncomingFile, readIncomingImage } from './incoming-image.js';
import * as queries from './queries.js';

/**
 * Screenshots as stored. A phone's scrolling capture may be long, so a side may be twice the
 * avatar's; the pixels in all are bounded alike. What is stored keeps up to 4096 pixels on its
 * long side, so a phone's or a 4K desktop's screenshot keeps every pixel of its text.
 */
export const SCREENSHOT_IMAGE: ImagePolicy = {
  noun: 'An image',
  maxSide: 16_384,
  maxPixels: 40_000_000,
  output: { kind: 'same-kind', maxSide: 4096, quality: 90 },
};

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

/**
 * Members' images (feedback screenshots). Reading stops the moment the file passes the size
 * limit or its first bytes are not an image; what is written to UPLOAD_DIR, under a random
 * name, is the image drawn again by cleanImage, never the bytes sent.
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
    const sent = await readIncomingImage(file, { noun: SCREENSHOT_IMAGE.noun, maxBytes: FEEDBACK_LIMITS.uploadMaxBytes });
    const image = await cleanImage(sent, SCREENSHOT_IMAGE);
    const dir = this.ctx.config.UPLOAD_DIR;
    await mkdir(dir, { recursive: true });
    const name = randomBytes(16).toString('hex');
    const fileName = `${name}.${image.extension}`;
    // Written aside and renamed, so a reader never sees half a file under the final name.
    const partial = path.join(dir, `${name}.part`);
    try {
      await writeFile(partial, image.bytes, { flag: 'wx' });
      await rename(partial, path.join(dir, fileName));
    } catch (error) {
      await rm(partial, { force: true });
      throw error;
    }
    try {
      const row = await queries.insertUpload(this.ctx.db, {
        user_id: viewer.id,
        file_name: fileName,
        content_type: image.contentType,
        size: image.bytes.length,
        width: image.width,
        height: image.height,
        created_at: this.clock(),
      });
      return presentUpload(row);
    } catch (error) {
      await rm(path.join(dir, fileName), { force: true });
      throw error;
    }
  }
}

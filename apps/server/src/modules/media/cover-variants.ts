import { randomUUID } from 'node:crypto';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { CoverWidth } from '@drama/contracts';
import sharp from 'sharp';

/** Quality 72 keeps a 320-wide card at about 9 KB, against 50 to 70 KB for the whole poster. */
const WEBP_QUALITY = 72;

async function modifiedAt(file: string): Promise<number | null> {
  try {
    return (await stat(file)).mtimeMs;
  } catch {
    return null;
  }
}

/**
 * Card-sized WebP copies of the covers under MEDIA_DIR/covers, made with sharp on first request
 * and kept on disk under `cacheDir`, so that every cover (seeded, imported or replaced later)
 * has its variants without a build step. A variant older than its cover is made again.
 */
export class CoverVariants {
  /** One resize per variant at a time: concurrent first requests share it. */
  private readonly making = new Map<string, Promise<void>>();

  constructor(
    private readonly coversDir: string,
    private readonly cacheDir: string,
  ) {}

  /**
   * The variant's folder and file name for `reply.sendFile`, or null when there is no such
   * cover. `cover` is a bare file name (the route refuses anything else).
   */
  async locate(width: CoverWidth, cover: string): Promise<{ folder: string; file: string } | null> {
    const source = path.join(this.coversDir, cover);
    const sourceTime = await modifiedAt(source);
    if (sourceTime === null) return null;
    const folder = path.join(this.cacheDir, `w${width}`);
    const file = `${cover}.webp`;
    const target = path.join(folder, file);
    const targetTime = await modifiedAt(target);
    if (targetTime === null || targetTime < sourceTime) await this.make(source, target, width);
    return { folder, file };
  }

  private make(source: string, target: string, width: CoverWidth): Promise<void> {
    const running = this.making.get(target);
    if (running) return running;
    const job = (async () => {
      await mkdir(path.dirname(target), { recursive: true });
      // Written aside and renamed, so that a reader (or another instance sharing DATA_DIR)
      // never sees half a file.
      const partial = `${target}.${randomUUID()}.part`;
      try {
        await sharp(source)
          .resize({ width, height: Math.round((width * 4) / 3), fit: 'cover', withoutEnlargement: true })
          .webp({ quality: WEBP_QUALITY })
          .toFile(partial);
        await rename(partial, target);
      } catch (error) {
        await rm(partial, { force: true });
        throw error;
      }
    })().finally(() => this.making.delete(target));
    this.making.set(target, job);
    return job;
  }
}

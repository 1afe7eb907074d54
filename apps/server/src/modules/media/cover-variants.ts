import { randomUUID } from 'node:crypto';
import { mkdir, rename, rm, stat, utimes } from 'node:fs/promises';
import path from 'node:path';
import type { CoverWidth } from '@drama/contracts';
import sharp from 'sharp';

/** Quality 72 keeps a 320-wide card at about 9 KB, against 50 to 70 KB for the whole poster. */
const WEBP_QUALITY = 72;

/** Writes the 3:4 WebP of `source` (a file, or the cover's bytes), `width` wide, to `target`. */
export type ResizeCover = (source: string | Buffer, target: string, width: CoverWidth) => Promise<void>;

/**
 * A cover that is not under MEDIA_DIR/covers: one uploaded in the console, held in the storage.
 * `time` is its modification time (ms), `read` gives its bytes.
 */
export interface OtherCover {
  time: number;
  read(): Promise<Buffer>;
}

/** Finds a cover by its bare file name elsewhere than MEDIA_DIR/covers, or null. */
export type FindOtherCover = (cover: string) => Promise<OtherCover | null>;

export const resizeWithSharp: ResizeCover = async (source, target, width) => {
  await sharp(source)
    .resize({ width, height: Math.round((width * 4) / 3), fit: 'cover', withoutEnlargement: true })
    .webp({ quality: WEBP_QUALITY })
    .toFile(target);
};

/** Thrown for a cover that exists but cannot be read as an image. */
export class UnreadableCoverError extends Error {}

/** The cover's bytes could not be fetched (the storage failed): a fault, not a bad image. */
class SourceReadError extends Error {}

async function modifiedAt(file: string): Promise<number | null> {
  try {
    return (await stat(file)).mtimeMs;
  } catch {
    return null;
  }
}

/** Where a cover's bytes come from: a file, or a read of the storage. */
interface CoverSource {
  /** Names the source in the memory of unreadable covers. */
  id: string;
  time: number;
  input(): Promise<string | Buffer>;
}

/**
 * Card-sized WebP copies of the covers under MEDIA_DIR/covers (and of those the console put
 * into the storage, through `findOther`), made on first request and kept
 * on disk under `cacheDir`, so that every cover (seeded, imported or replaced later) has its
 * variants without a build step. A variant carries its cover's modification time and is made
 * again whenever the two differ: a cover replaced by an older file (a copy that keeps its
 * time) is caught as well as a newer one.
 */
export class CoverVariants {
  /** One resize per variant at a time: concurrent first requests share it. */
  private readonly making = new Map<string, Promise<void>>();
  /** Covers that could not be read, by source, with the modification time that failed. */
  private readonly unreadable = new Map<string, number>();

  constructor(
    private readonly coversDir: string,
    private readonly cacheDir: string,
    private readonly resize: ResizeCover = resizeWithSharp,
    private readonly findOther: FindOtherCover = async () => null,
  ) {}

  /** The cover under MEDIA_DIR/covers, which comes first, or the one elsewhere, or null. */
  private async source(cover: string): Promise<CoverSource | null> {
    const file = path.join(this.coversDir, cover);
    const fileTime = await modifiedAt(file);
    if (fileTime !== null) return { id: `file:${file}`, time: fileTime, input: async () => file };
    const other = await this.findOther(cover);
    if (!other) return null;
    return { id: `other:${cover}`, time: other.time, input: () => other.read() };
  }

  /**
   * The variant's folder and file name for `reply.sendFile`, or null when there is no such
   * cover. `cover` is a bare file name (the route refuses anything else). Throws
   * UnreadableCoverError for a cover that is not an image, without trying again until the
   * cover changes.
   */
  async locate(width: CoverWidth, cover: string): Promise<{ folder: string; file: string } | null> {
    const source = await this.source(cover);
    if (!source) return null;
    const sourceTime = source.time;
    if (this.unreadable.get(source.id) === sourceTime) throw new UnreadableCoverError(cover);
    const folder = path.join(this.cacheDir, `w${width}`);
    const file = `${cover}.webp`;
    const target = path.join(folder, file);
    const targetTime = await modifiedAt(target);
    // Within a millisecond: file systems keep times to different precisions.
    if (targetTime === null || Math.abs(targetTime - sourceTime) >= 1) {
      try {
        await this.make(source, sourceTime, target, width);
      } catch (error) {
        // A storage that fails once is asked again next time; only a cover that is not an image is remembered.
        if (error instanceof SourceReadError) throw error.cause;
        this.unreadable.set(source.id, sourceTime);
        throw new UnreadableCoverError(cover, { cause: error });
      }
    }
    return { folder, file };
  }

  private make(source: CoverSource, sourceTime: number, target: string, width: CoverWidth): Promise<void> {
    const running = this.making.get(target);
    if (running) return running;
    const job = (async () => {
      await mkdir(path.dirname(target), { recursive: true });
      // Written aside and renamed, so that a reader (or another instance sharing DATA_DIR)
      // never sees half a file.
      const partial = `${target}.${randomUUID()}.part`;
      try {
        const input = await source.input().catch((error: unknown) => {
          throw new SourceReadError('cover could not be read', { cause: error });
        });
        await this.resize(input, partial, width);
        await utimes(partial, sourceTime / 1000, sourceTime / 1000);
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

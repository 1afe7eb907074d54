import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { assertKey, assertPrefix, type ByteRange, type PutOptions, type Storage, StorageNotFoundError, type StoredObjectInfo } from './storage.js';

const CONTENT_TYPES: Record<string, string> = {
  '.m3u8': 'application/vnd.apple.mpegurl',
  '.ts': 'video/mp2t',
  '.mp4': 'video/mp4',
  '.vtt': 'text/vtt; charset=utf-8',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
};

function isMissing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException).code;
  return code === 'ENOENT' || code === 'ENOTDIR';
}

/**
 * The storage as a folder (STORAGE_DIR, default DATA_DIR/storage): for one machine, or several
 * sharing a network folder. A write lands under a temporary name and is renamed into place, so
 * a reader never sees half an object, even when the server dies in the middle of it.
 */
export class LocalStorage implements Storage {
  readonly kind = 'local' as const;

  constructor(private readonly root: string) {}

  private file(key: string): string {
    return path.join(this.root, ...assertKey(key).split('/'));
  }

  async put(key: string, body: Buffer | Readable, _options: PutOptions = {}): Promise<void> {
    const file = this.file(key);
    await mkdir(path.dirname(file), { recursive: true });
    const temporary = `${file}.${randomBytes(6).toString('hex')}.part`;
    try {
      if (Buffer.isBuffer(body)) await writeFile(temporary, body);
      else await pipeline(body, createWriteStream(temporary));
      await rename(temporary, file);
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
  }

  async get(key: string, range?: ByteRange): Promise<Readable> {
    const file = this.file(key);
    const info = await this.head(key);
    if (!info) throw new StorageNotFoundError(key);
    return createReadStream(file, range ? { start: range.start, end: range.end } : {});
  }

  async head(key: string): Promise<StoredObjectInfo | null> {
    try {
      const info = await stat(this.file(key));
      if (!info.isFile()) return null;
      return {
        size: info.size,
        contentType: CONTENT_TYPES[path.extname(key)],
        etag: `"${info.size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}"`,
        modifiedAt: info.mtime,
      };
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.file(key), { force: true });
  }

  async deletePrefix(prefix: string): Promise<void> {
    assertPrefix(prefix);
    if (prefix.endsWith('/')) {
      await rm(this.file(prefix.slice(0, -1)), { recursive: true, force: true });
      return;
    }
    await rm(this.file(prefix), { recursive: true, force: true });
  }

  async signedUrl(): Promise<null> {
    return null;
  }
}

import { lstat, realpath } from 'node:fs/promises';
import path from 'node:path';
import type { Storage, StoredObjectInfo } from '../../platform/storage/index.js';
import { isStoredCoverName, storedLayout } from './stored-layout.js';

/** True when `child` lies strictly below `parent` (both absolute). */
export function isInside(parent: string, child: string): boolean {
  const relative = path.relative(parent, child);
  return relative !== '' && !relative.startsWith('..') && !path.isAbsolute(relative);
}

function isMissing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException).code;
  return code === 'ENOENT' || code === 'ENOTDIR';
}

/** True when MEDIA_DIR/covers (or any folder) holds an entry of that name, whatever it is. */
export async function existsIn(folder: string, file: string): Promise<boolean> {
  try {
    await lstat(path.join(folder, file));
    return true;
  } catch (error) {
    if (isMissing(error)) return false;
    throw error;
  }
}

/**
 * The covers uploaded in the console, held in the storage under covers/<file>. Only a name the
 * console makes (`drama-<id>-<16 hex>.jpg`) is looked up, so no request reaches another folder of
 * the storage (hls/, uploads/, clips/) through a cover's address. In a local storage a cover must
 * be a plain file whose real place is inside its covers folder: a symbolic link left there is
 * refused, as in the public folders of MEDIA_DIR.
 */
export class StoredCovers {
  /** The local storage's covers folder, when the storage is a folder (STORAGE_DIR). */
  private readonly localFolder: string | null;

  constructor(
    private readonly storage: Storage,
    localRoot: string,
  ) {
    this.localFolder = storage.kind === 'local' ? path.join(localRoot, 'covers') : null;
  }

  /** The cover's key and what the storage knows of it, or null when there is no such stored cover. */
  async find(file: string): Promise<{ key: string; info: StoredObjectInfo } | null> {
    if (!isStoredCoverName(file)) return null;
    if (this.localFolder && !(await this.isPlainLocalFile(file))) return null;
    const key = storedLayout.cover(file);
    const info = await this.storage.head(key);
    return info ? { key, info } : null;
  }

  /** The cover's bytes (a few hundred KB at most: covers are cropped to a poster's size). */
  async read(key: string): Promise<Buffer> {
    const chunks: Buffer[] = [];
    for await (const chunk of await this.storage.get(key)) chunks.push(Buffer.from(chunk as Buffer));
    return Buffer.concat(chunks);
  }

  private async isPlainLocalFile(file: string): Promise<boolean> {
    const folder = this.localFolder as string;
    const target = path.join(folder, file);
    try {
      if (!(await lstat(target)).isFile()) return false;
      const [realFolder, realTarget] = await Promise.all([realpath(folder), realpath(target)]);
      return isInside(realFolder, realTarget);
    } catch (error) {
      if (isMissing(error)) return false;
      throw error;
    }
  }
}

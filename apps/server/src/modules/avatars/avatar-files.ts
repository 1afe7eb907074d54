import { createHash, randomBytes } from 'node:crypto';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** A stored avatar's name: the SHA-256 of its bytes, so the same picture is one file and a name never changes content. */
export const AVATAR_FILE_PATTERN = /^[0-9a-f]{64}\.webp$/;

export function avatarUrl(file: string): string {
  return `/media/avatars/${file}`;
}

/** The avatars folder under DATA_DIR: written only with re-encoded images, under names taken from their content. */
export class AvatarFiles {
  constructor(readonly dir: string) {}

  /** Stores the bytes (once: an existing file of that name already holds them) and returns their name. */
  async put(bytes: Buffer): Promise<string> {
    const name = `${createHash('sha256').update(bytes).digest('hex')}.webp`;
    const target = path.join(this.dir, name);
    if (await stat(target).then((info) => info.isFile(), () => false)) return name;
    await mkdir(this.dir, { recursive: true });
    // Written aside and renamed, so a reader never sees half a file under the final name.
    const partial = path.join(this.dir, `${name}.${randomBytes(6).toString('hex')}.part`);
    try {
      await writeFile(partial, bytes, { flag: 'wx' });
      await rename(partial, target);
    } catch (error) {
      await rm(partial, { force: true });
      throw error;
    }
    return name;
  }

  async remove(name: string): Promise<void> {
    if (!AVATAR_FILE_PATTERN.test(name)) return;
    await rm(path.join(this.dir, name), { force: true });
  }

  path(name: string): string {
    return path.join(this.dir, name);
  }
}

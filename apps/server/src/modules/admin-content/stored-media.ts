import type { Dirent, Stats } from 'node:fs';
import { lstat, readdir, realpath } from 'node:fs/promises';
import path from 'node:path';
import { unsafeMediaPathReason } from '@drama/contracts';

/** What the server finds at a path the catalogue import names under MEDIA_DIR. */
export type StoredMediaState = { state: 'present' } | { state: 'missing' } | { state: 'unsafe'; reason: string };

export type MediaFolder = 'covers' | 'clips' | 'hls';

const PRESENT: StoredMediaState = { state: 'present' };
const MISSING: StoredMediaState = { state: 'missing' };
/** An HLS folder holds a master playlist, two renditions and their segments; far fewer than this. */
const MAX_HLS_ENTRIES = 10_000;
const MAX_HLS_DEPTH = 3;

function unsafe(reason: string): StoredMediaState {
  return { state: 'unsafe', reason };
}

/** The entry itself (a link is not followed), or null when nothing is there. */
async function lstatIfPresent(file: string): Promise<Stats | null> {
  try {
    return await lstat(file);
  } catch (error) {
    if (isMissing(error)) return null;
    throw error;
  }
}

function isMissing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException).code;
  return code === 'ENOENT' || code === 'ENOTDIR';
}

/** True when `child` lies strictly below `parent` (both absolute, normalised). */
export function isInside(parent: string, child: string): boolean {
  const relative = path.relative(parent, child);
  return relative !== '' && relative !== '..' && !relative.startsWith(`..${path.sep}`) && !path.isAbsolute(relative);
}

/**
 * Checks the paths the catalogue import names under MEDIA_DIR, each once. The media routes
 * serve whatever a drama's cover or episode points at, so a symbolic link there (placed by a
 * folder of media copied in carelessly, or by anyone with write access to MEDIA_DIR) would publish
 * whatever it points to, the JWT secret included. Only regular files whose real location is in
 * the expected folder of the real MEDIA_DIR are accepted; a link is refused even when it points
 * inside, as telling a harmless link from a harmful one later is not worth the risk.
 */
export class StoredMedia {
  private readonly root: string;
  private realRoot: Promise<string | null> | undefined;
  private readonly seen = new Map<string, Promise<StoredMediaState>>();

  constructor(mediaDir: string) {
    this.root = path.resolve(mediaDir);
  }

  /** A file: MEDIA_DIR/<folder>/<relative>. */
  file(folder: MediaFolder, relative: string): Promise<StoredMediaState> {
    return this.once(`f:${folder}/${relative}`, () => this.checkFile(folder, relative));
  }

  /**
   * A folder of HLS files, MEDIA_DIR/hls/<key>: present when it holds master.m3u8, and then every
   * file in it must be a regular one, since the media routes serve its playlists and segments.
   */
  hlsFolder(key: string): Promise<StoredMediaState> {
    return this.once(`h:${key}`, () => this.checkHls(key));
  }

  private once(id: string, check: () => Promise<StoredMediaState>): Promise<StoredMediaState> {
    let found = this.seen.get(id);
    if (!found) {
      found = check();
      this.seen.set(id, found);
    }
    return found;
  }

  private async realMediaDir(): Promise<string | null> {
    this.realRoot ??= realpath(this.root).catch(() => null);
    return this.realRoot;
  }

  /** Where `relative` lands under MEDIA_DIR/<folder>, or why it cannot be looked at. */
  private locate(folder: MediaFolder, relative: string): { file: string } | { problem: StoredMediaState } {
    const reason = unsafeMediaPathReason(relative);
    if (reason) return { problem: unsafe(`${folder}/${relative} ${reason}`) };
    const base = path.join(this.root, folder);
    const file = path.resolve(base, relative);
    if (!isInside(base, file)) return { problem: unsafe(`${folder}/${relative} is not inside MEDIA_DIR/${folder}`) };
    return { file };
  }

  /** The real location must be below the real MEDIA_DIR/<folder>: a linked folder on the way leaves it. */
  private async realLocationProblem(folder: MediaFolder, relative: string, file: string): Promise<StoredMediaState | null> {
    const realRoot = await this.realMediaDir();
    const real = await realpath(file).catch(() => null);
    if (!realRoot || !real || !isInside(path.join(realRoot, folder), real)) {
      return unsafe(`${folder}/${relative} leads outside MEDIA_DIR/${folder} (through a linked folder)`);
    }
    return null;
  }

  private async checkFile(folder: MediaFolder, relative: string): Promise<StoredMediaState> {
    const located = this.locate(folder, relative);
    if ('problem' in located) return located.problem;
    const info = await lstatIfPresent(located.file);
    if (!info) return MISSING;
    if (info.isSymbolicLink()) return unsafe(`${folder}/${relative} is a symbolic link; media must be regular files in MEDIA_DIR`);
    if (!info.isFile()) return unsafe(`${folder}/${relative} is not a regular file`);
    return (await this.realLocationProblem(folder, relative, located.file)) ?? PRESENT;
  }

  private async checkHls(key: string): Promise<StoredMediaState> {
    const located = this.locate('hls', key);
    if ('problem' in located) return located.problem;
    const info = await lstatIfPresent(located.file);
    if (!info) return MISSING;
    if (info.isSymbolicLink()) return unsafe(`hls/${key} is a symbolic link; media must be regular files in MEDIA_DIR`);
    if (!info.isDirectory()) return unsafe(`hls/${key} is not a folder`);
    const outside = await this.realLocationProblem('hls', key, located.file);
    if (outside) return outside;
    const master = await this.checkFile('hls', `${key}/master.m3u8`);
    // Without a master playlist the clip plays from its MP4 and nothing in the folder is served.
    if (master.state !== 'present') return master;

    let entries = 0;
    const walk = async (relative: string, depth: number): Promise<StoredMediaState | null> => {
      let listing: Dirent[];
      try {
        listing = await readdir(path.join(located.file, relative), { withFileTypes: true });
      } catch (error) {
        return unsafe(`hls/${path.join(key, relative)} cannot be read: ${(error as Error).message}`);
      }
      for (const entry of listing) {
        const name = path.join(key, relative, entry.name);
        if ((entries += 1) > MAX_HLS_ENTRIES) return unsafe(`hls/${key} holds more than ${MAX_HLS_ENTRIES} files`);
        if (entry.isSymbolicLink()) return unsafe(`hls/${name} is a symbolic link; media must be regular files in MEDIA_DIR`);
        if (entry.isDirectory()) {
          if (depth >= MAX_HLS_DEPTH) return unsafe(`hls/${name} is nested too deep`);
          const inner = await walk(path.join(relative, entry.name), depth + 1);
          if (inner) return inner;
        } else if (!entry.isFile()) {
          return unsafe(`hls/${name} is not a regular file`);
        }
      }
      return null;
    };
    return (await walk('', 1)) ?? PRESENT;
  }
}

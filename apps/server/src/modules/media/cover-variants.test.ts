import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CoverVariants, type ResizeCover, UnreadableCoverError } from './cover-variants.js';

let root: string;
let covers: string;
let cache: string;
let calls: string[];
let failing: boolean;
let variants: CoverVariants;

/** Stands in for sharp: slow enough for requests to overlap, and fails on demand. */
const nameOf = (source: string | Buffer) => (typeof source === 'string' ? path.basename(source) : `bytes:${source.toString()}`);
const resize: ResizeCover = async (source, target, width) => {
  calls.push(`${nameOf(source)}@${width}`);
  await new Promise((resolve) => setTimeout(resolve, 20));
  if (failing) throw new Error('not an image');
  await writeFile(target, `variant ${calls.length} of ${nameOf(source)}`);
};

beforeEach(() => {
  root = mkdtempSync(path.join(os.tmpdir(), 'drama-covers-'));
  covers = path.join(root, 'covers');
  cache = path.join(root, 'cache');
  mkdirSync(covers);
  writeFileSync(path.join(covers, 'a.jpg'), 'poster');
  calls = [];
  failing = false;
  variants = new CoverVariants(covers, cache, resize);
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

const setTime = (file: string, seconds: number) => utimesSync(file, seconds, seconds);

describe('cover variants', () => {
  it('makes a variant once for concurrent first requests, and not again while the cover stays', async () => {
    const found = await Promise.all(Array.from({ length: 8 }, () => variants.locate(320, 'a.jpg')));
    expect(calls).toEqual(['a.jpg@320']);
    expect(new Set(found.map((where) => JSON.stringify(where))).size).toBe(1);
    await variants.locate(320, 'a.jpg');
    await variants.locate(160, 'a.jpg');
    expect(calls).toEqual(['a.jpg@320', 'a.jpg@160']);
    // Each variant carries its cover's time.
    expect(statSync(path.join(cache, 'w320', 'a.jpg.webp')).mtimeMs).toBeCloseTo(statSync(path.join(covers, 'a.jpg')).mtimeMs, -1);
  });

  it('makes it again when the cover changes, to a newer file or to an older one', async () => {
    const cover = path.join(covers, 'a.jpg');
    setTime(cover, 1_700_000_000);
    await variants.locate(320, 'a.jpg');
    setTime(cover, 1_700_000_100);
    await variants.locate(320, 'a.jpg');
    // A copy that kept its own, earlier time (as `cp -p`, or copyFile on some systems, do).
    setTime(cover, 1_600_000_000);
    await variants.locate(320, 'a.jpg');
    expect(calls).toEqual(['a.jpg@320', 'a.jpg@320', 'a.jpg@320']);
  });

  it('is nothing for a cover that does not exist', async () => {
    expect(await variants.locate(320, 'missing.jpg')).toBeNull();
    expect(calls).toEqual([]);
  });

  it('gives up on a cover that is not an image until it changes, leaving no partial file', async () => {
    failing = true;
    await expect(variants.locate(320, 'a.jpg')).rejects.toBeInstanceOf(UnreadableCoverError);
    await expect(variants.locate(320, 'a.jpg')).rejects.toBeInstanceOf(UnreadableCoverError);
    expect(calls).toEqual(['a.jpg@320']);
    expect(readdirSync(path.join(cache, 'w320'))).toEqual([]);

    failing = false;
    setTime(path.join(covers, 'a.jpg'), 1_800_000_000);
    expect(await variants.locate(320, 'a.jpg')).toEqual({ folder: path.join(cache, 'w320'), file: 'a.jpg.webp' });
    expect(calls).toEqual(['a.jpg@320', 'a.jpg@320']);
  });

  it('makes variants of a cover held elsewhere (the storage) from its bytes, MEDIA_DIR/covers coming first', async () => {
    let time = 1_700_000_000_000;
    let reads = 0;
    let readFails = false;
    const elsewhere = new CoverVariants(covers, cache, resize, async (cover) =>
      cover === 'stored.jpg' || cover === 'a.jpg'
        ? {
            time,
            read: async () => {
              reads += 1;
              if (readFails) throw new Error('storage unavailable');
              return Buffer.from(cover);
            },
          }
        : null,
    );
    expect(await elsewhere.locate(320, 'stored.jpg')).toEqual({ folder: path.join(cache, 'w320'), file: 'stored.jpg.webp' });
    await elsewhere.locate(320, 'stored.jpg');
    expect(calls).toEqual(['bytes:stored.jpg@320']);
    expect(statSync(path.join(cache, 'w320', 'stored.jpg.webp')).mtimeMs).toBe(time);
    // The folder's own cover wins over one of the same name elsewhere.
    await elsewhere.locate(320, 'a.jpg');
    expect(calls).toEqual(['bytes:stored.jpg@320', 'a.jpg@320']);
    expect(reads).toBe(1);
    expect(await elsewhere.locate(320, 'missing.jpg')).toBeNull();

    // A storage that fails is a fault, asked again next time; not a cover remembered as unreadable.
    time += 1000;
    readFails = true;
    await expect(elsewhere.locate(160, 'stored.jpg')).rejects.toThrow('storage unavailable');
    readFails = false;
    await elsewhere.locate(160, 'stored.jpg');
    expect(calls).toEqual(['bytes:stored.jpg@320', 'a.jpg@320', 'bytes:stored.jpg@160']);
  });
});

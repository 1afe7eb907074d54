import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeClip } from '../../../test/support/media-clips.js';
import { containerOf, describeContent, sniffContainer, UnusableMediaError } from './container-sniff.js';
import { mediaTools, untrustedInput } from './ffmpeg.js';
import { concatList, dashManifest, hlsPlaylist, withExternalReference } from './hostile-media.fixture.js';

const run = promisify(execFile);
const URL = 'http://127.0.0.1:9/video.mp4';
let work: string;
let mp4: string;

/** The test clip rewritten by the bundled ffmpeg into another container. */
async function remux(name: string, args: string[]): Promise<string> {
  const file = path.join(work, name);
  await run(mediaTools({}).ffmpeg, ['-hide_banner', '-loglevel', 'error', '-y', '-i', mp4, ...args, file]);
  return file;
}

function saved(name: string, bytes: Buffer): string {
  const file = path.join(work, name);
  writeFileSync(file, bytes);
  return file;
}

beforeAll(async () => {
  work = mkdtempSync(path.join(os.tmpdir(), 'drama-sniff-'));
  mp4 = await makeClip(path.join(work, 'clip.mp4'), { seconds: 1 });
}, 30_000);
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('the container of a file, by its bytes', () => {
  it('takes each container the upload route admits, written by ffmpeg', async () => {
    expect(await containerOf(mp4)).toBe('mov');
    expect(await containerOf(await remux('clip.mov', ['-c', 'copy', '-f', 'mov']))).toBe('mov');
    expect(await containerOf(await remux('clip.mkv', ['-c', 'copy', '-f', 'matroska']))).toBe('matroska');
    expect(await containerOf(await remux('clip.webm', ['-c:v', 'libvpx', '-c:a', 'libvorbis', '-f', 'webm']))).toBe('matroska');
    expect(await containerOf(await remux('clip.ts', ['-c', 'copy', '-f', 'mpegts']))).toBe('mpegts');
    expect(await containerOf(await remux('clip.mpg', ['-c:v', 'mpeg2video', '-c:a', 'mp2', '-f', 'mpeg']))).toBe('mpeg');
  }, 30_000);

  it('refuses manifests, playlists, concat lists and text whatever they are named, saying what they hold', async () => {
    const refusals = [
      [dashManifest(URL), 'a DASH manifest'],
      [hlsPlaylist(URL), 'an HLS playlist'],
      [concatList(URL), 'an ffconcat list'],
      [Buffer.from('<html><body>not a video</body></html>'), 'an XML or HTML document'],
      [Buffer.from('These are meeting notes.\n'), 'text'],
      [Buffer.alloc(0), 'nothing (it is empty)'],
    ] as const;
    for (const [bytes, what] of refusals) {
      expect(sniffContainer(bytes)).toBeNull();
      expect(describeContent(bytes)).toBe(what);
      const file = saved('episode.mp4', bytes);
      await expect(containerOf(file)).rejects.toThrow(UnusableMediaError);
      await expect(containerOf(file)).rejects.toThrow(`not a video processing can take: it holds ${what}`);
    }
  });

  it('refuses an MP4 whose tracks are read from an address, and one hiding its references in a compressed header', async () => {
    const external = saved('external.mp4', withExternalReference(readFileSync(mp4), URL));
    expect(sniffContainer(readFileSync(external))).toBe('mov');
    await expect(containerOf(external)).rejects.toThrow('a track whose media is read from elsewhere (a "url" data reference)');

    const box = (type: string, content: Buffer) => {
      const header = Buffer.alloc(8);
      header.writeUInt32BE(8 + content.length, 0);
      header.write(type, 4, 'latin1');
      return Buffer.concat([header, content]);
    };
    const compressed = Buffer.concat([
      box('ftyp', Buffer.from('qt  \0\0\0\0qt  ', 'latin1')),
      box('moov', box('cmov', box('dcom', Buffer.from('zlib')))),
    ]);
    await expect(containerOf(saved('compressed.mov', compressed))).rejects.toThrow('a compressed movie header');
  });

  it('tells transport streams by their sync bytes, plain and with timestamps, and nothing shorter than three packets', () => {
    const packets = (size: number, sync: number, count: number) => {
      const bytes = Buffer.alloc(size * count, 0xff);
      for (let index = 0; index < count; index += 1) bytes[index * size + sync] = 0x47;
      return bytes;
    };
    expect(sniffContainer(packets(188, 0, 20))).toBe('mpegts');
    expect(sniffContainer(packets(192, 4, 20))).toBe('mpegts');
    expect(sniffContainer(packets(188, 0, 2))).toBeNull();
    const broken = packets(188, 0, 20);
    broken[188 * 5] = 0;
    expect(sniffContainer(broken)).toBeNull();
  });
});

describe('how ffmpeg and ffprobe open an uploaded file', () => {
  it('force the demuxer its bytes are, local files only, and the movie references left alone', async () => {
    expect(await untrustedInput(mp4)).toEqual(['-protocol_whitelist', 'file', '-f', 'mov', '-enable_drefs', '0', '-i', `file:${mp4}`]);
    const mkv = await remux('again.mkv', ['-c', 'copy', '-f', 'matroska']);
    expect(await untrustedInput(mkv)).toEqual(['-protocol_whitelist', 'file', '-f', 'matroska', '-i', `file:${mkv}`]);
    await expect(untrustedInput(saved('list.mp4', concatList(URL)))).rejects.toThrow(UnusableMediaError);
  });
});

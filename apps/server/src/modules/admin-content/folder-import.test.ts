import { spawnSync } from 'node:child_process';
import {
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { type AddressInfo, createServer, type Server } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { makeClip } from '../../../test/support/media-clips.js';
import { mediaTools } from '../episodes/ffmpeg.js';
import { withExternalReference } from '../episodes/hostile-media.fixture.js';
import { detectContent, FolderImportError, prepareFolderImport, srtToVtt, subtitleToVtt } from './folder-import.js';

describe('srtToVtt', () => {
  it('adds the header and writes milliseconds after a dot, keeping cues as they are', () => {
    const srt = '\uFEFF1\r\n00:00:01,000 --> 00:00:02,500\r\nHello, world\r\n\r\n2\r\n00:01:00,000 --> 00:01:02,000\r\n再见\r\n';
    expect(srtToVtt(srt)).toBe(
      'WEBVTT\n\n1\n00:00:01.000 --> 00:00:02.500\nHello, world\n\n2\n00:01:00.000 --> 00:01:02.000\n再见\n',
    );
  });
});

/** The smallest starts of real files: what the import looks at. */
const MP4 = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom'), Buffer.from([0, 0, 2, 0]), Buffer.from('isomiso2'), Buffer.alloc(256, 7)]);
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]), Buffer.from('JFIF\0'), Buffer.alloc(256, 3), Buffer.from([0xff, 0xd9])]);
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);
const WEBP = Buffer.concat([Buffer.from('RIFF'), Buffer.from([64, 0, 0, 0]), Buffer.from('WEBPVP8 '), Buffer.alloc(64, 2)]);
const MOV = Buffer.concat([Buffer.from([0, 0, 0, 8]), Buffer.from('wide'), Buffer.alloc(32)]);
const MKV = Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3]), Buffer.alloc(32, 9)]);
const VTT = 'WEBVTT\n\n00:00:00.300 --> 00:00:04.400\nWhere am I?\n';
const SECRET = 'jwt-signing-secret-that-must-never-be-served-0123456789';

describe('detectContent', () => {
  it.each([
    ['an MP4', MP4, 'iso-bmff'],
    ['a QuickTime file without ftyp', MOV, 'quicktime'],
    ['a Matroska/WebM file', MKV, 'matroska'],
    ['a JPEG', JPEG, 'jpeg'],
    ['a PNG', PNG, 'png'],
    ['a WebP', WEBP, 'webp'],
    ['a playlist posing as a video', Buffer.from('#EXTM3U\n#EXTINF:1,\nfile:///etc/passwd\n'), 'text'],
    ['a secret', Buffer.from(SECRET), 'text'],
    ['nothing', Buffer.alloc(0), 'empty'],
    ['random bytes', Buffer.from([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]), 'unknown'],
  ])('%s', (_name, bytes, kind) => {
    expect(detectContent(bytes.subarray(0, 16))).toBe(kind);
  });
});

describe('subtitleToVtt', () => {
  it('takes WebVTT with its header, after a byte order mark too', () => {
    expect(subtitleToVtt(VTT, 'vtt')).toEqual({ vtt: VTT });
    expect(subtitleToVtt(`\uFEFF${VTT}`, 'vtt')).toEqual({ vtt: VTT });
    expect(subtitleToVtt('WEBVTT - with a title\n', 'vtt')).toEqual({ vtt: 'WEBVTT - with a title\n' });
  });

  it('refuses WebVTT without the header, and SubRip that is not cues', () => {
    for (const text of ['', '00:00:00.300 --> 00:00:04.400\nHi\n', 'WEBVTTX\n', `${SECRET}\n`]) {
      expect(subtitleToVtt(text, 'vtt')).toHaveProperty('problem');
    }
    for (const text of ['', SECRET, '1\nHello\n', '1\n00:00:01,000 --> 00:00:02,000\nHi\n\nno timing here\n']) {
      expect(subtitleToVtt(text, 'srt')).toHaveProperty('problem');
    }
    expect(subtitleToVtt('1\n00:00:01,000 --> 00:00:02,000\nHi\n', 'srt')).toEqual({
      vtt: 'WEBVTT\n\n1\n00:00:01.000 --> 00:00:02.000\nHi\n',
    });
  });
});

describe('prepareFolderImport trusts nothing in the folder', () => {
  let work: string;
  let source: string;
  let media: string;
  let outside: string;
  let lines: string[];

  const meta = (title: string) => ({
    title: { 'zh-CN': title, 'zh-Hant': title, 'en-US': title },
    description: { 'zh-CN': '简介', 'zh-Hant': '簡介', 'en-US': 'About it' },
    freeEpisodes: 1,
    episodes: [{ sequence: 1, durationSeconds: 30 }],
  });

  /** A sound drama folder: meta.json, cover.jpg, 01.mp4 and English subtitles. */
  function writeDrama(dir: string, title = 'Harbour Doctor'): void {
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, 'meta.json'), JSON.stringify(meta(title)));
    writeFileSync(path.join(dir, 'cover.jpg'), JPEG);
    writeFileSync(path.join(dir, '01.mp4'), MP4);
    writeFileSync(path.join(dir, '01.en.vtt'), VTT);
  }

  /** Every file and link under MEDIA_DIR (folders left out). */
  function mediaFiles(dir = media): string[] {
    if (!existsSync(dir)) return [];
    return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
      entry.isDirectory() ? mediaFiles(path.join(dir, entry.name)) : [path.relative(media, path.join(dir, entry.name))],
    );
  }

  const prepare = () => prepareFolderImport(source, { mediaDir: media, transcode: false, log: (line) => lines.push(line) });

  beforeEach(() => {
    work = mkdtempSync(path.join(os.tmpdir(), 'drama-folder-import-'));
    source = path.join(work, 'season');
    media = path.join(work, 'media');
    outside = path.join(work, 'data');
    lines = [];
    mkdirSync(outside, { recursive: true });
    writeFileSync(path.join(outside, 'jwt-secret'), SECRET);
    writeFileSync(path.join(outside, 'episode.mp4'), MP4);
    writeFileSync(path.join(outside, 'subtitles.vtt'), VTT);
    writeDrama(path.join(source, 'harbour-doctor'));
  });
  afterEach(() => {
    rmSync(work, { recursive: true, force: true });
  });

  it('copies a sound folder: the same bytes, and SubRip turned into WebVTT', async () => {
    writeFileSync(path.join(source, 'harbour-doctor', '01.zh.srt'), '1\r\n00:00:00,300 --> 00:00:04,400\r\n我在哪\r\n');
    const body = await prepare();
    expect(body.dramas).toMatchObject([
      {
        slug: 'harbour-doctor',
        coverPath: 'harbour-doctor.jpg',
        episodes: [{ sequence: 1, isFree: true, durationSeconds: 30, mediaKey: 'harbour-doctor-ep01' }],
      },
    ]);
    expect(mediaFiles().sort()).toEqual([
      'clips/harbour-doctor-ep01.en.vtt',
      'clips/harbour-doctor-ep01.mp4',
      'clips/harbour-doctor-ep01.zh.vtt',
      'covers/harbour-doctor.jpg',
    ]);
    expect(readFileSync(path.join(media, 'clips/harbour-doctor-ep01.mp4')).equals(MP4)).toBe(true);
    expect(readFileSync(path.join(media, 'covers/harbour-doctor.jpg')).equals(JPEG)).toBe(true);
    expect(readFileSync(path.join(media, 'clips/harbour-doctor-ep01.zh.vtt'), 'utf8')).toBe(
      'WEBVTT\n\n1\n00:00:00.300 --> 00:00:04.400\n我在哪\n',
    );
  });

  const drama = () => path.join(source, 'harbour-doctor');
  const replaceWithLink = (file: string, target: string) => {
    rmSync(file, { recursive: true, force: true });
    symlinkSync(target, file);
  };

  it.each<[string, () => void, RegExp]>([
    [
      'a cover linked to a secret outside the folder',
      () => replaceWithLink(path.join(drama(), 'cover.jpg'), path.join(outside, 'jwt-secret')),
      /harbour-doctor\/cover\.jpg is a symbolic link/,
    ],
    [
      'an episode linked to a real MP4 outside the folder',
      () => replaceWithLink(path.join(drama(), '01.mp4'), path.join(outside, 'episode.mp4')),
      /harbour-doctor\/01\.mp4 is a symbolic link/,
    ],
    [
      'subtitles linked to a file outside the folder',
      () => replaceWithLink(path.join(drama(), '01.en.vtt'), path.join(outside, 'subtitles.vtt')),
      /harbour-doctor\/01\.en\.vtt is a symbolic link/,
    ],
    [
      'a meta.json linked from outside',
      () => {
        writeFileSync(path.join(outside, 'meta.json'), JSON.stringify(meta('Linked')));
        replaceWithLink(path.join(drama(), 'meta.json'), path.join(outside, 'meta.json'));
      },
      /harbour-doctor\/meta\.json is a symbolic link/,
    ],
    [
      'a catalogue.json linked from outside',
      () => {
        writeFileSync(path.join(outside, 'catalogue.json'), '{"categories":[],"tags":[]}');
        symlinkSync(path.join(outside, 'catalogue.json'), path.join(source, 'catalogue.json'));
      },
      /season\/catalogue\.json is a symbolic link/,
    ],
    [
      'a drama folder that is a link to a folder outside',
      () => {
        writeDrama(path.join(outside, 'elsewhere'), 'Elsewhere');
        symlinkSync(path.join(outside, 'elsewhere'), path.join(source, 'elsewhere'));
      },
      /season\/elsewhere is a symbolic link/,
    ],
    [
      'a link that points inside the folder',
      () => {
        writeFileSync(path.join(drama(), 'poster.jpg'), JPEG);
        replaceWithLink(path.join(drama(), 'cover.jpg'), './poster.jpg');
      },
      /harbour-doctor\/cover\.jpg is a symbolic link/,
    ],
    [
      'a cover.jpg that is text',
      () => writeFileSync(path.join(drama(), 'cover.jpg'), SECRET),
      /harbour-doctor\/cover\.jpg is not a JPEG image as its name says: it holds text/,
    ],
    [
      'a cover.jpg that is a PNG',
      () => writeFileSync(path.join(drama(), 'cover.jpg'), PNG),
      /cover\.jpg is not a JPEG image as its name says: it holds a PNG image/,
    ],
    [
      'an 01.mp4 that is a playlist naming other files',
      () => writeFileSync(path.join(drama(), '01.mp4'), '#EXTM3U\n#EXTINF:1,\nfile:///etc/passwd\n'),
      /harbour-doctor\/01\.mp4 is not an MP4 video as its name says: it holds text/,
    ],
    [
      'an empty 01.mp4',
      () => writeFileSync(path.join(drama(), '01.mp4'), ''),
      /01\.mp4 is not an MP4 video as its name says: it holds nothing/,
    ],
    [
      'an 01.mp4 that is a folder',
      () => {
        rmSync(path.join(drama(), '01.mp4'));
        mkdirSync(path.join(drama(), '01.mp4'));
      },
      /harbour-doctor\/01\.mp4 is not a regular file/,
    ],
    [
      'a .vtt without the WEBVTT header',
      () => writeFileSync(path.join(drama(), '01.en.vtt'), '00:00:00.300 --> 00:00:04.400\nWhere am I?\n'),
      /harbour-doctor\/01\.en\.vtt is not WebVTT/,
    ],
    [
      'a .srt that is not SubRip',
      () => writeFileSync(path.join(drama(), '01.zh.srt'), `${SECRET}\n`),
      /harbour-doctor\/01\.zh\.srt is not SubRip/,
    ],
    [
      'subtitles that are not UTF-8 text',
      () => writeFileSync(path.join(drama(), '01.en.vtt'), Buffer.concat([Buffer.from('WEBVTT\n\n'), Buffer.from([0xff, 0xfe, 0xfd])])),
      /01\.en\.vtt is not UTF-8 text/,
    ],
    [
      'a sound drama beside one whose episode is a link',
      () => {
        writeDrama(path.join(source, 'zz-second'), 'Second');
        replaceWithLink(path.join(source, 'zz-second', '01.mp4'), path.join(outside, 'episode.mp4'));
      },
      /zz-second\/01\.mp4 is a symbolic link/,
    ],
  ])('refuses %s, naming the file, and copies nothing', async (_name, spoil, message) => {
    spoil();
    const refusal = prepare();
    await expect(refusal).rejects.toThrow(FolderImportError);
    await expect(refusal).rejects.toThrow(message);
    expect(mediaFiles()).toEqual([]);
  });

  it.skipIf(spawnSync('mkfifo', ['--help'], { stdio: 'ignore' }).error !== undefined)(
    'refuses an episode that is a FIFO without waiting on it',
    { timeout: 5_000 },
    async () => {
      rmSync(path.join(drama(), '01.mp4'));
      expect(spawnSync('mkfifo', [path.join(drama(), '01.mp4')]).status).toBe(0);
      await expect(prepare()).rejects.toThrow(/01\.mp4 is not a regular file/);
      expect(mediaFiles()).toEqual([]);
    },
  );

  it('replaces a link left in MEDIA_DIR instead of writing through it', async () => {
    const victim = path.join(outside, 'victim.txt');
    writeFileSync(victim, 'keep me');
    mkdirSync(path.join(media, 'clips'), { recursive: true });
    symlinkSync(victim, path.join(media, 'clips', 'harbour-doctor-ep01.mp4'));
    await prepare();
    expect(readFileSync(victim, 'utf8')).toBe('keep me');
    const copied = path.join(media, 'clips', 'harbour-doctor-ep01.mp4');
    expect(lstatSync(copied).isFile()).toBe(true);
    expect(readFileSync(copied).equals(MP4)).toBe(true);
    expect(mediaFiles().filter((file) => file.includes('.partial'))).toEqual([]);
  });

  it('takes the folder the operator names through a link of their own', async () => {
    const named = path.join(work, 'named-link');
    symlinkSync(source, named);
    const body = await prepareFolderImport(named, { mediaDir: media, transcode: false, log: () => {} });
    expect(body.dramas.map((item) => item.slug)).toEqual(['harbour-doctor']);
  });
});

describe('prepareFolderImport with ffmpeg and ffprobe on PATH', () => {
  let work: string;
  let clip: Buffer;
  let listener: Server;
  let connections = 0;
  let url = '';
  const path0 = process.env.PATH;

  /** A drama folder of the given episode files, with no cover (taken from episode 1). */
  function folderOf(files: Record<string, Buffer>): { source: string; media: string } {
    const source = mkdtempSync(path.join(work, 'season-'));
    const dir = path.join(source, 'harbour-doctor');
    mkdirSync(dir);
    writeFileSync(
      path.join(dir, 'meta.json'),
      JSON.stringify({ title: { 'zh-CN': '港', 'zh-Hant': '港', 'en-US': 'Harbour' }, description: { 'zh-CN': '简介', 'zh-Hant': '簡介', 'en-US': 'About' }, freeEpisodes: 1 }),
    );
    for (const [name, bytes] of Object.entries(files)) writeFileSync(path.join(dir, name), bytes);
    return { source, media: path.join(source, 'media') };
  }

  beforeAll(async () => {
    work = mkdtempSync(path.join(os.tmpdir(), 'drama-folder-import-tools-'));
    // The import runs the tools found on PATH: here the bundled ones.
    const bin = path.join(work, 'bin');
    mkdirSync(bin);
    const tools = mediaTools({});
    symlinkSync(tools.ffmpeg, path.join(bin, 'ffmpeg'));
    symlinkSync(tools.ffprobe, path.join(bin, 'ffprobe'));
    process.env.PATH = `${bin}${path.delimiter}${path0 ?? ''}`;
    clip = readFileSync(await makeClip(path.join(work, 'clip.mp4')));
    listener = createServer((socket) => {
      connections += 1;
      socket.destroy();
    });
    await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(listener.address() as AddressInfo).port}/video.mp4`;
  }, 30_000);
  afterAll(async () => {
    process.env.PATH = path0;
    await new Promise((resolve) => listener.close(resolve));
    rmSync(work, { recursive: true, force: true });
  });

  it('probes, cuts HLS and takes the cover from a real MP4, and turns a Matroska episode into MP4', async () => {
    const mkv = path.join(work, 'clip.mkv');
    expect(spawnSync('ffmpeg', ['-loglevel', 'error', '-y', '-i', path.join(work, 'clip.mp4'), '-c', 'copy', mkv]).status).toBe(0);
    const { source, media } = folderOf({ '01.mp4': clip, '02.mkv': readFileSync(mkv) });
    const body = await prepareFolderImport(source, { mediaDir: media, transcode: true, log: () => {} });
    expect(body.dramas[0]?.episodes.map((episode) => [episode.sequence, episode.durationSeconds])).toEqual([
      [1, 2],
      [2, 2],
    ]);
    for (const file of ['clips/harbour-doctor-ep02.mp4', 'hls/harbour-doctor-ep01/master.m3u8', 'hls/harbour-doctor-ep02/360p/seg-000.ts']) {
      expect(existsSync(path.join(media, file))).toBe(true);
    }
    expect(readFileSync(path.join(media, 'clips/harbour-doctor-ep02.mp4')).toString('latin1', 4, 8)).toBe('ftyp');
    expect(readFileSync(path.join(media, 'covers/harbour-doctor.jpg')).subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
  }, 60_000);

  it('refuses an MP4 whose tracks refer to an address, opening nothing', async () => {
    const { source, media } = folderOf({ '01.mp4': withExternalReference(clip, url) });
    await expect(prepareFolderImport(source, { mediaDir: media, transcode: true, log: () => {} })).rejects.toThrow(
      /01\.mp4 cannot be read as a video: .* a track whose media is read from elsewhere/,
    );
    expect(connections).toBe(0);
  }, 30_000);
});

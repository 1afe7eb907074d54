/**
 * Turns a folder of media into a catalogue import, for the operator's command
 * (`npm run admin -- import <folder>`). It runs on the operator's machine, next to the server:
 * it copies the media into MEDIA_DIR, and with ffmpeg on PATH also cuts HLS renditions and
 * takes a cover from the first episode. The server is then told about it through the import
 * call; this code never touches the database.
 *
 *   <folder>/catalogue.json           optional: { "categories": [...], "tags": [...] } to create
 *   <folder>/<drama-slug>/meta.json   the drama (see dramaMetaSchema)
 *   <folder>/<drama-slug>/cover.jpg   or .jpeg/.png/.webp; taken from episode 1 when missing (ffmpeg)
 *   <folder>/<drama-slug>/01.mp4      episode 1 (also 1.mp4, ep01.mp4; .mov/.mkv/.webm need ffmpeg)
 *   <folder>/<drama-slug>/01.en.vtt   subtitles: zh, zh-Hant or en; .srt is turned into WebVTT
 *
 * A folder holding meta.json itself is imported as one drama.
 *
 * Nothing in the folder is trusted: it may have come from anyone, and what lands in MEDIA_DIR is
 * public. A symbolic link is refused wherever the import looks (a cover linked to
 * DATA_DIR/jwt-secret would publish the secret), as is any file whose real location is outside
 * the folder. Each file is opened once without following links and checked on that handle, by
 * what it holds: videos, images and subtitles must be what their names say. Every drama is
 * checked before the first file is copied, so that a refused folder leaves MEDIA_DIR as it was,
 * and the server hears of nothing.
 */
import { execFile, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { constants, createWriteStream, type Dirent } from 'node:fs';
import { type FileHandle, lstat, mkdir, open, readdir, readFile, realpath, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import {
  adminDramaImportBodySchema,
  type AdminDramaImportBody,
  contentSlugSchema,
  importCategorySchema,
  importDramaSchema,
  importTagSchema,
} from '@drama/contracts';
import { z } from 'zod';
import { UnusableMediaError } from '../episodes/container-sniff.js';
import { LOCAL_OUTPUT, untrustedInput } from '../episodes/ffmpeg.js';
import { isInside } from './stored-media.js';

const SUBTITLE_LANGUAGES = ['zh', 'zh-Hant', 'en'] as const;
const VIDEO_FILE = /^(?:ep)?0*(\d{1,4})\.(mp4|m4v|mov|mkv|webm)$/i;
const SUBTITLE_FILE = /^(?:ep)?0*(\d{1,4})\.(zh|zh-Hant|en)\.(vtt|srt)$/i;
const COVER_FILE = /^cover\.(jpe?g|png|webp)$/i;
/** Quiet, never waiting on stdin, overwriting what an earlier import left. */
const FFMPEG = ['-hide_banner', '-loglevel', 'error', '-nostdin', '-y'];
const SEGMENT_SECONDS = 2;
/** Renditions by their short side; those above the source's are skipped (the smallest always made). */
const LADDER = [
  { name: '720p', side: 720, crf: 23, audio: '128k' },
  { name: '360p', side: 360, crf: 27, audio: '64k' },
] as const;

/**
 * Files of the folder are opened without following a symbolic link in the last step, and without
 * waiting for a writer when one turns out to be a FIFO (it is then refused as not a regular file).
 */
const SOURCE_OPEN_FLAGS = constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK;
const MAX_JSON_BYTES = 1024 * 1024;
const MAX_SUBTITLE_BYTES = 5 * 1024 * 1024;
/** Enough of a file's start to tell its kind. */
const HEAD_BYTES = 16;
const LINK_REASON = 'is a symbolic link: the import copies only regular files that are inside the folder';

export const dramaMetaSchema = z
  .object({
    /** Default: the folder's name. */
    slug: contentSlugSchema.optional(),
    title: importDramaSchema.shape.title,
    description: importDramaSchema.shape.description,
    category: contentSlugSchema.nullable().optional(),
    tags: z.array(contentSlugSchema).max(10).optional(),
    status: z.enum(['published', 'draft', 'hidden']).optional(),
    featured: z.boolean().optional(),
    completed: z.boolean().optional(),
    /** Episodes 1..freeEpisodes are free, the rest need VIP. */
    freeEpisodes: z.int().min(0).max(5_000),
    /** Per-episode overrides: which are free, and durations when ffprobe cannot tell. */
    episodes: z
      .array(
        z.object({
          sequence: z.int().min(1).max(5_000),
          isFree: z.boolean().optional(),
          durationSeconds: z.int().min(0).max(86_400).optional(),
        }),
      )
      .optional(),
  })
  .strict();

const catalogueFileSchema = z
  .object({
    categories: z.array(importCategorySchema).default([]),
    tags: z.array(importTagSchema).default([]),
  })
  .strict();

/** A problem with the folder: the operator's to fix, reported without a stack. */
export class FolderImportError extends Error {}

function refused(file: string, reason: string): FolderImportError {
  return new FolderImportError(`${file} ${reason}`);
}

export interface FolderImportOptions {
  mediaDir: string;
  /** false: copy as given, no HLS and no cover extraction, even with ffmpeg present. */
  transcode: boolean;
  log: (line: string) => void;
}

interface Tools {
  ffmpeg: boolean;
  ffprobe: boolean;
}

function hasTool(name: string): boolean {
  const result = spawnSync(name, ['-version'], { stdio: 'ignore' });
  return !result.error && result.status === 0;
}

function run(command: string, args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(command, args, { maxBuffer: 16 * 1024 * 1024 }, (error, stdout, stderr) => {
      if (error) reject(new FolderImportError(`${command} failed: ${stderr.trim().split('\n').slice(-3).join(' ') || error.message}`));
      else resolve(stdout);
    });
  });
}

/**
 * How ffmpeg and ffprobe read a file: as processing of uploads does (untrustedInput), local files
 * only, with the demuxer its bytes are. Left to guess, they would read a "video" that is really a
 * playlist, and open whatever it lists.
 */
async function ffmpegInput(file: string): Promise<string[]> {
  try {
    return await untrustedInput(file);
  } catch (error) {
    if (error instanceof UnusableMediaError) throw refused(file, `cannot be read as a video: ${error.message}`);
    throw error;
  }
}

// ---------------------------------------------------------------------------------------------
// What a file holds

export type ContentKind = 'iso-bmff' | 'quicktime' | 'matroska' | 'jpeg' | 'png' | 'webp' | 'text' | 'empty' | 'unknown';

const KIND_NAMES: Record<ContentKind, string> = {
  'iso-bmff': 'an MP4 (ISO BMFF) video',
  quicktime: 'a QuickTime video',
  matroska: 'a Matroska/WebM video',
  jpeg: 'a JPEG image',
  png: 'a PNG image',
  webp: 'a WebP image',
  text: 'text',
  empty: 'nothing (it is empty)',
  unknown: 'data of no kind the import knows',
};

/** Old QuickTime files may start with any of these boxes instead of `ftyp`. */
const QUICKTIME_BOXES = new Set(['moov', 'wide', 'mdat', 'free', 'skip']);

/** What each file name may hold, by its extension, and how the operator is told. */
const EXPECTED: Record<string, { kinds: readonly ContentKind[]; name: string }> = {
  mp4: { kinds: ['iso-bmff'], name: 'an MP4 video' },
  m4v: { kinds: ['iso-bmff'], name: 'an MP4 video' },
  mov: { kinds: ['iso-bmff', 'quicktime'], name: 'a QuickTime video' },
  mkv: { kinds: ['matroska'], name: 'a Matroska video' },
  webm: { kinds: ['matroska'], name: 'a WebM video' },
  jpg: { kinds: ['jpeg'], name: 'a JPEG image' },
  jpeg: { kinds: ['jpeg'], name: 'a JPEG image' },
  png: { kinds: ['png'], name: 'a PNG image' },
  webp: { kinds: ['webp'], name: 'a WebP image' },
};

function looksLikeText(bytes: Buffer): boolean {
  return bytes.every((byte) => byte === 0x09 || byte === 0x0a || byte === 0x0d || (byte >= 0x20 && byte !== 0x7f));
}

/** What a file holds, by its first bytes (16 are enough). */
export function detectContent(head: Uint8Array): ContentKind {
  const bytes = Buffer.from(head.buffer, head.byteOffset, head.byteLength);
  if (bytes.length === 0) return 'empty';
  const startsWith = (...values: number[]) => values.every((value, index) => bytes[index] === value);
  if (startsWith(0xff, 0xd8, 0xff)) return 'jpeg';
  if (startsWith(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'png';
  if (bytes.length >= 12 && bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP') {
    return 'webp';
  }
  if (startsWith(0x1a, 0x45, 0xdf, 0xa3)) return 'matroska';
  const box = bytes.length >= 8 ? bytes.toString('latin1', 4, 8) : '';
  if (box === 'ftyp') return 'iso-bmff';
  if (QUICKTIME_BOXES.has(box)) return 'quicktime';
  return looksLikeText(bytes) ? 'text' : 'unknown';
}

/** The file's kind when it holds what its extension says; else it is refused, naming what it holds. */
function assertContent(file: string, head: Uint8Array): ContentKind {
  const expected = EXPECTED[path.extname(file).slice(1).toLowerCase()];
  const found = detectContent(head);
  if (!expected) throw refused(file, 'has an extension the import does not take');
  if (!expected.kinds.includes(found)) {
    throw refused(file, `is not ${expected.name} as its name says: it holds ${KIND_NAMES[found]}`);
  }
  return found;
}

const VTT_HEADER = /^WEBVTT(?:[ \t][^\r\n]*)?(?:\r\n|\r|\n|$)/;
const SRT_TIMING = /^\d{2,}:\d{2}:\d{2}[,.]\d{3}[ \t]+-->[ \t]+\d{2,}:\d{2}:\d{2}[,.]\d{3}(?:[ \t].*)?$/;

/** SubRip to WebVTT: a header, and a dot instead of the comma before milliseconds. */
export function srtToVtt(srt: string): string {
  const body = srt
    .replace(/^\uFEFF/, '')
    .replace(/\r\n?/g, '\n')
    .replace(/(\d{2}:\d{2}:\d{2}),(\d{3})/g, '$1.$2')
    .trim();
  return `WEBVTT\n\n${body}\n`;
}

/**
 * The WebVTT to store for a subtitle file's text, or why there is none: WebVTT must start with its
 * header line (after an optional byte order mark); SubRip must be cues, each with its timing line.
 */
export function subtitleToVtt(text: string, format: 'vtt' | 'srt'): { vtt: string } | { problem: string } {
  const body = text.replace(/^\uFEFF/, '');
  if (format === 'vtt') {
    return VTT_HEADER.test(body) ? { vtt: body } : { problem: 'is not WebVTT: it must start with the line WEBVTT' };
  }
  const blocks = body.replace(/\r\n?/g, '\n').trim().split(/\n\s*\n/);
  if (blocks[0] === '') return { problem: 'is empty: SubRip needs at least one cue' };
  for (const [index, block] of blocks.entries()) {
    const lines = block.split('\n').map((line) => line.trim());
    const timing = /^\d+$/.test(lines[0] ?? '') ? lines[1] : lines[0];
    if (!timing || !SRT_TIMING.test(timing)) {
      return { problem: `is not SubRip: cue ${index + 1} has no timing line like 00:00:01,000 --> 00:00:02,500` };
    }
  }
  return { vtt: srtToVtt(body) };
}

function decodeText(file: string, bytes: Uint8Array): string {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw refused(file, 'is not UTF-8 text');
  }
  if (text.includes('\0')) throw refused(file, 'is not text: it holds NUL bytes');
  return text;
}

// ---------------------------------------------------------------------------------------------
// Reading the folder, which nothing vouches for

/** A file of the folder as it was checked, so that the copy can tell it is reading the same one. */
interface SourceFile {
  file: string;
  dev: number;
  ino: number;
  size: number;
}

/**
 * Opens a file of the folder: never through a symbolic link, never anything but a regular file,
 * and only when its real location is inside the folder. The checks are made on the open handle,
 * which is then what gets read or copied, so that a file swapped after the checks is not the one
 * used. With `known`, the handle must be the very file seen when the folder was checked.
 */
async function openSource(root: string, file: string, known?: SourceFile): Promise<{ handle: FileHandle; source: SourceFile }> {
  let handle: FileHandle;
  try {
    handle = await open(file, SOURCE_OPEN_FLAGS);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    // ELOOP from Linux and macOS, EMLINK from FreeBSD, for a link opened with O_NOFOLLOW.
    if (code === 'ELOOP' || code === 'EMLINK') throw refused(file, LINK_REASON);
    throw new FolderImportError(`Cannot read ${file}: ${(error as Error).message}`);
  }
  try {
    const info = await handle.stat();
    if (!info.isFile()) throw refused(file, 'is not a regular file');
    // The real path must lead to the opened file: a folder on the way swapped for a link
    // around the open would show here.
    const real = await realpath(file).catch(() => null);
    const there = real ? await stat(real).catch(() => null) : null;
    if (!real || !there || !isInside(root, real) || there.dev !== info.dev || there.ino !== info.ino) {
      throw refused(file, 'leads outside the import folder');
    }
    if (known && (known.dev !== info.dev || known.ino !== info.ino || known.size !== info.size)) {
      throw refused(file, 'changed while the import ran');
    }
    return { handle, source: { file, dev: info.dev, ino: info.ino, size: info.size } };
  } catch (error) {
    await handle.close();
    throw error;
  }
}

async function readHead(handle: FileHandle): Promise<Buffer> {
  const buffer = Buffer.alloc(HEAD_BYTES);
  const { bytesRead } = await handle.read(buffer, 0, HEAD_BYTES, 0);
  return buffer.subarray(0, bytesRead);
}

async function readSourceText(root: string, file: string, limit: number, known?: SourceFile) {
  const { handle, source } = await openSource(root, file, known);
  try {
    if (source.size > limit) throw refused(file, `is larger than ${Math.round(limit / 1024 / 1024)} MB`);
    return { source, text: decodeText(file, await handle.readFile()) };
  } finally {
    await handle.close();
  }
}

async function readJson(root: string, file: string): Promise<unknown> {
  const { text } = await readSourceText(root, file, MAX_JSON_BYTES);
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new FolderImportError(`${file} is not valid JSON: ${(error as Error).message}`);
  }
}

/** A video or cover, checked by its content; `kind` is what it was found to hold. */
interface CheckedMedia {
  source: SourceFile;
  kind: ContentKind;
}

async function checkMedia(root: string, file: string): Promise<CheckedMedia> {
  const { handle, source } = await openSource(root, file);
  try {
    return { source, kind: assertContent(file, await readHead(handle)) };
  } finally {
    await handle.close();
  }
}

async function checkSubtitle(root: string, file: string, known?: SourceFile): Promise<{ source: SourceFile; vtt: string }> {
  const { source, text } = await readSourceText(root, file, MAX_SUBTITLE_BYTES, known);
  const result = subtitleToVtt(text, file.toLowerCase().endsWith('.srt') ? 'srt' : 'vtt');
  if ('problem' in result) throw refused(file, result.problem);
  return { source, vtt: result.vtt };
}

async function listFolder(dir: string): Promise<Dirent[]> {
  try {
    return await readdir(dir, { withFileTypes: true });
  } catch (error) {
    throw new FolderImportError(`Cannot read ${dir}: ${(error as Error).message}`);
  }
}

function assertRegular(file: string, info: { isSymbolicLink(): boolean; isFile(): boolean }): void {
  if (info.isSymbolicLink()) throw refused(file, LINK_REASON);
  if (!info.isFile()) throw refused(file, 'is not a regular file');
}

/** Whether `file` is there; a link or anything but a regular file there is refused. */
async function regularFileAt(file: string): Promise<boolean> {
  const info = await lstat(file).catch(() => null);
  if (!info) return false;
  assertRegular(file, info);
  return true;
}

// ---------------------------------------------------------------------------------------------
// Writing into MEDIA_DIR

/**
 * Writes beside the target, then renames over it: a link left at the target (by an earlier
 * import, or anyone else) is replaced rather than written through, and a half-written file is
 * never served. `suffix` keeps the extension ffmpeg picks its output format from.
 */
async function writeAtomically(target: string, write: (temporary: string) => Promise<unknown>, suffix = ''): Promise<void> {
  const temporary = path.join(
    path.dirname(target),
    `.${path.basename(target)}.${randomBytes(6).toString('hex')}.partial${suffix}`,
  );
  try {
    await write(temporary);
    await rename(temporary, target);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}

/** Copies a checked file of the folder, checking it again on the handle that is copied from. */
async function copySource(root: string, media: CheckedMedia, target: string): Promise<void> {
  const { handle } = await openSource(root, media.source.file, media.source);
  try {
    assertContent(media.source.file, await readHead(handle));
    await writeAtomically(target, (temporary) =>
      pipeline(handle.createReadStream({ start: 0, autoClose: false }), createWriteStream(temporary, { flags: 'wx' })),
    );
  } finally {
    await handle.close();
  }
}

async function probe(file: string): Promise<{ duration: number; width: number; height: number }> {
  const out = await run('ffprobe', [
    '-v',
    'error',
    '-select_streams',
    'v:0',
    '-show_entries',
    'stream=width,height:format=duration',
    '-of',
    'json',
    ...(await ffmpegInput(file)),
  ]);
  const parsed = z
    .object({
      streams: z.array(z.object({ width: z.number(), height: z.number() })).min(1),
      format: z.object({ duration: z.coerce.number() }),
    })
    .safeParse(JSON.parse(out));
  if (!parsed.success) throw new FolderImportError(`${file} has no video stream ffprobe can read`);
  const [stream] = parsed.data.streams;
  return { duration: parsed.data.format.duration, width: stream?.width ?? 0, height: stream?.height ?? 0 };
}

/** Peak bit rate of a rendition, from its playlist's segment durations and sizes. */
async function peakBandwidth(folder: string): Promise<number> {
  const lines = (await readFile(path.join(folder, 'index.m3u8'), 'utf8')).split('\n');
  let duration = SEGMENT_SECONDS;
  let peak = 0;
  for (const line of lines) {
    if (line.startsWith('#EXTINF:')) duration = Math.max(0.5, Number.parseFloat(line.slice(8)) || SEGMENT_SECONDS);
    else if (line.trim() && !line.startsWith('#')) {
      const { size } = await stat(path.join(folder, line.trim()));
      peak = Math.max(peak, Math.round((size * 8) / duration));
    }
  }
  return Math.max(peak, 1);
}

/** HLS renditions of one clip into MEDIA_DIR/hls/<key>, swapped into place when complete. */
async function makeHls(source: string, key: string, mediaDir: string, size: { width: number; height: number }) {
  const shortSide = Math.min(size.width, size.height) || 360;
  const rungs = LADDER.filter((rung) => rung.side <= shortSide);
  if (rungs.length === 0) rungs.push(LADDER[LADDER.length - 1] ?? LADDER[0]);
  const portrait = size.height >= size.width;
  const work = path.join(mediaDir, 'hls', `.${key}.partial`);
  await rm(work, { recursive: true, force: true });
  const variants: string[] = [];
  for (const rung of rungs) {
    const dir = path.join(work, rung.name);
    await mkdir(dir, { recursive: true });
    const scale = portrait ? `scale=${rung.side}:-2` : `scale=-2:${rung.side}`;
    await run('ffmpeg', [
      ...FFMPEG, ...(await ffmpegInput(source)),
      '-map', '0:v:0', '-map', '0:a:0?',
      '-vf', `${scale},setsar=1`,
      '-c:v', 'libx264', '-preset', 'medium', '-crf', String(rung.crf), '-pix_fmt', 'yuv420p',
      // A keyframe at every segment boundary, so that the renditions switch cleanly.
      '-force_key_frames', `expr:gte(t,n_forced*${SEGMENT_SECONDS})`, '-sc_threshold', '0',
      '-c:a', 'aac', '-b:a', rung.audio,
      '-f', 'hls', '-hls_time', String(SEGMENT_SECONDS), '-hls_playlist_type', 'vod',
      '-hls_flags', 'independent_segments',
      '-hls_segment_filename', path.join(dir, 'seg-%03d.ts'),
      ...LOCAL_OUTPUT, path.join(dir, 'index.m3u8'),
    ]);
    const scaled = portrait
      ? { width: rung.side, height: Math.round((size.height * rung.side) / size.width / 2) * 2 }
      : { width: Math.round((size.width * rung.side) / size.height / 2) * 2, height: rung.side };
    variants.push(
      `#EXT-X-STREAM-INF:BANDWIDTH=${await peakBandwidth(dir)},RESOLUTION=${scaled.width}x${scaled.height}\n${rung.name}/index.m3u8`,
    );
  }
  await writeFile(
    path.join(work, 'master.m3u8'),
    `#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-INDEPENDENT-SEGMENTS\n${variants.join('\n')}\n`,
  );
  const target = path.join(mediaDir, 'hls', key);
  await rm(target, { recursive: true, force: true });
  await rename(work, target);
  return rungs.map((rung) => rung.name);
}

// ---------------------------------------------------------------------------------------------
// The import

interface DramaFolder {
  dir: string;
  name: string;
}

/**
 * The drama folders of the import folder (`root`, its real path). A link among them is refused,
 * wherever it points: the folder is meant to hold drama folders, not point at others.
 */
async function dramaFolders(root: string, name: string): Promise<DramaFolder[]> {
  if (await regularFileAt(path.join(root, 'meta.json'))) return [{ dir: root, name }];
  const entries = await listFolder(root);
  const folders: DramaFolder[] = [];
  for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
    if (entry.name.startsWith('.')) continue;
    const dir = path.join(root, entry.name);
    if (entry.isSymbolicLink()) throw refused(dir, LINK_REASON);
    if (!entry.isDirectory()) continue;
    if (await regularFileAt(path.join(dir, 'meta.json'))) folders.push({ dir, name: entry.name });
  }
  if (folders.length === 0) {
    throw new FolderImportError(`No drama in ${root}: expected <slug>/meta.json folders, or meta.json in the folder itself.`);
  }
  return folders;
}

interface DramaPlan {
  dir: string;
  slug: string;
  meta: z.output<typeof dramaMetaSchema>;
  videos: Map<number, CheckedMedia>;
  sequences: number[];
  subtitles: Array<{ sequence: number; language: string; source: SourceFile }>;
  /** Subtitle files of episodes that are not there. */
  skipped: Array<{ sequence: number; file: string }>;
  cover: CheckedMedia | undefined;
  keyOf: (sequence: number) => string;
}

/** Reads and checks one drama folder, every file of it, copying nothing. */
async function planDrama(root: string, folder: DramaFolder, tools: Tools): Promise<DramaPlan> {
  const metaFile = path.join(folder.dir, 'meta.json');
  const parsed = dramaMetaSchema.safeParse(await readJson(root, metaFile));
  if (!parsed.success) throw new FolderImportError(describeIssues(metaFile, parsed.error));
  const meta = parsed.data;
  const slugCheck = contentSlugSchema.safeParse(meta.slug ?? folder.name);
  if (!slugCheck.success) {
    throw new FolderImportError(`${folder.dir}: the folder name is not a usable slug; set "slug" in meta.json.`);
  }
  const slug = slugCheck.data;

  const videoFiles = new Map<number, string>();
  const subtitleFiles: Array<{ sequence: number; language: string; file: string }> = [];
  let coverFile: string | undefined;
  const entries = (await listFolder(folder.dir)).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const entry of entries) {
    const file = path.join(folder.dir, entry.name);
    const video = VIDEO_FILE.exec(entry.name);
    const subtitle = SUBTITLE_FILE.exec(entry.name);
    const cover = COVER_FILE.test(entry.name);
    if (!video && !subtitle && !cover) continue;
    assertRegular(file, entry);
    if (video) {
      const sequence = Number(video[1]);
      if (sequence < 1) throw new FolderImportError(`${file}: episodes are numbered from 1.`);
      if (videoFiles.has(sequence)) throw new FolderImportError(`${folder.dir}: two files for episode ${sequence}.`);
      if (!/\.(mp4|m4v)$/i.test(entry.name) && !tools.ffmpeg) {
        throw new FolderImportError(`${file}: only .mp4 can be imported without ffmpeg.`);
      }
      videoFiles.set(sequence, file);
    } else if (subtitle) {
      const language = SUBTITLE_LANGUAGES.find((lang) => lang.toLowerCase() === subtitle[2]?.toLowerCase()) ?? 'en';
      subtitleFiles.push({ sequence: Number(subtitle[1]), language, file });
    } else {
      coverFile = file;
    }
  }
  if (videoFiles.size === 0) throw new FolderImportError(`${folder.dir}: no episode videos (01.mp4, 02.mp4, ...).`);
  if (!coverFile && !tools.ffmpeg) {
    throw new FolderImportError(`${folder.dir}: no cover.jpg (or .png/.webp), and no ffmpeg to take one from the video.`);
  }

  const sequences = [...videoFiles.keys()].sort((a, b) => a - b);
  const videos = new Map<number, CheckedMedia>();
  for (const sequence of sequences) videos.set(sequence, await checkMedia(root, videoFiles.get(sequence) ?? ''));
  const cover = coverFile ? await checkMedia(root, coverFile) : undefined;
  const subtitles: DramaPlan['subtitles'] = [];
  const skipped: DramaPlan['skipped'] = [];
  for (const subtitle of subtitleFiles) {
    if (!videos.has(subtitle.sequence)) skipped.push(subtitle);
    else subtitles.push({ ...subtitle, source: (await checkSubtitle(root, subtitle.file)).source });
  }

  const digits = Math.max(2, String(sequences[sequences.length - 1] ?? 1).length);
  return {
    dir: folder.dir,
    slug,
    meta,
    videos,
    sequences,
    subtitles,
    skipped,
    cover,
    keyOf: (sequence) => `${slug}-ep${String(sequence).padStart(digits, '0')}`,
  };
}

function describeIssues(file: string, error: z.ZodError): string {
  const lines = error.issues.map((issue) => `  - ${issue.path.join('.') || '(top level)'}: ${issue.message}`);
  return `${file} is not valid:\n${lines.join('\n')}`;
}

function coverPathOf(plan: DramaPlan): string {
  return plan.cover ? `${plan.slug}${path.extname(plan.cover.source.file).toLowerCase()}` : `${plan.slug}.jpg`;
}

/** What the import call says of a drama; durations (in seconds) come from ffprobe, when it ran. */
function dramaEntry(plan: DramaPlan, probed: ReadonlyMap<number, number>): AdminDramaImportBody['dramas'][number] {
  const { slug, meta, keyOf } = plan;
  const overrides = new Map((meta.episodes ?? []).map((episode) => [episode.sequence, episode]));
  return {
    slug,
    title: meta.title,
    description: meta.description,
    category: meta.category ?? null,
    tags: meta.tags ?? [],
    coverPath: coverPathOf(plan),
    ...(meta.status ? { status: meta.status } : {}),
    ...(meta.featured !== undefined ? { featured: meta.featured } : {}),
    ...(meta.completed !== undefined ? { completed: meta.completed } : {}),
    episodes: plan.sequences.map((sequence) => ({
      sequence,
      isFree: overrides.get(sequence)?.isFree ?? sequence <= meta.freeEpisodes,
      durationSeconds: overrides.get(sequence)?.durationSeconds ?? probed.get(sequence) ?? 0,
      mediaKey: keyOf(sequence),
    })),
  };
}

/** Copies one checked drama into MEDIA_DIR; returns the durations ffprobe found. */
async function copyDrama(root: string, plan: DramaPlan, tools: Tools, options: FolderImportOptions): Promise<Map<number, number>> {
  const { mediaDir, log } = options;
  const { slug, meta, keyOf } = plan;
  const overrides = new Map((meta.episodes ?? []).map((episode) => [episode.sequence, episode]));
  const probed = new Map<number, number>();
  log(`${slug}:`);

  for (const sequence of plan.sequences) {
    const video = plan.videos.get(sequence);
    if (!video) continue;
    const key = keyOf(sequence);
    const target = path.join(mediaDir, 'clips', `${key}.mp4`);
    if (/\.(mp4|m4v)$/i.test(video.source.file)) {
      await copySource(root, video, target);
    } else {
      // ffmpeg reads a private copy: the folder's file could be swapped once checked, a copy
      // made from the checked handle cannot.
      const staged = path.join(mediaDir, 'clips', `.${key}.${randomBytes(6).toString('hex')}.source`);
      try {
        await copySource(root, video, staged);
        const input = await ffmpegInput(staged);
        await writeAtomically(
          target,
          (temporary) =>
            run('ffmpeg', [
              ...FFMPEG, ...input,
              '-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-movflags', '+faststart',
              ...LOCAL_OUTPUT, temporary,
            ]),
          '.mp4',
        );
      } finally {
        await rm(staged, { force: true });
      }
    }
    let duration = overrides.get(sequence)?.durationSeconds;
    let rungs: string[] = [];
    if (tools.ffprobe && tools.ffmpeg) {
      const info = await probe(target);
      probed.set(sequence, Math.round(info.duration));
      duration ??= Math.round(info.duration);
      rungs = await makeHls(target, key, mediaDir, info);
    }
    const hls = rungs.length > 0 ? `, hls/${key}/ (${rungs.join(', ')})` : '';
    const unknown = duration === undefined ? ' (duration unknown: give durationSeconds in meta.json)' : '';
    log(`  episode ${sequence}: clips/${key}.mp4${hls}${unknown}`);
  }

  for (const skipped of plan.skipped) {
    log(`  ${path.basename(skipped.file)}: there is no episode ${skipped.sequence}, skipped`);
  }
  for (const subtitle of plan.subtitles) {
    const { vtt } = await checkSubtitle(root, subtitle.source.file, subtitle.source);
    const target = `${keyOf(subtitle.sequence)}.${subtitle.language}.vtt`;
    await writeAtomically(path.join(mediaDir, 'clips', target), (temporary) => writeFile(temporary, vtt, { flag: 'wx' }));
    log(`  episode ${subtitle.sequence}: subtitles clips/${target}`);
  }

  const coverPath = coverPathOf(plan);
  if (plan.cover) {
    await copySource(root, plan.cover, path.join(mediaDir, 'covers', coverPath));
    log(`  cover: covers/${coverPath}`);
  } else {
    const first = path.join(mediaDir, 'clips', `${keyOf(plan.sequences[0] ?? 1)}.mp4`);
    const input = await ffmpegInput(first);
    await writeAtomically(
      path.join(mediaDir, 'covers', coverPath),
      (temporary) =>
        run('ffmpeg', [
          ...FFMPEG, '-ss', '1', ...input,
          '-frames:v', '1', '-vf', "scale=w='min(600,iw)':h=-2", '-q:v', '3',
          ...LOCAL_OUTPUT, temporary,
        ]),
      '.jpg',
    );
    log(`  cover: taken from episode ${plan.sequences[0] ?? 1} (covers/${coverPath})`);
  }
  return probed;
}

/**
 * Copies (and, with ffmpeg, transcodes) every drama of `source` into MEDIA_DIR and returns the
 * body of the import call that describes them.
 */
export async function prepareFolderImport(source: string, options: FolderImportOptions): Promise<AdminDramaImportBody> {
  const { mediaDir, log } = options;
  const tools: Tools = options.transcode
    ? { ffmpeg: hasTool('ffmpeg'), ffprobe: hasTool('ffprobe') }
    : { ffmpeg: false, ffprobe: false };
  if (!options.transcode) log('Transcoding is off (--no-transcode): media is copied as given; no HLS, no cover from video.');
  else if (!tools.ffmpeg || !tools.ffprobe) {
    log('ffmpeg/ffprobe not found on PATH: skipping HLS and cover extraction; MP4 files are copied as given.');
  }

  // The operator names the folder, so a link in that name is theirs to make; what is inside it
  // is checked against where it really is.
  let root: string;
  try {
    root = await realpath(source);
  } catch (error) {
    throw new FolderImportError(`Cannot read ${source}: ${(error as Error).message}`);
  }
  if (!(await stat(root)).isDirectory()) throw new FolderImportError(`${source} is not a folder.`);

  let extra: z.output<typeof catalogueFileSchema> = { categories: [], tags: [] };
  const catalogueFile = path.join(root, 'catalogue.json');
  if (await regularFileAt(catalogueFile)) {
    const parsed = catalogueFileSchema.safeParse(await readJson(root, catalogueFile));
    if (!parsed.success) throw new FolderImportError(describeIssues(catalogueFile, parsed.error));
    extra = parsed.data;
  }

  // Every folder is read and every file checked before anything is copied, so that a mistake
  // in one drama's folder leaves MEDIA_DIR as it was.
  const plans: DramaPlan[] = [];
  for (const folder of await dramaFolders(root, path.basename(path.resolve(source)))) {
    plans.push(await planDrama(root, folder, tools));
  }
  const slugs = plans.map((plan) => plan.slug);
  const repeated = slugs.find((slug, index) => slugs.indexOf(slug) !== index);
  if (repeated) throw new FolderImportError(`Two folders describe the drama "${repeated}".`);

  // The call's body is checked before copying too, with the durations not yet known.
  const preview = adminDramaImportBodySchema.safeParse({
    categories: extra.categories,
    tags: extra.tags,
    dramas: plans.map((plan) => dramaEntry(plan, new Map())),
  });
  if (!preview.success) throw new FolderImportError(describeIssues(source, preview.error));

  await mkdir(path.join(mediaDir, 'clips'), { recursive: true });
  await mkdir(path.join(mediaDir, 'covers'), { recursive: true });
  await mkdir(path.join(mediaDir, 'hls'), { recursive: true });
  const dramas: AdminDramaImportBody['dramas'] = [];
  for (const plan of plans) dramas.push(dramaEntry(plan, await copyDrama(root, plan, tools, options)));
  const body = { categories: extra.categories, tags: extra.tags, dramas };
  const check = adminDramaImportBodySchema.safeParse(body);
  if (!check.success) throw new FolderImportError(describeIssues(source, check.error));
  return body;
}

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
 */
import { execFile, spawnSync } from 'node:child_process';
import { copyFile, mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  adminDramaImportBodySchema,
  type AdminDramaImportBody,
  contentSlugSchema,
  importCategorySchema,
  importDramaSchema,
  importTagSchema,
} from '@drama/contracts';
import { z } from 'zod';

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

async function readJson(file: string): Promise<unknown> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    throw new FolderImportError(`Cannot read ${file}: ${(error as Error).message}`);
  }
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new FolderImportError(`${file} is not valid JSON: ${(error as Error).message}`);
  }
}

function describeIssues(file: string, error: z.ZodError): string {
  const lines = error.issues.map((issue) => `  - ${issue.path.join('.') || '(top level)'}: ${issue.message}`);
  return `${file} is not valid:\n${lines.join('\n')}`;
}

/** SubRip to WebVTT: a header, and a dot instead of the comma before milliseconds. */
export function srtToVtt(srt: string): string {
  const body = srt
    .replace(/^\uFEFF/, '')
    .replace(/\r\n?/g, '\n')
    .replace(/(\d{2}:\d{2}:\d{2}),(\d{3})/g, '$1.$2')
    .trim();
  return `WEBVTT\n\n${body}\n`;
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
    file,
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
      ...FFMPEG, '-i', source,
      '-map', '0:v:0', '-map', '0:a:0?',
      '-vf', `${scale},setsar=1`,
      '-c:v', 'libx264', '-preset', 'medium', '-crf', String(rung.crf), '-pix_fmt', 'yuv420p',
      // A keyframe at every segment boundary, so that the renditions switch cleanly.
      '-force_key_frames', `expr:gte(t,n_forced*${SEGMENT_SECONDS})`, '-sc_threshold', '0',
      '-c:a', 'aac', '-b:a', rung.audio,
      '-f', 'hls', '-hls_time', String(SEGMENT_SECONDS), '-hls_playlist_type', 'vod',
      '-hls_flags', 'independent_segments',
      '-hls_segment_filename', path.join(dir, 'seg-%03d.ts'),
      path.join(dir, 'index.m3u8'),
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

interface DramaFolder {
  dir: string;
  name: string;
}

async function dramaFolders(source: string): Promise<DramaFolder[]> {
  const hasMeta = async (dir: string) => (await stat(path.join(dir, 'meta.json')).catch(() => null))?.isFile() ?? false;
  if (await hasMeta(source)) return [{ dir: source, name: path.basename(source) }];
  const entries = await readdir(source, { withFileTypes: true });
  const folders: DramaFolder[] = [];
  for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
    if (!entry.isDirectory() || entry.name.startsWith('.')) continue;
    const dir = path.join(source, entry.name);
    if (await hasMeta(dir)) folders.push({ dir, name: entry.name });
  }
  if (folders.length === 0) {
    throw new FolderImportError(`No drama in ${source}: expected <slug>/meta.json folders, or meta.json in the folder itself.`);
  }
  return folders;
}

interface DramaPlan {
  dir: string;
  slug: string;
  meta: z.output<typeof dramaMetaSchema>;
  videos: Map<number, string>;
  sequences: number[];
  subtitles: Array<{ sequence: number; language: string; file: string }>;
  cover: string | undefined;
  keyOf: (sequence: number) => string;
}

async function planDrama(folder: DramaFolder, tools: Tools): Promise<DramaPlan> {
  const metaFile = path.join(folder.dir, 'meta.json');
  const parsed = dramaMetaSchema.safeParse(await readJson(metaFile));
  if (!parsed.success) throw new FolderImportError(describeIssues(metaFile, parsed.error));
  const meta = parsed.data;
  const slugCheck = contentSlugSchema.safeParse(meta.slug ?? folder.name);
  if (!slugCheck.success) {
    throw new FolderImportError(`${folder.dir}: the folder name is not a usable slug; set "slug" in meta.json.`);
  }
  const slug = slugCheck.data;

  const videos = new Map<number, string>();
  const subtitles: DramaPlan['subtitles'] = [];
  let cover: string | undefined;
  for (const file of (await readdir(folder.dir)).sort()) {
    const video = VIDEO_FILE.exec(file);
    const subtitle = SUBTITLE_FILE.exec(file);
    if (video) {
      const sequence = Number(video[1]);
      if (sequence < 1) throw new FolderImportError(`${path.join(folder.dir, file)}: episodes are numbered from 1.`);
      if (videos.has(sequence)) throw new FolderImportError(`${folder.dir}: two files for episode ${sequence}.`);
      if (!/\.(mp4|m4v)$/i.test(file) && !tools.ffmpeg) {
        throw new FolderImportError(`${path.join(folder.dir, file)}: only .mp4 can be imported without ffmpeg.`);
      }
      videos.set(sequence, file);
    } else if (subtitle) {
      const language = SUBTITLE_LANGUAGES.find((lang) => lang.toLowerCase() === subtitle[2]?.toLowerCase()) ?? 'en';
      subtitles.push({ sequence: Number(subtitle[1]), language, file });
    } else if (COVER_FILE.test(file)) {
      cover = file;
    }
  }
  if (videos.size === 0) throw new FolderImportError(`${folder.dir}: no episode videos (01.mp4, 02.mp4, ...).`);
  if (!cover && !tools.ffmpeg) {
    throw new FolderImportError(`${folder.dir}: no cover.jpg (or .png/.webp), and no ffmpeg to take one from the video.`);
  }
  const sequences = [...videos.keys()].sort((a, b) => a - b);
  const digits = Math.max(2, String(sequences[sequences.length - 1] ?? 1).length);
  return {
    dir: folder.dir,
    slug,
    meta,
    videos,
    sequences,
    subtitles,
    cover,
    keyOf: (sequence) => `${slug}-ep${String(sequence).padStart(digits, '0')}`,
  };
}

async function copyDrama(
  plan: DramaPlan,
  tools: Tools,
  options: FolderImportOptions,
): Promise<AdminDramaImportBody['dramas'][number]> {
  const { mediaDir, log } = options;
  const { slug, meta, keyOf } = plan;
  const overrides = new Map((meta.episodes ?? []).map((episode) => [episode.sequence, episode]));
  log(`${slug}:`);

  const episodes: AdminDramaImportBody['dramas'][number]['episodes'] = [];
  for (const sequence of plan.sequences) {
    const file = path.join(plan.dir, plan.videos.get(sequence) ?? '');
    const key = keyOf(sequence);
    const target = path.join(mediaDir, 'clips', `${key}.mp4`);
    if (/\.(mp4|m4v)$/i.test(file)) {
      await copyFile(file, target);
    } else {
      await run('ffmpeg', [
        ...FFMPEG, '-i', file,
        '-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-movflags', '+faststart',
        target,
      ]);
    }
    let duration = overrides.get(sequence)?.durationSeconds;
    let rungs: string[] = [];
    if (tools.ffprobe && tools.ffmpeg) {
      const info = await probe(target);
      duration ??= Math.round(info.duration);
      rungs = await makeHls(target, key, mediaDir, info);
    }
    episodes.push({
      sequence,
      isFree: overrides.get(sequence)?.isFree ?? sequence <= meta.freeEpisodes,
      durationSeconds: duration ?? 0,
      mediaKey: key,
    });
    const hls = rungs.length > 0 ? `, hls/${key}/ (${rungs.join(', ')})` : '';
    const unknown = duration === undefined ? ' (duration unknown: give durationSeconds in meta.json)' : '';
    log(`  episode ${sequence}: clips/${key}.mp4${hls}${unknown}`);
  }

  for (const subtitle of plan.subtitles) {
    if (!plan.videos.has(subtitle.sequence)) {
      log(`  ${subtitle.file}: there is no episode ${subtitle.sequence}, skipped`);
      continue;
    }
    const source = path.join(plan.dir, subtitle.file);
    const text = await readFile(source, 'utf8');
    const vtt = subtitle.file.toLowerCase().endsWith('.srt') ? srtToVtt(text) : text;
    if (!vtt.replace(/^\uFEFF/, '').startsWith('WEBVTT')) {
      throw new FolderImportError(`${source} is not WebVTT (it must start with WEBVTT).`);
    }
    const target = `${keyOf(subtitle.sequence)}.${subtitle.language}.vtt`;
    await writeFile(path.join(mediaDir, 'clips', target), vtt);
    log(`  episode ${subtitle.sequence}: subtitles clips/${target}`);
  }

  let coverPath: string;
  if (plan.cover) {
    coverPath = `${slug}${path.extname(plan.cover).toLowerCase()}`;
    await copyFile(path.join(plan.dir, plan.cover), path.join(mediaDir, 'covers', coverPath));
    log(`  cover: covers/${coverPath}`);
  } else {
    coverPath = `${slug}.jpg`;
    const first = path.join(mediaDir, 'clips', `${keyOf(plan.sequences[0] ?? 1)}.mp4`);
    await run('ffmpeg', [
      ...FFMPEG, '-ss', '1', '-i', first,
      '-frames:v', '1', '-vf', "scale=w='min(600,iw)':h=-2", '-q:v', '3',
      path.join(mediaDir, 'covers', coverPath),
    ]);
    log(`  cover: taken from episode ${plan.sequences[0] ?? 1} (covers/${coverPath})`);
  }

  return {
    slug,
    title: meta.title,
    description: meta.description,
    category: meta.category ?? null,
    tags: meta.tags ?? [],
    coverPath,
    ...(meta.status ? { status: meta.status } : {}),
    ...(meta.featured !== undefined ? { featured: meta.featured } : {}),
    ...(meta.completed !== undefined ? { completed: meta.completed } : {}),
    episodes,
  };
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

  let extra: z.output<typeof catalogueFileSchema> = { categories: [], tags: [] };
  const catalogueFile = path.join(source, 'catalogue.json');
  if (await stat(catalogueFile).catch(() => null)) {
    const parsed = catalogueFileSchema.safeParse(await readJson(catalogueFile));
    if (!parsed.success) throw new FolderImportError(describeIssues(catalogueFile, parsed.error));
    extra = parsed.data;
  }

  // Every folder is read and checked before anything is copied, so that a mistake in one
  // drama's folder leaves MEDIA_DIR as it was.
  const plans: DramaPlan[] = [];
  for (const folder of await dramaFolders(source)) plans.push(await planDrama(folder, tools));
  const slugs = plans.map((plan) => plan.slug);
  const repeated = slugs.find((slug, index) => slugs.indexOf(slug) !== index);
  if (repeated) throw new FolderImportError(`Two folders describe the drama "${repeated}".`);

  await mkdir(path.join(mediaDir, 'clips'), { recursive: true });
  await mkdir(path.join(mediaDir, 'covers'), { recursive: true });
  await mkdir(path.join(mediaDir, 'hls'), { recursive: true });
  const dramas: AdminDramaImportBody['dramas'] = [];
  for (const plan of plans) dramas.push(await copyDrama(plan, tools, options));

  const body = { categories: extra.categories, tags: extra.tags, dramas };
  const check = adminDramaImportBodySchema.safeParse(body);
  if (!check.success) throw new FolderImportError(describeIssues(source, check.error));
  return body;
}

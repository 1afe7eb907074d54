import { mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { LOCAL_OUTPUT, type MediaTools, runTool, untrustedInput } from './ffmpeg.js';
import { type Probe, probe } from './probe.js';

/** Seconds per HLS segment; every rung has a keyframe on the same boundaries, so players switch cleanly. */
const SEGMENT_SECONDS = 2;

export interface Rung {
  /** `360p`: named for the short side, as the demo's ladder is (360x640 is 360p). */
  name: string;
  width: number;
  height: number;
  /** The video bit rate cap, kbit/s. */
  maxrateKbps: number;
}

export interface TranscodeResult {
  probe: Probe;
  /** Files written under the output folder, relative to it. */
  files: string[];
  rungs: Rung[];
}

function even(value: number): number {
  return Math.max(2, Math.round(value / 2) * 2);
}

/** The rungs of `ladder` (short sides) that fit the source; a source smaller than all of them gets one rung of its own size. */
export function ladderFor(source: { width: number; height: number }, ladder: readonly number[]): Rung[] {
  const short = Math.min(source.width, source.height);
  const fitting = ladder.filter((side) => side <= short);
  const sides = fitting.length > 0 ? fitting : [even(short)];
  return sides.map((side) => {
    const scale = side / short;
    const width = source.width <= source.height ? side : even(source.width * scale);
    const height = source.width <= source.height ? even(source.height * scale) : side;
    // About 0.1 bit per pixel at 24 fps, enough for talking heads on a phone.
    const maxrateKbps = Math.round((width * height * 24 * 0.1) / 1000);
    return { name: `${side}p`, width, height, maxrateKbps };
  });
}

function encoder(rung: Rung, fps: number, hasAudio: boolean): string[] {
  const gop = Math.max(1, Math.round(fps * SEGMENT_SECONDS));
  return [
    '-map', '0:v:0',
    ...(hasAudio ? ['-map', '0:a:0'] : []),
    '-vf', `scale=${rung.width}:${rung.height}:flags=bicubic,setsar=1`,
    '-c:v', 'libx264', '-preset', 'veryfast', '-profile:v', 'high', '-pix_fmt', 'yuv420p',
    '-crf', '23', '-maxrate', `${rung.maxrateKbps}k`, '-bufsize', `${rung.maxrateKbps * 2}k`,
    '-g', String(gop), '-keyint_min', String(gop), '-sc_threshold', '0',
    '-force_key_frames', `expr:gte(t,n_forced*${SEGMENT_SECONDS})`,
    ...(hasAudio ? ['-c:a', 'aac', '-b:a', '96k', '-ac', '2'] : ['-an']),
    '-map_metadata', '-1',
  ];
}

/** Peak and average bit rates of a rung from its segments (BANDWIDTH must be the peak: RFC 8216 4.3.4.2). */
async function bandwidth(folder: string): Promise<{ peak: number; average: number }> {
  const playlist = await readFile(path.join(folder, 'index.m3u8'), 'utf8');
  let duration = 0;
  let peak = 0;
  let bits = 0;
  let seconds = 0;
  for (const line of playlist.split('\n')) {
    if (line.startsWith('#EXTINF:')) duration = Number(line.slice(8).split(',')[0]);
    else if (line.trim() !== '' && !line.startsWith('#')) {
      const size = (await stat(path.join(folder, line.trim()))).size * 8;
      peak = Math.max(peak, Math.round(size / Math.max(duration, 0.5)));
      bits += size;
      seconds += duration;
    }
  }
  return { peak: Math.max(peak, 1), average: Math.max(1, Math.round(bits / Math.max(seconds, 0.5))) };
}

/**
 * Makes an episode's media from one source file in `outDir`, laid out as the demo's media is
 * (scripts/media/make-hls.sh), so the media routes serve it the same way:
 *   video.mp4                   the MP4 fallback (the top rung, fast start)
 *   hls/master.m3u8             the ladder, largest first
 *   hls/<rung>/index.m3u8       VOD playlist, 2 s segments
 *   hls/<rung>/seg-NNN.ts
 *   poster.jpg                  a frame from the first seconds
 * One ffmpeg run decodes the source once for every output; `onProgress` gets 0..1.
 */
export async function transcode(
  tools: MediaTools,
  source: string,
  outDir: string,
  options: { ladder: readonly number[]; signal?: AbortSignal; onProgress?: (fraction: number) => void },
): Promise<TranscodeResult> {
  const info = await probe(tools.ffprobe, source, options.signal);
  const rungs = ladderFor(info, options.ladder);
  const top = rungs[rungs.length - 1] as Rung;
  const fps = Math.min(info.frameRate, 30);
  await mkdir(path.join(outDir, 'hls'), { recursive: true });
  for (const rung of rungs) await mkdir(path.join(outDir, 'hls', rung.name), { recursive: true });

  const outputs: string[] = [
    ...encoder(top, fps, info.hasAudio), '-movflags', '+faststart', ...LOCAL_OUTPUT, '-f', 'mp4', path.join(outDir, 'video.mp4'),
  ];
  for (const rung of rungs) {
    const folder = path.join(outDir, 'hls', rung.name);
    outputs.push(
      ...encoder(rung, fps, info.hasAudio),
      ...LOCAL_OUTPUT, '-f', 'hls', '-hls_time', String(SEGMENT_SECONDS), '-hls_playlist_type', 'vod', '-hls_list_size', '0',
      '-hls_flags', 'independent_segments', '-hls_segment_filename', path.join(folder, 'seg-%03d.ts'),
      path.join(folder, 'index.m3u8'),
    );
  }
  const totalMicroseconds = info.durationSeconds * 1_000_000;
  await runTool(
    tools.ffmpeg,
    ['-hide_banner', '-nostdin', '-y', '-loglevel', 'error', '-progress', 'pipe:1', ...(await untrustedInput(source)), '-r', String(fps), ...outputs],
    {
      signal: options.signal,
      onLine: (line) => {
        const match = /^out_time_(?:us|ms)=(\d+)/.exec(line);
        if (match && options.onProgress) options.onProgress(Math.min(1, Number(match[1]) / totalMicroseconds));
      },
    },
  );
  await runTool(
    tools.ffmpeg,
    [
      '-hide_banner', '-nostdin', '-y', '-loglevel', 'error',
      '-ss', String(Math.min(1, info.durationSeconds / 3)), ...(await untrustedInput(path.join(outDir, 'video.mp4'))),
      '-frames:v', '1', '-q:v', '4', ...LOCAL_OUTPUT, path.join(outDir, 'poster.jpg'),
    ],
    { signal: options.signal },
  );

  const lines = ['#EXTM3U', '#EXT-X-VERSION:3', '#EXT-X-INDEPENDENT-SEGMENTS'];
  for (const rung of [...rungs].reverse()) {
    const rates = await bandwidth(path.join(outDir, 'hls', rung.name));
    lines.push(
      `#EXT-X-STREAM-INF:BANDWIDTH=${rates.peak},AVERAGE-BANDWIDTH=${rates.average},RESOLUTION=${rung.width}x${rung.height},FRAME-RATE=${fps.toFixed(3)}`,
      `${rung.name}/index.m3u8`,
    );
  }
  await writeFile(path.join(outDir, 'hls', 'master.m3u8'), `${lines.join('\n')}\n`);

  const files = ['video.mp4', 'poster.jpg'];
  for (const rung of rungs) {
    for (const name of (await readdir(path.join(outDir, 'hls', rung.name))).sort()) files.push(`hls/${rung.name}/${name}`);
  }
  // The master last: a reader that finds it finds everything it points at.
  files.push('hls/master.m3u8');
  return { probe: info, files, rungs };
}

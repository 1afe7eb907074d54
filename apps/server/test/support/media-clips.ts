import { execFile } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { mediaTools } from '../../src/modules/episodes/ffmpeg.js';

const run = promisify(execFile);

/**
 * A tiny vertical test clip made with the bundled ffmpeg: `seconds` of a test pattern and a tone,
 * 240x426 (9:16) so that a 144/240 ladder has two rungs, small enough to transcode in a moment.
 */
export async function makeClip(file: string, options: { seconds?: number; width?: number; height?: number } = {}): Promise<string> {
  const { ffmpeg } = mediaTools({});
  const seconds = options.seconds ?? 2;
  const size = `${options.width ?? 240}x${options.height ?? 426}`;
  await run(ffmpeg, [
    '-hide_banner', '-loglevel', 'error', '-y',
    '-f', 'lavfi', '-i', `testsrc=size=${size}:rate=24:duration=${seconds}`,
    '-f', 'lavfi', '-i', `sine=frequency=440:duration=${seconds}`,
    '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', file,
  ]);
  return file;
}

/** A file named like a video that holds none (a text file), for the refusal of non-video uploads. */
export async function makeNonVideo(dir: string): Promise<string> {
  const file = path.join(dir, 'notes.mp4');
  await writeFile(file, 'These are meeting notes, not a video.\n'.repeat(50));
  return file;
}

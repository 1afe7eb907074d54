import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';

const require = createRequire(import.meta.url);

/**
 * Short H.264 clips made with the bundled ffmpeg (a test pattern and a tone, 180x320, about
 * 50 KB each): real video files for the upload and processing, without committing any.
 */
export function tinyClips(count: number, seconds = 2): string[] {
  const ffmpeg = (require('@ffmpeg-installer/ffmpeg') as { path: string }).path;
  const folder = mkdtempSync(path.join(tmpdir(), 'console-clips-'));
  return Array.from({ length: count }, (_, index) => {
    const file = path.join(folder, `episode-${index + 1}.mp4`);
    execFileSync(ffmpeg, [
      '-v', 'error', '-y',
      '-f', 'lavfi', '-i', `testsrc=size=180x320:rate=15`,
      '-f', 'lavfi', '-i', `sine=frequency=${440 + index * 110}`,
      '-t', String(seconds),
      '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest',
      file,
    ]);
    return file;
  });
}

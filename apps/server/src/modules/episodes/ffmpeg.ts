import { spawn } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { type Container, containerOf } from './container-sniff.js';

const require = createRequire(import.meta.url);

/** ffmpeg and ffprobe: the settings' paths, or the binaries the npm packages ship for this platform. */
export interface MediaTools {
  ffmpeg: string;
  ffprobe: string;
}

function bundled(name: '@ffmpeg-installer/ffmpeg' | '@ffprobe-installer/ffprobe'): string {
  const found = (require(name) as { path: string }).path;
  try {
    accessSync(found, constants.X_OK);
  } catch {
    throw new Error(`${found} is not executable: reinstall ${name}, or set FFMPEG_PATH and FFPROBE_PATH`);
  }
  return found;
}

export function mediaTools(config: { FFMPEG_PATH?: string | undefined; FFPROBE_PATH?: string | undefined }): MediaTools {
  return {
    ffmpeg: config.FFMPEG_PATH ?? bundled('@ffmpeg-installer/ffmpeg'),
    ffprobe: config.FFPROBE_PATH ?? bundled('@ffprobe-installer/ffprobe'),
  };
}

/** ffmpeg's demuxer for each container, and what it must not do. */
const DEMUXERS: Record<Container, string[]> = {
  // Never open the files a movie's data references (dref/alis) name: the default, said anyway.
  mov: ['-f', 'mov', '-enable_drefs', '0'],
  matroska: ['-f', 'matroska'],
  mpeg: ['-f', 'mpeg'],
  mpegts: ['-f', 'mpegts'],
};

/**
 * How ffmpeg and ffprobe read a file that came from outside (an upload, an imported folder, or
 * what was made of one): with the demuxer its bytes were found to be, and local files only.
 * Left to guess, they take a manifest, playlist or concat list "declared video/mp4" for what it
 * is and fetch the addresses it lists. The forced demuxer is the guard that counts: the
 * whitelist reaches the opens a demuxer makes through its format context (mov's references,
 * HLS segments), but not all of them — the DASH demuxer opens its media itself and fetches a
 * manifest's http:// BaseURL even with `-protocol_whitelist file` (ffprobe 6.1 does). Throws
 * UnusableMediaError for a file of no container processing takes. Every run of a tool on such a
 * file takes its input from here: the arguments go just where `-i <file>` would.
 */
export async function untrustedInput(file: string): Promise<string[]> {
  const container = await containerOf(file);
  // `file:` keeps a name that looks like an address (`http:...`) a local path.
  return ['-protocol_whitelist', 'file', ...DEMUXERS[container], '-i', `file:${path.resolve(file)}`];
}

/** Before each output: ffmpeg writes local files only (the HLS muxer opens one per segment). */
export const LOCAL_OUTPUT = ['-protocol_whitelist', 'file'] as const;

export class ToolFailedError extends Error {
  override name = 'ToolFailedError';
}

/**
 * Runs a tool to its end. `onLine` sees stdout line by line (ffmpeg's -progress); the last
 * lines of stderr make the error's message. Aborting the signal kills the process.
 */
export function runTool(
  command: string,
  args: string[],
  options: { signal?: AbortSignal | undefined; onLine?: (line: string) => void } = {},
): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], ...(options.signal ? { signal: options.signal } : {}) });
    let stdout = '';
    let pending = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      const text = chunk.toString();
      if (!options.onLine) {
        stdout += text;
        return;
      }
      pending += text;
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) options.onLine(line);
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString()).slice(-4000);
    });
    child.on('error', reject);
    child.on('close', (code, signal) => {
      if (code === 0) resolve(stdout);
      else {
        const tail = stderr.trim().split('\n').slice(-3).join(' / ');
        reject(new ToolFailedError(signal ? `stopped by ${signal}` : `exited with ${code}: ${tail}`));
      }
    });
  });
}

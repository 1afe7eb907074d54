import { spawn } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { createRequire } from 'node:module';

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

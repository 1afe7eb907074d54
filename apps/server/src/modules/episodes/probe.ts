import { UnusableMediaError } from './container-sniff.js';
import { runTool, untrustedInput } from './ffmpeg.js';

export { UnusableMediaError };

/** What processing needs to know of an uploaded file. */
export interface Probe {
  width: number;
  height: number;
  durationSeconds: number;
  frameRate: number;
  hasAudio: boolean;
}

interface ProbeStream {
  codec_type?: string;
  codec_name?: string;
  width?: number;
  height?: number;
  avg_frame_rate?: string;
  r_frame_rate?: string;
  tags?: { rotate?: string };
  side_data_list?: Array<{ rotation?: number }>;
  disposition?: { attached_pic?: number };
}

const STILL_FORMATS = /(^|,)(image2|png_pipe|jpeg_pipe|webp_pipe|gif|bmp_pipe|tiff_pipe)(,|$)/;

function rate(text: string | undefined): number {
  const [top, bottom] = (text ?? '').split('/').map(Number);
  if (!top || !bottom) return 0;
  return top / bottom;
}

/**
 * Reads the file with ffprobe; anything without a moving picture, or not in a container
 * processing takes, is refused with the reason.
 */
export async function probe(ffprobe: string, file: string, signal?: AbortSignal): Promise<Probe> {
  const input = await untrustedInput(file);
  let output: string;
  try {
    output = await runTool(ffprobe, ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', ...input], { signal });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new UnusableMediaError('The file is not a video that can be read (unknown or damaged format)');
  }
  const parsed = JSON.parse(output) as { streams?: ProbeStream[]; format?: { format_name?: string; duration?: string } };
  const streams = parsed.streams ?? [];
  const video = streams.find((stream) => stream.codec_type === 'video' && !stream.disposition?.attached_pic);
  if (!video || !video.width || !video.height) throw new UnusableMediaError('The file has no video stream: it is not a video');
  const duration = Number(parsed.format?.duration ?? 0);
  if (STILL_FORMATS.test(parsed.format?.format_name ?? '') || !(duration > 0.2)) {
    throw new UnusableMediaError('The file is a still image, not a video');
  }
  const rotation = Math.abs(Number(video.tags?.rotate ?? video.side_data_list?.find((data) => data.rotation !== undefined)?.rotation ?? 0)) % 180;
  const [width, height] = rotation === 90 ? [video.height, video.width] : [video.width, video.height];
  return {
    width,
    height,
    durationSeconds: duration,
    frameRate: rate(video.avg_frame_rate) || rate(video.r_frame_rate) || 25,
    hasAudio: streams.some((stream) => stream.codec_type === 'audio'),
  };
}

import type { SubtitleLanguage } from './subtitle-settings';

function split(url: string): { path: string; query: string } {
  const index = url.search(/[?#]/);
  return index < 0 ? { path: url, query: '' } : { path: url.slice(0, index), query: url.slice(index) };
}

/**
 * The subtitle file beside a video (spec section 4): the video's address with its extension
 * replaced by `.{language}.vtt`, plus a timestamp. The video's own query is carried over: a
 * locked episode's subtitles open with the signature of its video.
 */
export function subtitleUrl(videoUrl: string, language: SubtitleLanguage, timestamp: number): string {
  const { path, query } = split(videoUrl);
  const base = /\.(mp4|m3u8|webm|mov)$/i.test(path) ? path.replace(/\.[^./]+$/, '') : path;
  return withTimestamp(`${base}.${language}.vtt${query.startsWith('?') ? query.split('#')[0] : ''}`, timestamp);
}

/** The same source with a fresh `t=` parameter, so that a retry cannot be answered from a cache. */
export function withTimestamp(url: string, timestamp: number): string {
  const hashIndex = url.indexOf('#');
  const withoutHash = hashIndex < 0 ? url : url.slice(0, hashIndex);
  const hash = hashIndex < 0 ? '' : url.slice(hashIndex);
  const [path = '', query = ''] = withoutHash.split('?', 2);
  const params = new URLSearchParams(query);
  params.set('t', String(timestamp));
  return `${path}?${params.toString()}${hash}`;
}

/** HLS playlists need hls.js where the browser has no native HLS (Chromium, Firefox). */
export function isHlsUrl(url: string): boolean {
  return /\.m3u8$/i.test(split(url).path);
}

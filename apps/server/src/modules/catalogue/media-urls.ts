import { existsSync } from 'node:fs';
import path from 'node:path';
import type { PlayInfo } from '@drama/contracts';
import type { MediaSigner } from '../../platform/media-signing.js';

export const SUBTITLE_LANGUAGES = ['zh', 'zh-Hant', 'en'] as const;
export type SubtitleLanguage = (typeof SUBTITLE_LANGUAGES)[number];

/** The per-episode address of the video; the server maps it to the stored file. */
export function episodeVideoPath(episodeId: number): string {
  return `/media/episodes/${episodeId}/video.mp4`;
}

export function withMediaBase(pathname: string, mediaBaseUrl: string | undefined): string {
  return mediaBaseUrl ? `${mediaBaseUrl.replace(/\/$/, '')}${pathname}` : pathname;
}

/** The tracks of the languages an episode has subtitles in (subtitle-languages.ts finds them). */
export function subtitleTracks(episodeId: number, languages: readonly SubtitleLanguage[], mediaBaseUrl: string | undefined): PlayInfo['subtitles'] {
  return languages.map((language) => ({
    language,
    url: withMediaBase(`/media/episodes/${episodeId}/video.${language}.vtt`, mediaBaseUrl),
  }));
}

/** The per-episode address of the HLS master playlist, for clips that have a rendition ladder. */
export function episodeHlsPath(episodeId: number): string {
  return `/media/episodes/${episodeId}/index.m3u8`;
}

/**
 * Media processed from an upload lives in the storage, not MEDIA_DIR, and always has its HLS
 * ladder; its key starts with `@`, which no key of the folder import may (mediaKeySchema).
 */
export function isStoredMediaKey(mediaKey: string): boolean {
  return mediaKey.startsWith('@');
}

/**
 * Which stored clips have HLS: `MEDIA_DIR/hls/<clip>/master.m3u8` with `<rung>/index.m3u8` and
 * `<rung>/seg-NNN.ts` beside it (scripts/media/make-hls.sh). Looked up once per clip.
 */
export class HlsIndex {
  private readonly known = new Map<string, boolean>();

  constructor(private readonly mediaDir: string) {}

  /** The folder of a clip's HLS files. */
  folder(mediaKey: string): string {
    return path.join(this.mediaDir, 'hls', mediaKey);
  }

  has(mediaKey: string): boolean {
    if (isStoredMediaKey(mediaKey)) return true;
    let found = this.known.get(mediaKey);
    if (found === undefined) {
      found = existsSync(path.join(this.folder(mediaKey), 'master.m3u8'));
      this.known.set(mediaKey, found);
    }
    return found;
  }
}

/**
 * Free episodes get a public address; locked ones a signed one that expires. Clips with HLS
 * play from their master playlist, the others from the MP4.
 */
export function playAddress(
  episode: { id: number; is_free: boolean },
  format: PlayInfo['format'],
  signer: MediaSigner,
  mediaBaseUrl: string | undefined,
): { playUrl: string; expiresAt: string | null; format: PlayInfo['format'] } {
  const pathname = format === 'hls' ? episodeHlsPath(episode.id) : episodeVideoPath(episode.id);
  if (episode.is_free) return { playUrl: withMediaBase(pathname, mediaBaseUrl), expiresAt: null, format };
  const signed = signer.sign(pathname);
  return { playUrl: withMediaBase(signed.url, mediaBaseUrl), expiresAt: signed.expiresAt.toISOString(), format };
}

/** A signed address that expires at `expires` (epoch seconds), the expiry of the address it came from. */
export function signUntil(signer: MediaSigner, pathname: string, expires: number, ttlSeconds: number): string {
  // MediaSigner signs for `now + ttl`; starting `ttl` before the wanted expiry lands on it exactly.
  return signer.sign(pathname, (expires - ttlSeconds) * 1000).url;
}

/**
 * Rewrites a stored playlist of a locked episode so that every URI in it (variant playlists in a
 * master, segments in a variant) carries its own signature, with the expiry of the playlist's
 * own address: the whole tree stops working when the address the member was given does.
 * `playlistPath` is the public path the playlist was requested at; URIs stay relative. Only
 * URIs inside `scope` (the episode's folder) are signed, so a playlist cannot hand out
 * addresses of another episode.
 */
export function signPlaylist(
  text: string,
  playlistPath: string,
  scope: string,
  sign: (pathname: string) => string,
): string {
  const base = new URL(playlistPath, 'http://media.invalid');
  const signUri = (uri: string): string => {
    const target = new URL(uri, base);
    if (target.origin !== base.origin || !target.pathname.startsWith(scope)) return uri;
    const signed = sign(target.pathname);
    return `${uri.replace(/\?.*$/, '')}${signed.slice(signed.indexOf('?'))}`;
  };
  return text
    .split('\n')
    .map((raw) => {
      const line = raw.trim();
      if (line === '') return raw;
      if (!line.startsWith('#')) return signUri(line);
      // Tags that point at files (EXT-X-MEDIA, EXT-X-MAP, EXT-X-I-FRAME-STREAM-INF ...).
      return raw.replace(/URI="([^"]+)"/g, (_, uri: string) => `URI="${signUri(uri)}"`);
    })
    .join('\n');
}

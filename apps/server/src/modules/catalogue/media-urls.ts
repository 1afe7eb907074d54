import type { PlayInfo } from '@drama/contracts';
import type { MediaSigner } from '../../platform/media-signing.js';

export const SUBTITLE_LANGUAGES = ['zh', 'zh-Hant', 'en'] as const;

/** The per-episode address of the video; the server maps it to the stored file. */
export function episodeVideoPath(episodeId: number): string {
  return `/media/episodes/${episodeId}/video.mp4`;
}

export function withMediaBase(pathname: string, mediaBaseUrl: string | undefined): string {
  return mediaBaseUrl ? `${mediaBaseUrl.replace(/\/$/, '')}${pathname}` : pathname;
}

export function subtitleTracks(episodeId: number, mediaBaseUrl: string | undefined): PlayInfo['subtitles'] {
  return SUBTITLE_LANGUAGES.map((language) => ({
    language,
    url: withMediaBase(`/media/episodes/${episodeId}/video.${language}.vtt`, mediaBaseUrl),
  }));
}

/** Free episodes get a public address; locked ones a signed one that expires. */
export function playAddress(
  episode: { id: number; is_free: boolean },
  signer: MediaSigner,
  mediaBaseUrl: string | undefined,
): { playUrl: string; expiresAt: string | null } {
  const pathname = episodeVideoPath(episode.id);
  if (episode.is_free) return { playUrl: withMediaBase(pathname, mediaBaseUrl), expiresAt: null };
  const signed = signer.sign(pathname);
  return { playUrl: withMediaBase(signed.url, mediaBaseUrl), expiresAt: signed.expiresAt.toISOString() };
}

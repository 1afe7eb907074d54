import { queryOptions, useQuery } from '@tanstack/react-query';
import { subtitleUrl } from '../lib/media-url';
import type { SubtitleLanguage } from '../lib/subtitle-settings';
import { parseVtt, type VttCue } from '../lib/vtt';

/** Not JSON, so not through the API client: a plain fetch of the WebVTT file beside the video. */
export async function getSubtitles(videoUrl: string, language: SubtitleLanguage, signal?: AbortSignal): Promise<VttCue[]> {
  const response = await fetch(subtitleUrl(videoUrl, language, Date.now()), { signal });
  if (!response.ok) throw new Error(`Subtitles answered ${response.status}`);
  return parseVtt(await response.text());
}

/** Keyed by the video's path (a signed query changes, the file does not). */
export function subtitlesQueryOptions(videoUrl: string, language: SubtitleLanguage) {
  const path = videoUrl.split(/[?#]/)[0] ?? videoUrl;
  return queryOptions({
    queryKey: ['subtitles', path, language],
    queryFn: ({ signal }) => getSubtitles(videoUrl, language, signal),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 10 * 60_000,
  });
}

/** `language` null: the episode has no track to show, and nothing is asked for. */
export function useSubtitles(videoUrl: string | null, language: SubtitleLanguage | null, enabled: boolean) {
  return useQuery({
    ...subtitlesQueryOptions(videoUrl ?? '', language ?? 'zh'),
    enabled: enabled && videoUrl !== null && language !== null,
  });
}

import {
  consoleEpisodeListResponseSchema,
  consoleEpisodeResponseSchema,
  mediaJobResponseSchema,
  type ConsoleEpisode,
  type ConsoleSubtitleLanguage,
} from '@drama/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../shared/api/console-api';

export const episodeKeys = {
  list: (dramaId: number) => ['console', 'episodes', dramaId] as const,
};

/** Some media still on its way: worth asking again soon. */
export function processing(items: readonly ConsoleEpisode[]): boolean {
  return items.some((episode) => episode.mediaStatus === 'pending' || episode.job?.state === 'queued' || episode.job?.state === 'running');
}

export function episodesQueryOptions(dramaId: number) {
  return queryOptions({
    queryKey: episodeKeys.list(dramaId),
    queryFn: ({ signal }) => api(`/dramas/${dramaId}/episodes`, { schema: consoleEpisodeListResponseSchema, signal }),
    // Poll while a job runs, so progress and failures show without a reload.
    refetchInterval: (query) => (query.state.data && processing(query.state.data.items) ? 2000 : false),
  });
}

export const addEpisodes = (dramaId: number, uploadIds: string[]) =>
  api(`/dramas/${dramaId}/episodes`, { method: 'POST', body: { uploadIds, publish: true }, schema: consoleEpisodeListResponseSchema });
export const orderEpisodes = (dramaId: number, episodeIds: number[]) =>
  api(`/dramas/${dramaId}/episodes/order`, { method: 'PUT', body: { episodeIds }, schema: consoleEpisodeListResponseSchema });
export const setFreeEpisodes = (dramaId: number, count: number) =>
  api(`/dramas/${dramaId}/free-episodes`, { method: 'PUT', body: { count }, schema: consoleEpisodeListResponseSchema });
export const replaceEpisodeFile = (episodeId: number, uploadId: string) =>
  api(`/episodes/${episodeId}/file`, { method: 'POST', body: { uploadId }, schema: consoleEpisodeResponseSchema });
export const setEpisodeStatus = (episodeId: number, status: 'published' | 'unpublished') =>
  api(`/episodes/${episodeId}/status`, { method: 'PUT', body: { status }, schema: consoleEpisodeResponseSchema });
export const putSubtitle = (episodeId: number, language: ConsoleSubtitleLanguage, content: string) =>
  api(`/episodes/${episodeId}/subtitles/${language}`, { method: 'PUT', body: { content }, schema: consoleEpisodeResponseSchema });
export const deleteSubtitle = (episodeId: number, language: ConsoleSubtitleLanguage) =>
  api(`/episodes/${episodeId}/subtitles/${language}`, { method: 'DELETE', schema: consoleEpisodeResponseSchema });
export const deleteEpisode = (episodeId: number) =>
  api(`/episodes/${episodeId}`, { method: 'DELETE', schema: consoleEpisodeListResponseSchema });
export const retryJob = (jobId: number) => api(`/media-jobs/${jobId}/retry`, { method: 'POST', schema: mediaJobResponseSchema });

import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { readWatchTarget, type WatchTarget } from './watch-target';

/** This page's target, the same object for as long as the address names the same one. */
export function useWatchTarget(): WatchTarget | null {
  const [params] = useSearchParams();
  const read = readWatchTarget(params);
  const dramaId = read?.dramaId ?? null;
  const episodeId = read?.episodeId ?? null;
  return useMemo(
    () => (dramaId === null || episodeId === null ? null : { dramaId, episodeId }),
    [dramaId, episodeId],
  );
}

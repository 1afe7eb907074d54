import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiPaths, type Locale, type exploreResponseSchema, STORAGE_KEYS } from '@drama/contracts';
import { api } from '../../../shared/api/api';
import { unchecked } from '../../../shared/api/api-client';
import { useLocale } from '../../../shared/i18n/i18n';
import { useSession } from '../../../shared/session/session-store';
import { readString } from '../../../shared/storage/local-storage';
import { exploreFeedQuery } from './explore-feed-query';

export function getExplore(cursor: string | null, locale: Locale, signal?: AbortSignal) {
  return api.get(apiPaths.explore(), {
    schema: unchecked<typeof exploreResponseSchema>(),
    query: exploreFeedQuery(cursor),
    locale,
    signal,
  });
}

/**
 * The feed, a cursor page at a time. Never refetched behind the viewer's back: a refetch
 * would re-ask every page and could reshuffle what is already on screen.
 */
export function exploreQueryOptions(locale: Locale, viewer?: string) {
  return infiniteQueryOptions({
    // A member's feed may be their own (personalised first): one per member and switch, so a
    // sign-in, a sign-out or a flip of the switch starts a new scroll instead of mixing two.
    queryKey: viewer === undefined ? ['explore', 'feed', locale] : ['explore', 'feed', locale, viewer],
    queryFn: ({ pageParam, signal }) => getExplore(pageParam, locale, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/**
 * Whether the member turned personalised recommendations off, read as the feed opens. Not the
 * user-settings hook: that module would bring zod into the feed's first load (its chunking).
 */
function personalisedOff(): boolean {
  return readString(STORAGE_KEYS.userSettings)?.includes('"recommendations":false') ?? false;
}

export function useExploreFeed() {
  const locale = useLocale();
  const { user } = useSession();
  return useInfiniteQuery(exploreQueryOptions(locale, user ? `${user.id}:${personalisedOff() ? 'popular' : 'for-you'}` : 'guest'));
}

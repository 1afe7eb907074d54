import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths } from '@drama/contracts';
import type { Locale, forYouResponseSchema } from '@drama/contracts';
import { api } from '../../../shared/api/api';
import { unchecked } from '../../../shared/api/api-client';
import { useLocale } from '../../../shared/i18n/i18n';

/** As many as the other rows of home show. */
export const FOR_YOU_LIMIT = 10;

export function getForYou(locale: Locale, signal?: AbortSignal) {
  // The member's token goes with it (the client adds it): the server answers with their own list.
  return api.get(apiPaths.forYou(), {
    schema: unchecked<typeof forYouResponseSchema>(),
    query: { limit: FOR_YOU_LIMIT },
    locale,
    signal,
  });
}

/**
 * Under the member's own key: sign-out drops it with the rest of their data. Read again whenever
 * home opens, since a watch a moment ago may have moved the list.
 */
export function forYouQueryOptions(userId: number, locale: Locale) {
  return queryOptions({
    queryKey: ['user', userId, 'for-you', locale],
    queryFn: ({ signal }) => getForYou(locale, signal),
    staleTime: 0,
  });
}

/** The member's "For you" list; `enabled` holds the call back until the first screen is up. */
export function useForYou(userId: number | null, enabled: boolean) {
  const locale = useLocale();
  return useQuery({ ...forYouQueryOptions(userId ?? 0, locale), enabled: enabled && userId !== null });
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths, mallListResponseSchema, type Locale } from '@drama/contracts';
import { api } from '../../../shared/api/api';
import { useLocale } from '../../../shared/i18n/i18n';
import { pointsKeys } from './query-keys';

/** `GET /client/points/mall`: what points buy (names in the request's locale) and the balance. */
export function getMall(locale: Locale, signal?: AbortSignal) {
  return api.get(apiPaths.mall(), { schema: mallListResponseSchema, locale, signal });
}

export function mallQueryOptions(locale: Locale) {
  return queryOptions({
    queryKey: pointsKeys.mall(locale),
    queryFn: ({ signal }) => getMall(locale, signal),
  });
}

export function useMall() {
  const locale = useLocale();
  return useQuery(mallQueryOptions(locale));
}

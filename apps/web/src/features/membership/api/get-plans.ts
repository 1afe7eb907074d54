import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths, planListResponseSchema, type Locale } from '@drama/contracts';
import { api } from '../../../shared/api/api';
import { useLocale } from '../../../shared/i18n/i18n';

/** `GET /client/membership/plans`: the four plans, named in the request's locale. */
export function getPlans(locale: Locale, signal?: AbortSignal) {
  return api.get(apiPaths.plans(), { schema: planListResponseSchema, locale, signal });
}

export function plansQueryOptions(locale: Locale) {
  return queryOptions({
    queryKey: ['membership', 'plans', locale],
    queryFn: ({ signal }) => getPlans(locale, signal),
    select: (data) => data.items,
    staleTime: 5 * 60_000,
  });
}

export function usePlans() {
  const locale = useLocale();
  return useQuery(plansQueryOptions(locale));
}

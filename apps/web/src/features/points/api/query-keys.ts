import type { Locale, PointsRecordType } from '@drama/contracts';

/**
 * Every points figure moves together: a claim, an exchange or a redeemed code changes the
 * summary, the tasks, the store's balance and the records, so `all` invalidates them at once.
 * Mall items, and the item names of the records, come in the request's locale, so their keys
 * carry it.
 */
export const pointsKeys = {
  all: ['points'] as const,
  summary: () => ['points', 'summary'] as const,
  tasks: () => ['points', 'tasks'] as const,
  mall: (locale: Locale) => ['points', 'mall', locale] as const,
  records: (type: PointsRecordType | null, limit: number, locale: Locale) =>
    ['points', 'records', type ?? 'all', limit, locale] as const,
};

import type { Locale, PointsRecordType } from '@drama/contracts';

/**
 * Every points figure moves together: a claim, an exchange or a redeemed code changes the
 * summary, the tasks, the store's balance and the records, so `all` invalidates them at once.
 * Mall items come in the request's locale, so their key carries it.
 */
export const pointsKeys = {
  all: ['points'] as const,
  summary: () => ['points', 'summary'] as const,
  tasks: () => ['points', 'tasks'] as const,
  mall: (locale: Locale) => ['points', 'mall', locale] as const,
  records: (type: PointsRecordType | null, limit: number) => ['points', 'records', type ?? 'all', limit] as const,
};

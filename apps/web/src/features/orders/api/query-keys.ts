import type { Locale } from '@drama/contracts';

/** Plan names come in the request's locale, so every order key carries it. */
export const orderKeys = {
  all: ['orders'] as const,
  lists: () => ['orders', 'list'] as const,
  list: (locale: Locale) => ['orders', 'list', locale] as const,
  pendings: () => ['orders', 'pending'] as const,
  pending: (locale: Locale) => ['orders', 'pending', locale] as const,
  details: () => ['orders', 'detail'] as const,
  detail: (id: number, locale: Locale) => ['orders', 'detail', id, locale] as const,
};

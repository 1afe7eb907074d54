import type { Locale } from '@drama/contracts';

/** Whole numbers as the operator's locale writes them. */
export function formatCount(value: number, locale: Locale): string {
  return new Intl.NumberFormat(locale).format(value);
}

/** Fen shown as yuan. */
export function formatYuan(fen: number, locale: Locale): string {
  return new Intl.NumberFormat(locale, { style: 'currency', currency: 'CNY', maximumFractionDigits: 2 }).format(fen / 100);
}

export function formatShare(value: number | null, locale: Locale): string {
  if (value === null) return '—';
  return new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 }).format(value);
}

/** The change from the period before, as a share (null when there was nothing before). */
export function change(current: number, previous: number): number | null {
  if (previous === 0) return current === 0 ? 0 : null;
  return (current - previous) / previous;
}

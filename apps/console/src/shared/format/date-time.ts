import type { Locale } from '@drama/contracts';

/** A moment as the operator reads it: their locale, their time zone, to the minute (seconds on demand). */
export function formatDateTime(iso: string | null | undefined, locale: Locale, withSeconds = false): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(locale, {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    ...(withSeconds ? { second: '2-digit' } : {}),
    hourCycle: 'h23',
  }).format(date);
}

/** The time zone the console shows times in, named for the operator ("Asia/Shanghai"). */
export function timeZoneName(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

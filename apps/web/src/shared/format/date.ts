/*
 * Dates the way the genre's apps write them: numbers in Chinese ("2026/12/22"), the month's
 * short name elsewhere ("Dec 22, 2026").
 */

const DATE: Record<'zh' | 'other', Intl.DateTimeFormatOptions> = {
  zh: { year: 'numeric', month: '2-digit', day: '2-digit' },
  other: { dateStyle: 'medium' },
};

const DATE_TIME: Record<'zh' | 'other', Intl.DateTimeFormatOptions> = {
  zh: { ...DATE.zh, hour: '2-digit', minute: '2-digit', hour12: false },
  other: { dateStyle: 'medium', timeStyle: 'short' },
};

function styleOf(locale: string): 'zh' | 'other' {
  return locale.startsWith('zh') ? 'zh' : 'other';
}

/** "Dec 22, 2026" in English; "2026/12/22" in Chinese. */
export function formatDate(iso: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, DATE[styleOf(locale)]).format(new Date(iso));
}

/** A date with the time of day, for records: "2026/12/22 14:05" or "Dec 22, 2026, 2:05 PM". */
export function formatDateTime(iso: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, DATE_TIME[styleOf(locale)]).format(new Date(iso));
}

/** "2026/12/22 14:05" or "Dec 22, 2026, 2:05 PM". */
export function formatDateTime(iso: string, locale: string): string {
  const options: Intl.DateTimeFormatOptions = locale.startsWith('zh')
    ? { year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hour12: false }
    : { dateStyle: 'medium', timeStyle: 'short' };
  return new Intl.DateTimeFormat(locale, options).format(new Date(iso));
}

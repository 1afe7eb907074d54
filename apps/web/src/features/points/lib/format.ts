/** 1234 → "1,234" in the reader's locale. */
export function formatPoints(points: number, locale: string): string {
  return points.toLocaleString(locale);
}

/** A ledger amount with its sign: "+100", "−50" (a true minus sign, read as "minus"). */
export function formatSignedPoints(amount: number, locale: string): string {
  const figure = Math.abs(amount).toLocaleString(locale);
  if (amount > 0) return `+${figure}`;
  if (amount < 0) return `\u2212${figure}`;
  return figure;
}

/** The clock time of an instant in the reader's time zone, on a 24-hour clock: "00:00". */
export function formatClock(iso: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date(iso));
}

/** Whole hours and minutes until an instant, never negative: { hours: 7, minutes: 5 }. */
export function timeUntil(iso: string, now: number = Date.now()): { hours: number; minutes: number } {
  const minutes = Math.max(0, Math.ceil((new Date(iso).getTime() - now) / 60_000));
  return { hours: Math.floor(minutes / 60), minutes: minutes % 60 };
}

/** Groups a newest-first list by the local calendar day of each item. */
export interface DayGroup<T> {
  /** `YYYY-MM-DD` in local time. */
  key: string;
  day: Date;
  items: T[];
}

function dayKey(date: Date): string {
  const month = String(date.getMonth() + 1).padStart(2, '0');
  const day = String(date.getDate()).padStart(2, '0');
  return `${date.getFullYear()}-${month}-${day}`;
}

function startOfDay(date: Date): Date {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate());
}

export function groupByDay<T>(items: readonly T[], timeOf: (item: T) => Date): DayGroup<T>[] {
  const groups: DayGroup<T>[] = [];
  for (const item of items) {
    const time = timeOf(item);
    const key = dayKey(time);
    const last = groups.at(-1);
    if (last?.key === key) last.items.push(item);
    else {
      // Newest first normally; an out-of-order item joins its day's group wherever it is.
      const existing = groups.find((group) => group.key === key);
      if (existing) existing.items.push(item);
      else groups.push({ key, day: startOfDay(time), items: [item] });
    }
  }
  return groups;
}

export type DayName = 'today' | 'yesterday' | null;

/** Today and yesterday by name; other days by date. Calendar days, so it holds across DST. */
export function dayName(day: Date, now: Date): DayName {
  const today = startOfDay(now);
  const yesterday = new Date(today.getFullYear(), today.getMonth(), today.getDate() - 1);
  const key = dayKey(day);
  if (key === dayKey(today)) return 'today';
  if (key === dayKey(yesterday)) return 'yesterday';
  return null;
}

/** "Monday, March 3" (with the year when it is not this year), in the reader's language. */
export function formatDay(day: Date, now: Date, locale: string): string {
  const sameYear = day.getFullYear() === now.getFullYear();
  return new Intl.DateTimeFormat(locale, {
    weekday: 'short',
    month: 'long',
    day: 'numeric',
    ...(sameYear ? {} : { year: 'numeric' }),
  }).format(day);
}

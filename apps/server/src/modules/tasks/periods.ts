import { startOfDay, startOfNextDay } from '../auth/calendar.js';

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    formatters.set(timeZone, format);
  }
  return format;
}

/** The calendar day (YYYY-MM-DD) containing `instant` in `timeZone`. */
export function dayKey(instant: Date, timeZone: string): string {
  const parts = Object.fromEntries(
    formatter(timeZone)
      .formatToParts(instant)
      .filter((part) => part.type !== 'literal')
      .map((part) => [part.type, part.value]),
  ) as Record<'year' | 'month' | 'day', string>;
  return `${parts.year}-${parts.month}-${parts.day}`;
}

/** The period key of newbie tasks: they are claimed once per account. */
export const ONCE = 'once';

/** Today and yesterday in `timeZone`, and the instants that bound today. */
export interface Day {
  key: string;
  previousKey: string;
  start: Date;
  next: Date;
}

export function dayOf(now: Date, timeZone: string): Day {
  const start = startOfDay(now, timeZone);
  return {
    key: dayKey(now, timeZone),
    previousKey: dayKey(new Date(start.getTime() - 1), timeZone),
    start,
    next: startOfNextDay(now, timeZone),
  };
}

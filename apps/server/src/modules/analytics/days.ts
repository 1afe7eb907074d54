import { startOfDay } from '../auth/calendar.js';

const dayFormatters = new Map<string, Intl.DateTimeFormat>();

/** The calendar day (YYYY-MM-DD) of an instant in a time zone. */
export function dayOf(instant: Date, timeZone: string): string {
  let format = dayFormatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dayFormatters.set(timeZone, format);
  }
  return format.format(instant);
}

/** The day `count` days after `day` (before, when negative). */
export function addDays(day: string, count: number): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, date + count)).toISOString().slice(0, 10);
}

/** The instant a calendar day begins in a time zone (days last 23 to 25 hours where clocks change). */
export function dayStart(day: string, timeZone: string): Date {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  let guess = Date.UTC(year, month - 1, date, 12);
  for (let step = 0; step < 3; step += 1) {
    const seen = dayOf(new Date(guess), timeZone);
    if (seen === day) break;
    guess += seen > day ? -10 * 3_600_000 : 10 * 3_600_000;
  }
  return startOfDay(new Date(guess), timeZone);
}

/** Every day from `from` to `to`, both included. */
export function daysBetween(from: string, to: string): string[] {
  const days: string[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) days.push(day);
  return days;
}

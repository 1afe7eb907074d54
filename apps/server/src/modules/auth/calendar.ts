const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, format);
  }
  return format;
}

/** The wall-clock fields of an instant in a time zone, read back as if they were UTC. */
function wallClockAsUtc(instant: Date, timeZone: string): number {
  const parts = Object.fromEntries(
    formatter(timeZone)
      .formatToParts(instant)
      .filter((part) => part.type !== 'literal')
      .map((part) => [part.type, Number(part.value)]),
  ) as Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'second', number>;
  return Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute, parts.second);
}

/** The instant at which the calendar day containing `instant` began in `timeZone`. */
export function startOfDay(instant: Date, timeZone: string): Date {
  const wall = wallClockAsUtc(instant, timeZone);
  const offset = wall - Math.floor(instant.getTime() / 1000) * 1000;
  const midnightWall = wall - (wall % 86_400_000);
  let guess = midnightWall - offset;
  // Where the offset changed since midnight (daylight saving), correct with the offset then.
  const offsetThen = wallClockAsUtc(new Date(guess), timeZone) - guess;
  if (offsetThen !== offset) guess = midnightWall - offsetThen;
  return new Date(guess);
}

/** The instant at which the next calendar day begins in `timeZone`. */
export function startOfNextDay(instant: Date, timeZone: string): Date {
  // Days last 23 to 25 hours; 30 hours after today's midnight is always inside tomorrow.
  return startOfDay(new Date(startOfDay(instant, timeZone).getTime() + 30 * 3_600_000), timeZone);
}

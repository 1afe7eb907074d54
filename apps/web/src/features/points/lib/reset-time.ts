/** Clock time of an instant in a zone, 24-hour: "00:00". */
function clockIn(instant: Date, locale: string, timeZone?: string): string {
  return new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone }).format(instant);
}

/** The zone's name as people read it in this language: "China Standard Time", "中国标准时间". */
function zoneName(instant: Date, locale: string, timeZone: string): string {
  const part = new Intl.DateTimeFormat(locale, { timeZone, timeZoneName: 'long' })
    .formatToParts(instant)
    .find((item) => item.type === 'timeZoneName');
  return part?.value ?? timeZone;
}

export interface ResetTime {
  /** The reset in the server's zone: its midnight, "00:00". */
  time: string;
  zone: string;
  /** The same instant on the viewer's clock, or null when their clock reads the same. */
  localTime: string | null;
}

/**
 * When the daily tasks reset, said in the zone whose midnight it is (APP_TIMEZONE), and on the
 * viewer's own clock when that reads differently: a viewer abroad sees "00:00 China Standard
 * Time (17:00 your time)", not a bare "17:00" that looks like a mistake.
 */
export function describeReset(resetsAt: string, timeZone: string, locale: string, viewerZone?: string): ResetTime {
  const instant = new Date(resetsAt);
  const time = clockIn(instant, locale, timeZone);
  const local = clockIn(instant, locale, viewerZone);
  return { time, zone: zoneName(instant, locale, timeZone), localTime: local === time ? null : local };
}

import { LIMITS } from '@drama/contracts';

/** Customer service keeps mainland China hours, whatever the visitor's own clock says. */
export const SERVICE_TIME_ZONE = 'Asia/Shanghai';

interface Hours {
  /** `HH:mm`, inclusive. */
  open: string;
  /** `HH:mm`, exclusive: at 22:00 sharp the desk is closed. */
  close: string;
}

function minutesOf(time: string): number {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  return hours * 60 + minutes;
}

/** Minutes since midnight of `date` in `timeZone`. */
export function minutesInZone(date: Date, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(date);
  const hour = Number(parts.find((part) => part.type === 'hour')?.value ?? 0);
  const minute = Number(parts.find((part) => part.type === 'minute')?.value ?? 0);
  return (hour % 24) * 60 + minute;
}

/** Open every day of the week (spec section 9), so only the time of day matters. */
export function isServiceOpen(
  date: Date,
  hours: Hours = LIMITS.serviceHours,
  timeZone: string = SERVICE_TIME_ZONE,
): boolean {
  const now = minutesInZone(date, timeZone);
  return now >= minutesOf(hours.open) && now < minutesOf(hours.close);
}

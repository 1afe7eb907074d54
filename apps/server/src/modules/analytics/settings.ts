import { z } from 'zod';

/** How many days raw events are kept (ANALYTICS_RAW_DAYS, default 90): the daily tables keep the figures for good. */
export function analyticsRawDays(env: NodeJS.ProcessEnv = process.env): number {
  const parsed = z.coerce.number().int().min(31).max(3650).default(90).safeParse(env.ANALYTICS_RAW_DAYS === '' ? undefined : env.ANALYTICS_RAW_DAYS);
  if (!parsed.success) throw new Error('ANALYTICS_RAW_DAYS must be a whole number of days from 31 to 3650');
  return parsed.data;
}

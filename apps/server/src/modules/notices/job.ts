import type { JobDefinition } from '../../platform/jobs/queue.js';
import type { NoticeService } from './service.js';

/** The job that makes the VIP reminders (three days before the end, and the last day). */
export const VIP_ENDING_JOB = 'notices.vip-ending';
/** Hourly: a reminder comes within the hour its day starts; each is made once whatever runs it. */
export const VIP_ENDING_CRON = '5 * * * *';

export function vipEndingJob(notices: NoticeService): JobDefinition<object> {
  return {
    name: VIP_ENDING_JOB,
    retryLimit: 2,
    retryDelaySeconds: 60,
    async run() {
      await notices.vipEndings();
    },
  };
}

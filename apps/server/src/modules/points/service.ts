import type { Locale, Paged, PointsRecord, PointsRecordType, PointsSummary } from '@drama/contracts';
import type { Viewer } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { pageOf, pageWindow } from '../../platform/paging.js';
import { readCheckIn } from '../tasks/check-in.js';
import { readRewards } from '../tasks/rewards.js';
import { dayOf } from '../tasks/periods.js';
import { mallItemIdOf, presentPointsRecordIn } from './presenters.js';
import * as queries from './queries.js';

/** The member's balance and ledger (operators' grants and deductions are the members console's). */
export class PointsService {
  constructor(private readonly ctx: AppContext) {}

  async summary(viewer: Viewer): Promise<PointsSummary> {
    const day = dayOf(this.ctx.clock(), this.ctx.config.APP_TIMEZONE);
    const [totals, checkIn, rewards] = await Promise.all([
      queries.findPointsTotals(this.ctx.db, viewer.id, day.start),
      readCheckIn(this.ctx.db, viewer.id, day),
      readRewards(this.ctx.db),
    ]);
    if (!totals) throw new AppError('UNAUTHORIZED', 'Sign in again');
    return {
      balance: totals.balance,
      todayEarned: totals.today_earned,
      totalEarned: totals.total_earned,
      checkedInToday: checkIn.checkedInToday,
      checkInStreak: checkIn.streak,
      checkInRewards: [...rewards.checkIn],
    };
  }

  async records(
    viewer: Viewer,
    query: { type?: PointsRecordType | undefined; page: number; limit: number },
    locale: Locale,
  ): Promise<Paged<PointsRecord>> {
    const { rows, total } = await queries.findRecords(this.ctx.db, {
      userId: viewer.id,
      type: query.type,
      ...pageWindow(query),
    });
    const itemIds = rows.map((row) => mallItemIdOf(row.reference)).filter((id) => id !== null);
    const mallItems = await queries.findMallItemNames(this.ctx.db, itemIds);
    return pageOf(query, rows.map(presentPointsRecordIn({ locale, mallItems })), total);
  }
}

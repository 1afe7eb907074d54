import type { Paged, PointsRecord, PointsRecordType, PointsSummary } from '@drama/contracts';
import { writeAudit } from '../../platform/audit.js';
import type { Viewer } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import type { Actor } from '../../platform/operators.js';
import { pageOf, pageWindow } from '../../platform/paging.js';
import { readCheckIn } from '../tasks/check-in.js';
import { readRewards } from '../tasks/rewards.js';
import { dayOf } from '../tasks/periods.js';
import { changePoints } from './ledger.js';
import { presentPointsRecord } from './presenters.js';
import * as queries from './queries.js';

/** The member's balance and ledger, and the operator's grants and deductions. */
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
  ): Promise<Paged<PointsRecord>> {
    const { rows, total } = await queries.findRecords(this.ctx.db, {
      userId: viewer.id,
      type: query.type,
      ...pageWindow(query),
    });
    return pageOf(query, rows.map(presentPointsRecord), total);
  }

  /** An operator's grant (positive) or deduction (negative); a deduction never goes below 0. */
  /** A grant or deduction, with the balance before and after it in the audit log. */
  async adjust(userId: number, body: { amount: number; note: string; reason: string }, actor: Actor): Promise<{ balance: number; record: PointsRecord }> {
    const now = this.ctx.clock();
    const record = await this.ctx.db.transaction().execute(async (trx) => {
      const changed = await changePoints(trx, { userId, type: 'admin', amount: body.amount, note: body.note, reference: 'admin', now });
      await writeAudit(trx, actor, {
        action: 'user.points-adjust',
        targetType: 'user',
        targetId: userId,
        before: { points: changed.balance_after - body.amount },
        after: { points: changed.balance_after, amount: body.amount, note: body.note, reason: body.reason, recordId: changed.id },
      });
      return changed;
    });
    return { balance: record.balance_after, record: presentPointsRecord(record) };
  }
}

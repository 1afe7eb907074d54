import type {
  ConsoleCheckInRewardsUpdate,
  ConsoleTaskRewardList,
  ConsoleTaskRewardUpdate,
  FixedRewardTaskType,
} from '@drama/contracts';
import { writeAudit } from '../../platform/audit.js';
import type { AppContext } from '../../platform/context.js';
import type { Actor } from '../../platform/operators.js';
import * as queries from './console-queries.js';
import { TASKS } from './definitions.js';
import { DEFAULT_REWARDS, readRewards } from './rewards.js';

/**
 * The tasks' rewards for finance. The viewers' tasks read them on every call, so a change is
 * what the next claim pays; claims already made keep the points they stored.
 */
export class TaskRewardConsoleService {
  constructor(private readonly ctx: AppContext) {}

  async list(): Promise<ConsoleTaskRewardList> {
    const [rewards, rows] = await Promise.all([readRewards(this.ctx.db), queries.findRewardRows(this.ctx.db)]);
    const changed = new Map(rows.tasks.map((row) => [row.task_type, row.updated_at]));
    const checkInChanged = rows.checkIn.reduce<Date | null>((latest, row) => (latest && latest > row.updated_at ? latest : row.updated_at), null);
    return {
      items: TASKS.map((task) => ({
        type: task.type,
        category: task.category,
        target: task.target,
        reward: task.type === 'dailyCheckIn' ? (rewards.checkIn[0] ?? 0) : (rewards.tasks.get(task.type) ?? task.reward),
        updatedAt: (task.type === 'dailyCheckIn' ? checkInChanged : changed.get(task.type))?.toISOString() ?? null,
      })),
      checkInRewards: [...rewards.checkIn],
    };
  }

  async updateTask(actor: Actor, type: FixedRewardTaskType, body: ConsoleTaskRewardUpdate): Promise<ConsoleTaskRewardList> {
    const now = this.ctx.clock();
    await this.ctx.db.transaction().execute(async (trx) => {
      const before = (await queries.lockTaskReward(trx, type))?.points ?? DEFAULT_REWARDS.tasks.get(type) ?? null;
      await queries.upsertTaskReward(trx, type, body.reward, now);
      await writeAudit(trx, actor, {
        action: 'task-reward.update',
        targetType: 'task',
        targetId: type,
        before: { reward: before },
        after: { reward: body.reward },
      });
    });
    return this.list();
  }

  async updateCheckIn(actor: Actor, body: ConsoleCheckInRewardsUpdate): Promise<ConsoleTaskRewardList> {
    const now = this.ctx.clock();
    await this.ctx.db.transaction().execute(async (trx) => {
      const rows = await queries.lockCheckInRewards(trx);
      const byDay = new Map(rows.map((row) => [row.day, row.points]));
      const before = DEFAULT_REWARDS.checkIn.map((points, index) => byDay.get(index + 1) ?? points);
      await queries.upsertCheckInRewards(trx, body.rewards, now);
      await writeAudit(trx, actor, {
        action: 'check-in-rewards.update',
        targetType: 'task',
        targetId: 'dailyCheckIn',
        before: { rewards: before },
        after: { rewards: body.rewards },
      });
    });
    return this.list();
  }
}

import { checkInReward, type PointsRecord, type Task, type TaskList, type TaskType } from '@drama/contracts';
import type { Viewer } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import type { CatalogueService } from '../catalogue/service.js';
import { changePoints } from '../points/ledger.js';
import { presentPointsRecord } from '../points/presenters.js';
import { type CheckInState, checkInState } from './check-in.js';
import { TASKS, type TaskDefinition, taskDefinition } from './definitions.js';
import { newInviteCode } from './invite-codes.js';
import { type Day, dayOf, ONCE } from './periods.js';
import { presentTask } from './presenters.js';
import * as queries from './queries.js';

export interface ClaimResult {
  task: Task;
  reward: number;
  balance: number;
  record: PointsRecord;
}

/** Everything the tasks' states are made of, read once per request. */
interface Snapshot {
  day: Day;
  user: NonNullable<Awaited<ReturnType<typeof queries.findTaskUser>>>;
  claims: queries.ClaimRow[];
  reported: Map<string, number>;
  dramasStartedToday: number;
  invitees: number;
  checkIn: CheckInState;
}

function periodOf(definition: TaskDefinition, day: Day): string {
  return definition.category === 'daily' ? day.key : ONCE;
}

/**
 * Daily and newbie tasks (DESIGN.md section 4). A task's progress is read from what the server
 * knows (check-ins, watch records, the account, invitees) or from what the client reported
 * (share, follow); claiming pays the reward through the ledger exactly once per period, the
 * period being the APP_TIMEZONE day for daily tasks and the account's life for newbie tasks.
 */
export class TaskService {
  constructor(
    private readonly ctx: AppContext,
    private readonly catalogue: CatalogueService,
  ) {}

  private async snapshot(userId: number, now: Date): Promise<Snapshot> {
    const day = dayOf(now, this.ctx.config.APP_TIMEZONE);
    const db = this.ctx.db;
    const [user, claims, reported, dramasStartedToday, invitees] = await Promise.all([
      queries.findTaskUser(db, userId),
      queries.findClaims(db, userId, [day.key, day.previousKey, ONCE]),
      queries.findReportedProgress(db, userId, [day.key, ONCE]),
      queries.countDramasStartedSince(db, userId, day.start),
      queries.countInvitees(db, userId),
    ]);
    if (!user) throw new AppError('UNAUTHORIZED', 'Sign in again');
    return {
      day,
      user,
      claims,
      reported: new Map(reported.map((row) => [`${row.task_type}:${row.period}`, row.progress])),
      dramasStartedToday,
      invitees,
      checkIn: checkInState(claims, day),
    };
  }

  private progressOf(definition: TaskDefinition, snapshot: Snapshot): number {
    switch (definition.source) {
      case 'claim':
        return definition.target;
      case 'watchedDramas':
        return snapshot.dramasStartedToday;
      case 'reported':
        return snapshot.reported.get(`${definition.type}:${periodOf(definition, snapshot.day)}`) ?? 0;
      case 'phone':
        return snapshot.user.phone ? 1 : 0;
      case 'profile':
        return (snapshot.user.avatar ? 1 : 0) + (snapshot.user.email ? 1 : 0);
      case 'invites':
        return snapshot.invitees;
    }
  }

  private task(definition: TaskDefinition, snapshot: Snapshot): Task {
    const period = periodOf(definition, snapshot.day);
    const claim = snapshot.claims.find((row) => row.task_type === definition.type && row.period === period);
    return presentTask(definition, {
      progress: this.progressOf(definition, snapshot),
      claimedPoints: claim ? claim.points : null,
      rewardPoints: definition.type === 'dailyCheckIn' ? checkInReward(snapshot.checkIn.nextStreak) : definition.reward,
    });
  }

  /** The member's invite code, made on first use (unique; a collision draws another). */
  async inviteCode(userId: number, current: string | null): Promise<string> {
    if (current) return current;
    for (let attempt = 0; attempt < 8; attempt += 1) {
      const code = await queries.setInviteCode(this.ctx.db, userId, newInviteCode());
      if (code) return code;
    }
    throw new Error('Could not draw a free invite code');
  }

  async list(viewer: Viewer): Promise<TaskList> {
    const snapshot = await this.snapshot(viewer.id, this.ctx.clock());
    return {
      items: TASKS.map((definition) => this.task(definition, snapshot)),
      resetsAt: snapshot.day.next.toISOString(),
      checkInStreak: snapshot.checkIn.streak,
      inviteCode: await this.inviteCode(viewer.id, snapshot.user.invite_code),
    };
  }

  /**
   * Progress the server cannot see (a share, a follow), reported by the client: one step per
   * call, up to the target. Other tasks are tracked by the server and refuse reports.
   */
  async report(viewer: Viewer, type: TaskType, body: { dramaId?: number | undefined }): Promise<Task> {
    const definition = taskDefinition(type);
    if (definition.source !== 'reported') {
      throw new AppError('VALIDATION_FAILED', `Progress of ${type} is tracked by the server`, [
        { in: 'params', path: 'taskType', message: 'progress of this task is tracked by the server' },
      ]);
    }
    if (body.dramaId !== undefined) await this.catalogue.dramaDetail(body.dramaId, 'en-US');
    const now = this.ctx.clock();
    const day = dayOf(now, this.ctx.config.APP_TIMEZONE);
    await queries.addReportedProgress(this.ctx.db, {
      userId: viewer.id,
      taskType: type,
      period: periodOf(definition, day),
      target: definition.target,
      now,
    });
    return this.task(definition, await this.snapshot(viewer.id, now));
  }

  /**
   * Pays a completed task's reward, once per period. Claiming the check-in is the check-in:
   * its reward follows the streak (a missed day starts it again). Racing claims are decided
   * by the unique key of the claims, inside the ledger's transaction: one pays, the others
   * roll back with TASK_ALREADY_RECEIVED.
   */
  async claim(viewer: Viewer, type: TaskType): Promise<ClaimResult> {
    const definition = taskDefinition(type);
    const now = this.ctx.clock();
    const snapshot = await this.snapshot(viewer.id, now);
    const task = this.task(definition, snapshot);
    if (task.status === 'received') throw new AppError('TASK_ALREADY_RECEIVED', `${type} was already claimed`);
    if (task.status !== 'completed') {
      throw new AppError('TASK_NOT_COMPLETED', `${type} is not completed yet`, {
        progress: task.progress,
        target: task.target,
      });
    }
    const period = periodOf(definition, snapshot.day);
    const reward = task.rewardPoints;
    const record = await this.ctx.db.transaction().execute(async (trx) => {
      const row = await changePoints(trx, {
        userId: viewer.id,
        type: definition.recordType,
        amount: reward,
        note: type,
        reference: `task:${type}:${period}`,
        now,
      });
      const claimed = await queries.insertClaim(trx, {
        userId: viewer.id,
        taskType: type,
        period,
        streak: type === 'dailyCheckIn' ? snapshot.checkIn.nextStreak : null,
        points: reward,
        recordId: row.id,
        now,
      });
      if (!claimed) throw new AppError('TASK_ALREADY_RECEIVED', `${type} was already claimed`);
      return row;
    });
    return {
      task: presentTask(definition, { progress: definition.target, claimedPoints: reward, rewardPoints: reward }),
      reward,
      balance: record.balance_after,
      record: presentPointsRecord(record),
    };
  }
}

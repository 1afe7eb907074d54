import {
  type FollowTarget,
  type Locale,
  type PointsRecord,
  type Task,
  type TaskList,
  type TaskType,
} from '@drama/contracts';
import type { Viewer } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import type { CatalogueService } from '../catalogue/service.js';
import { changePoints } from '../points/index.js';
import { presentPointsRecord } from '../points/presenters.js';
import type { SettingsService } from '../settings/service.js';
import { type CheckInState, checkInState } from './check-in.js';
import { TASKS, type TaskDefinition, taskDefinition } from './definitions.js';
import { newInviteCode } from './invite-codes.js';
import { type Day, dayOf, ONCE } from './periods.js';
import { presentTask } from './presenters.js';
import * as queries from './queries.js';
import { readRewards, type Rewards, rewardOf } from './rewards.js';

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
  followOpened: boolean;
  /** What claims pay now (the operators' figures). */
  rewards: Rewards;
}

/** Where Follow us leads in the viewer's language, or null when the operator has set nowhere. */
interface FollowPlace {
  link: string | null;
  qrImage: string | null;
}

function periodOf(definition: TaskDefinition, day: Day): string {
  return definition.category === 'daily' ? day.key : ONCE;
}

/**
 * Daily and newbie tasks (DESIGN.md section 4). A task's progress is read from what the server
 * knows (check-ins, watch records, the account, invitees) or from what the client reported
 * (share, follow after an open the server recorded); claiming pays the reward through the ledger exactly once per period, the
 * period being the APP_TIMEZONE day for daily tasks and the account's life for newbie tasks.
 */
export class TaskService {
  constructor(
    private readonly ctx: AppContext,
    private readonly catalogue: CatalogueService,
    private readonly settings: SettingsService,
  ) {}

  private async followPlace(locale: Locale): Promise<FollowPlace | null> {
    const settings = await this.settings.forLocale(locale);
    const link = settings.followUsLink.trim() || null;
    const qrImage = settings.followUsQrImage.trim() || null;
    return link || qrImage ? { link, qrImage } : null;
  }

  /** Follow us while nowhere is set to follow: not offered, so neither reported nor claimed. */
  private async requireFollowPlace(locale: Locale): Promise<FollowPlace> {
    const place = await this.followPlace(locale);
    if (!place) throw new AppError('NOT_FOUND', 'Follow us is not offered: no official account is set');
    return place;
  }

  private async snapshot(userId: number, now: Date): Promise<Snapshot> {
    const day = dayOf(now, this.ctx.config.APP_TIMEZONE);
    const db = this.ctx.db;
    const [user, claims, reported, dramasStartedToday, invitees, followOpen, rewards] = await Promise.all([
      queries.findTaskUser(db, userId),
      queries.findClaims(db, userId, [day.key, day.previousKey, ONCE]),
      queries.findReportedProgress(db, userId, [day.key, ONCE]),
      queries.countDramasStartedSince(db, userId, day.start),
      queries.countInvitees(db, userId),
      queries.findFollowOpen(db, userId),
      readRewards(db),
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
      followOpened: followOpen !== undefined,
      rewards,
    };
  }

  private progressOf(definition: TaskDefinition, snapshot: Snapshot): number {
    switch (definition.source) {
      case 'claim':
        // Claiming it is doing it: nothing is done before the claim.
        return 0;
      case 'watchedDramas':
        return snapshot.dramasStartedToday;
      case 'reported':
      case 'follow':
        return snapshot.reported.get(`${definition.type}:${periodOf(definition, snapshot.day)}`) ?? 0;
      case 'phone':
        return snapshot.user.phone ? 1 : 0;
      case 'profile':
        // Only an uploaded avatar counts: avatar_file is set by the upload, which decoded it.
        return (snapshot.user.nickname ? 1 : 0) + (snapshot.user.avatar_file ? 1 : 0);
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
      rewardPoints: rewardOf(snapshot.rewards, definition.type, snapshot.checkIn.nextStreak),
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

  async list(viewer: Viewer, locale: Locale): Promise<TaskList> {
    const [snapshot, place] = await Promise.all([this.snapshot(viewer.id, this.ctx.clock()), this.followPlace(locale)]);
    const offered = TASKS.filter((definition) => definition.source !== 'follow' || place !== null);
    return {
      items: offered.map((definition) => this.task(definition, snapshot)),
      resetsAt: snapshot.day.next.toISOString(),
      timeZone: this.ctx.config.APP_TIMEZONE,
      follow: place && { ...place, opened: snapshot.followOpened },
      checkInStreak: snapshot.checkIn.streak,
      inviteCode: await this.inviteCode(viewer.id, snapshot.user.invite_code),
    };
  }

  /**
   * The member opened the follow target (tapped its link, or was shown its QR code): from now
   * on their "Done" counts. The server cannot see the follow itself; it can refuse a "Done"
   * that comes without ever opening what was to be followed.
   */
  async followOpened(viewer: Viewer, locale: Locale): Promise<FollowTarget> {
    const place = await this.requireFollowPlace(locale);
    await queries.recordFollowOpen(this.ctx.db, {
      userId: viewer.id,
      target: place.link ?? place.qrImage ?? '',
      now: this.ctx.clock(),
    });
    return { ...place, opened: true };
  }

  /**
   * Progress the server cannot see (a share, a follow), reported by the client: one step per
   * call, up to the target. A follow counts only once the target was opened. Other tasks are
   * tracked by the server and refuse reports.
   */
  async report(viewer: Viewer, type: TaskType, body: { dramaId?: number | undefined }, locale: Locale): Promise<Task> {
    const definition = taskDefinition(type);
    if (definition.source !== 'reported' && definition.source !== 'follow') {
      throw new AppError('VALIDATION_FAILED', `Progress of ${type} is tracked by the server`, [
        { in: 'params', path: 'taskType', message: 'progress of this task is tracked by the server' },
      ]);
    }
    if (definition.source === 'follow') {
      await this.requireFollowPlace(locale);
      if (!(await queries.findFollowOpen(this.ctx.db, viewer.id))) {
        throw new AppError('TASK_NOT_COMPLETED', 'Open the official account first, then say it is done', {
          progress: 0,
          target: definition.target,
        });
      }
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
  async claim(viewer: Viewer, type: TaskType, locale: Locale): Promise<ClaimResult> {
    const definition = taskDefinition(type);
    if (definition.source === 'follow') await this.requireFollowPlace(locale);
    const now = this.ctx.clock();
    const snapshot = await this.snapshot(viewer.id, now);
    const task = this.task(definition, snapshot);
    if (task.status === 'received') throw new AppError('TASK_ALREADY_RECEIVED', `${type} was already claimed`);
    // A task done by claiming it (the check-in) is claimable whenever it is not received.
    if (task.status !== 'completed' && definition.source !== 'claim') {
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

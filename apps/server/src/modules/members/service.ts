import {
  type Feedback,
  type Locale,
  maskEmail,
  maskPhone,
  MEMBER_CONTACT_ROLES,
  type MemberAction,
  type MemberAdjustment,
  type MemberAdjustmentKind,
  type MemberAdjustmentResult,
  type MemberDetail,
  type MemberHistoryItem,
  type MemberPointsChange,
  type MemberSummary,
  type MemberVipChange,
  type Order,
  type OperatorRole,
  type Paged,
  type PointsRecord,
  USER_STATUS,
} from '@drama/contracts';
import type { Db } from '../../db/database.js';
import type { UserRow } from '../../db/schema.js';
import { writeAudit } from '../../platform/audit.js';
import { hasActiveVip } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { pickText } from '../../platform/locale.js';
import { type Actor, effectiveRole, roleAllows } from '../../platform/operators.js';
import { type PageRequest, pageOf, pageWindow } from '../../platform/paging.js';
import { presentFeedback } from '../feedback/presenters.js';
import { findFeedbackPage, findReplies, findScreenshots } from '../feedback/index.js';
import { setUserVip } from '../membership/index.js';
import { extendVip } from '../membership/vip.js';
import { presentOrder } from '../orders/presenters.js';
import { findOrdersOfUser } from '../orders/index.js';
import { changePoints } from '../points/index.js';
import { presentPointsRecord } from '../points/presenters.js';
import { findRecords } from '../points/index.js';
import * as queries from './queries.js';

const DAY_MS = 86_400_000;

function notFound(id: number): AppError {
  return new AppError('USER_NOT_FOUND', `Member ${id} not found`);
}

/** Whether a role sees members' phones and e-mails in full (contracts' MEMBER_CONTACT_ROLES). */
export function seesContacts(role: OperatorRole): boolean {
  return roleAllows(role, MEMBER_CONTACT_ROLES);
}

export function presentMemberSummary(row: UserRow, role: OperatorRole, now: Date): MemberSummary {
  const open = seesContacts(role);
  return {
    id: row.id,
    username: row.username,
    nickname: row.nickname,
    email: row.email === null ? null : open ? row.email : maskEmail(row.email),
    phone: row.phone === null ? null : open ? row.phone : maskPhone(row.phone),
    contactsMasked: !open,
    status: row.status,
    vipLevel: row.vip_level,
    vipExpireTime: row.vip_expire_time?.toISOString() ?? null,
    vipActive: hasActiveVip(row, now),
    points: row.points,
    createdAt: row.created_at.toISOString(),
    lastSignInAt: row.last_sign_in_at?.toISOString() ?? null,
  };
}

export function presentMemberDetail(row: UserRow, role: OperatorRole, now: Date): MemberDetail {
  return {
    ...presentMemberSummary(row, role, now),
    avatar: row.avatar,
    lockedUntil: row.locked_until && row.locked_until > now ? row.locked_until.toISOString() : null,
    updatedAt: row.updated_at.toISOString(),
  };
}

function presentAdjustment(row: queries.MemberAdjustmentRow): MemberAdjustment {
  return {
    id: row.id,
    kind: row.kind,
    amount: row.amount,
    reason: row.reason,
    before: row.before,
    after: row.after,
    operatorUsername: row.operator_username,
    createdAt: row.created_at.toISOString(),
  };
}

interface Applied {
  before: string | null;
  after: string | null;
  points_record_id?: number;
}

/**
 * The console's members: search, a member's page, and support's changes. Every change runs in
 * one transaction with its audit row; grants and deductions are applied once per idempotency key.
 */
export class MembersConsoleService {
  constructor(private readonly ctx: AppContext) {}

  private now(): Date {
    return this.ctx.clock();
  }

  async search(actor: Actor, query: { query?: string | undefined } & PageRequest): Promise<Paged<MemberSummary>> {
    const { rows, total } = await queries.searchMembers(this.ctx.db, {
      query: query.query,
      contactPrefix: seesContacts(effectiveRole(actor)),
      ...pageWindow(query),
    });
    const now = this.now();
    return pageOf(query, rows.map((row) => presentMemberSummary(row, effectiveRole(actor), now)), total);
  }

  private async member(id: number): Promise<UserRow> {
    const row = await queries.findMember(this.ctx.db, id);
    if (!row) throw notFound(id);
    return row;
  }

  async get(actor: Actor, id: number): Promise<MemberDetail> {
    return presentMemberDetail(await this.member(id), effectiveRole(actor), this.now());
  }

  async orders(id: number, query: PageRequest, locale: Locale): Promise<Paged<Order>> {
    await this.member(id);
    const { rows, total } = await findOrdersOfUser(this.ctx.db, id, pageWindow(query));
    return pageOf(query, rows.map((row) => presentOrder(row, locale)), total);
  }

  async points(id: number, query: PageRequest): Promise<Paged<PointsRecord>> {
    await this.member(id);
    const { rows, total } = await findRecords(this.ctx.db, { userId: id, ...pageWindow(query) });
    return pageOf(query, rows.map(presentPointsRecord), total);
  }

  async history(id: number, query: PageRequest, locale: Locale): Promise<Paged<MemberHistoryItem>> {
    await this.member(id);
    const { rows, total } = await queries.findHistory(this.ctx.db, id, pageWindow(query));
    const items = rows.map((row) => ({
      id: row.id,
      dramaId: row.drama_id,
      dramaTitle: pickText(row.title, locale),
      episodeId: row.episode_id,
      episodeSequence: row.sequence,
      episodeCount: row.episode_count,
      progressSeconds: row.progress_seconds,
      watchedAt: row.watched_at.toISOString(),
    }));
    return pageOf(query, items, total);
  }

  async feedback(id: number, query: PageRequest): Promise<Paged<Feedback>> {
    await this.member(id);
    const { rows, total } = await findFeedbackPage(this.ctx.db, { userId: id, ...pageWindow(query) });
    const ids = rows.map((row) => row.id);
    const [screenshots, replies] = await Promise.all([findScreenshots(this.ctx.db, ids), findReplies(this.ctx.db, ids)]);
    return pageOf(query, rows.map((row) => presentFeedback(row, screenshots, replies)), total);
  }

  async adjustments(id: number, query: { kind?: MemberAdjustmentKind | undefined } & PageRequest): Promise<Paged<MemberAdjustment>> {
    await this.member(id);
    const { rows, total } = await queries.findAdjustments(this.ctx.db, { userId: id, kind: query.kind, ...pageWindow(query) });
    return pageOf(query, rows.map(presentAdjustment), total);
  }

  /** Grants VIP days (from the later of now and the expiry) or deducts them (never to before now). */
  async changeVip(actor: Actor, id: number, change: MemberVipChange): Promise<MemberAdjustmentResult> {
    const days = change.direction === 'grant' ? change.days : -change.days;
    return this.adjust(actor, id, 'vip_days', days, change, async (trx, member, now) => {
      const before = member.vip_expire_time?.toISOString() ?? null;
      if (change.direction === 'grant') {
        const extended = await extendVip(trx, id, change.days, now);
        if (!extended) throw notFound(id);
        return { before, after: extended.vip_expire_time?.toISOString() ?? null };
      }
      const expiry = member.vip_expire_time;
      const remainingMs = hasActiveVip(member, now) && expiry ? expiry.getTime() - now.getTime() : 0;
      if (change.days * DAY_MS > remainingMs) {
        throw new AppError('VIP_DEDUCTION_TOO_LARGE', 'The VIP would end before now', {
          maxDays: Math.floor(remainingMs / DAY_MS),
          vipExpireTime: before,
        });
      }
      const shortened = new Date((expiry as Date).getTime() - change.days * DAY_MS);
      const updated = await setUserVip(trx, id, { level: member.vip_level, expiresAt: shortened, now });
      return { before, after: updated.vip_expire_time?.toISOString() ?? null };
    });
  }

  /** Grants or deducts points through the member's ledger; a deduction never takes the balance below 0. */
  async changePoints(actor: Actor, id: number, change: MemberPointsChange): Promise<MemberAdjustmentResult> {
    const amount = change.direction === 'grant' ? change.amount : -change.amount;
    return this.adjust(actor, id, 'points', amount, change, async (trx, member, now, adjustmentId) => {
      const record = await changePoints(trx, {
        userId: id,
        type: 'admin',
        amount,
        note: null,
        reference: `console:${adjustmentId}`,
        now,
      });
      return { before: String(member.points), after: String(record.balance_after), points_record_id: record.id };
    });
  }

  private async adjust(
    actor: Actor,
    id: number,
    kind: MemberAdjustmentKind,
    amount: number,
    change: { reason: string; idempotencyKey: string; direction: 'grant' | 'deduct' },
    apply: (trx: Db, member: UserRow, now: Date, adjustmentId: number) => Promise<Applied>,
  ): Promise<MemberAdjustmentResult> {
    const now = this.now();
    return this.ctx.db.transaction().execute(async (trx) => {
      // The member's row first: every change of one member queues here, a replay included.
      const member = await queries.lockMember(trx, id);
      if (!member) throw notFound(id);
      const claimed = await queries.claimAdjustment(trx, {
        user_id: id,
        kind,
        amount,
        reason: change.reason,
        idempotency_key: change.idempotencyKey,
        operator_id: actor.operatorId,
        operator_username: actor.username,
        created_at: now,
      });
      if (!claimed) {
        const earlier = await queries.findAdjustmentByKey(trx, change.idempotencyKey);
        if (!earlier || earlier.user_id !== id || earlier.kind !== kind || earlier.amount !== amount || earlier.reason !== change.reason) {
          throw new AppError('MEMBER_CHANGE_KEY_REUSED', 'This idempotency key was used for another change');
        }
        return { member: presentMemberDetail(member, effectiveRole(actor), now), adjustment: presentAdjustment(earlier), replayed: true };
      }
      const applied = await apply(trx, member, now, claimed.id);
      const adjustment = await queries.completeAdjustment(trx, claimed.id, applied);
      const after = await queries.findMember(trx, id);
      if (!after) throw notFound(id);
      await writeAudit(trx, actor, {
        action: kind === 'vip_days' ? 'member.vip' : 'member.points',
        targetType: 'user',
        targetId: id,
        before: kind === 'vip_days' ? { vipLevel: member.vip_level, vipExpireTime: applied.before } : { points: member.points },
        after: {
          ...(kind === 'vip_days' ? { vipLevel: after.vip_level, vipExpireTime: applied.after } : { points: after.points }),
          direction: change.direction,
          amount,
          reason: change.reason,
          adjustmentId: claimed.id,
          idempotencyKey: change.idempotencyKey,
        },
      });
      return { member: presentMemberDetail(after, effectiveRole(actor), now), adjustment: presentAdjustment(adjustment), replayed: false };
    });
  }

  /** Disables the account: sign-in is refused and every token it holds stops working at once. */
  async disable(actor: Actor, id: number, action: MemberAction): Promise<MemberDetail> {
    return this.setStatus(actor, id, USER_STATUS.disabled, action);
  }

  /** Enables it again; tokens from before the disabling stay dead. */
  async enable(actor: Actor, id: number, action: MemberAction): Promise<MemberDetail> {
    return this.setStatus(actor, id, USER_STATUS.active, action);
  }

  private async setStatus(actor: Actor, id: number, status: number, action: MemberAction): Promise<MemberDetail> {
    const now = this.now();
    const disabling = status === USER_STATUS.disabled;
    const row = await this.ctx.db.transaction().execute(async (trx) => {
      const before = await queries.lockMember(trx, id);
      if (!before) throw notFound(id);
      // Already so: nothing changes, nothing to record.
      if (before.status === status) return before;
      const updated = await queries.setUserStatus(trx, id, status, { endSessions: disabling });
      if (!updated) throw notFound(id);
      await writeAudit(trx, actor, {
        action: disabling ? 'member.disable' : 'member.enable',
        targetType: 'user',
        targetId: id,
        before: { status: before.status },
        after: { status: updated.status, reason: action.reason },
      });
      return updated;
    });
    return presentMemberDetail(row, effectiveRole(actor), now);
  }

  /**
   * Signs the member out everywhere. Members' tokens are stateless and carry the account's token
   * version (there is no refresh token to revoke): raising it ends every token issued so far.
   */
  async signOutEverywhere(actor: Actor, id: number, action: MemberAction): Promise<MemberDetail> {
    const now = this.now();
    const row = await this.ctx.db.transaction().execute(async (trx) => {
      const before = await queries.lockMember(trx, id);
      if (!before) throw notFound(id);
      const updated = await queries.endMemberSessions(trx, id, now);
      await writeAudit(trx, actor, {
        action: 'member.sign-out',
        targetType: 'user',
        targetId: id,
        before: { tokenVersion: before.token_version },
        after: { tokenVersion: updated.token_version, reason: action.reason },
      });
      return updated;
    });
    return presentMemberDetail(row, effectiveRole(actor), now);
  }
}

import type { Paged, RedeemCodeType, RedeemRecord, RedeemResult } from '@drama/contracts';
import type { Db } from '../../db/database.js';
import type { RedeemCodeRow, UserRow } from '../../db/schema.js';
import { writeAudit } from '../../platform/audit.js';
import type { Viewer } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import type { Actor } from '../../platform/operators.js';
import { pageOf, pageWindow } from '../../platform/paging.js';
import { extendVip } from '../membership/vip.js';
import { changePoints } from '../points/index.js';
import { newRedeemCode, redeemCodeKey } from './codes.js';
import * as queries from './queries.js';
import { noticesOf, transactionWithNotices } from '../notices/service.js';

/** A batch of codes to make: a console campaign is one. */
export interface RedeemBatchCreate {
  type: RedeemCodeType;
  value: number;
  count: number;
  /** In the future; none for codes that never expire. */
  expiresAt?: string;
  /** The campaign's name, kept in the audit log with its count and value. */
  campaign?: string;
}

export interface CreatedCodes {
  /** The campaign (batch) the codes belong to. */
  batchId: number;
  codes: string[];
  type: RedeemCodeType;
  value: number;
  expiresAt: string | null;
}

/** Failed redemptions allowed in a sliding window, per member and per address, against guessing. */
export const REDEEM_FAILURE_LIMITS = { windowMs: 10 * 60_000, perUser: 10, perIp: 30 } as const;

/**
 * Redeem codes (DESIGN.md section 4): case-sensitive, single use, granting VIP days or points.
 * Redeeming takes the code and grants its value in one transaction; failures are counted per
 * member and per address in the database, so the limit holds across instances.
 */
export class RedeemService {
  constructor(private readonly ctx: AppContext) {}

  /** Seconds until the member (or the address) may try again; null when not limited. */
  private async retryAfter(userId: number, ip: string | null, now: Date): Promise<number | null> {
    const { windowMs, perUser, perIp } = REDEEM_FAILURE_LIMITS;
    const since = new Date(now.getTime() - windowMs);
    const [byUser, byIp] = await Promise.all([
      queries.findLimitingFailure(this.ctx.db, { column: 'user_id', value: userId }, since, perUser),
      ip === null ? undefined : queries.findLimitingFailure(this.ctx.db, { column: 'ip', value: ip }, since, perIp),
    ]);
    const waits = [byUser, byIp]
      .filter((at): at is Date => at !== undefined)
      .map((at) => Math.max(1, Math.ceil((at.getTime() + windowMs - now.getTime()) / 1000)));
    return waits.length === 0 ? null : Math.max(...waits);
  }

  /** Why a code could not be used: unknown (or a different letter case), used, or expired. */
  private async failure(key: string, now: Date): Promise<AppError> {
    const code = await queries.findCode(this.ctx.db, key);
    if (!code) return new AppError('REDEEM_CODE_INVALID', 'No such redeem code (codes are case-sensitive)');
    if (code.used_at !== null) return new AppError('REDEEM_CODE_USED', 'This redeem code has been used');
    if (code.expires_at !== null && code.expires_at <= now) {
      return new AppError('REDEEM_CODE_EXPIRED', 'This redeem code has expired');
    }
    // Live again by now: another attempt's transaction that took it rolled back.
    return new AppError('REDEEM_CODE_USED', 'This redeem code is being used');
  }

  async redeem(viewer: Viewer, input: string, ip: string | null): Promise<RedeemResult> {
    const now = this.ctx.clock();
    const wait = await this.retryAfter(viewer.id, ip, now);
    if (wait !== null) {
      throw new AppError('RATE_LIMITED', 'Too many failed redeem attempts, try again later', { retryAfter: wait });
    }
    const key = redeemCodeKey(input);
    const result = await transactionWithNotices(this.ctx, async (trx): Promise<RedeemResult | null> => {
      const code = await queries.useCode(trx, { key, userId: viewer.id, now });
      if (!code) return null;
      const member = await grant(trx, code, viewer.id, now);
      await noticesOf(this.ctx)?.message(trx, viewer.id, 'redeem-result', { kind: code.type === 'points' ? 'points' : 'vip', value: code.value });
      return {
        type: code.type,
        value: code.value,
        points: member.points,
        vipLevel: member.vip_level,
        vipExpireTime: member.vip_expire_time?.toISOString() ?? null,
      };
    });
    if (result) return result;
    const error = await this.failure(key, now);
    await queries.recordFailure(this.ctx.db, {
      userId: viewer.id,
      ip,
      now,
      forgetBefore: new Date(now.getTime() - REDEEM_FAILURE_LIMITS.windowMs),
    });
    throw error;
  }

  async records(viewer: Viewer, page: { page: number; limit: number }): Promise<Paged<RedeemRecord>> {
    const { rows, total } = await queries.findRedeemedBy(this.ctx.db, viewer.id, pageWindow(page));
    const items = rows.map((row) => ({
      id: row.id,
      code: row.code,
      type: row.type,
      value: row.value,
      redeemedAt: (row.used_at ?? this.ctx.clock()).toISOString(),
    }));
    return pageOf(page, items, total);
  }

  /** A batch of new codes (unique: a collision, however unlikely, draws another). */
  /** The batch and its audit row land together; the log keeps what the batch is worth, never a code. */
  async create(body: RedeemBatchCreate, actor: Actor): Promise<CreatedCodes> {
    const now = this.ctx.clock();
    const expiresAt = body.expiresAt === undefined ? null : new Date(body.expiresAt);
    if (expiresAt !== null && expiresAt <= now) {
      throw new AppError('VALIDATION_FAILED', 'expiresAt must be in the future', [
        { in: 'body', path: 'expiresAt', message: 'must be in the future' },
      ]);
    }
    const { batchId, codes } = await this.ctx.db.transaction().execute(async (trx) => {
      const batch = await queries.insertBatch(trx, {
        name: body.campaign ?? null,
        type: body.type,
        value: body.value,
        count: body.count,
        expiresAt,
        createdBy: actor.operatorId,
        createdByName: actor.username,
        now,
      });
      const made: string[] = [];
      for (let attempt = 0; made.length < body.count; attempt += 1) {
        if (attempt >= 5) throw new Error('Could not draw enough unique redeem codes');
        const drawn = new Set<string>();
        while (drawn.size < body.count - made.length) drawn.add(newRedeemCode());
        made.push(...(await queries.insertCodes(trx, { batchId: batch, codes: [...drawn], type: body.type, value: body.value, expiresAt, now })));
      }
      await writeAudit(trx, actor, {
        action: 'redeem.batch-create',
        targetType: 'redeem-batch',
        targetId: batch,
        after: { type: body.type, value: body.value, count: made.length, expiresAt: expiresAt?.toISOString() ?? null, campaign: body.campaign ?? null },
      });
      return { batchId: batch, codes: made };
    });
    return { batchId, codes, type: body.type, value: body.value, expiresAt: expiresAt?.toISOString() ?? null };
  }
}

/** Grants a code just taken, in the same transaction; what the member holds after it. */
async function grant(
  trx: Db,
  code: RedeemCodeRow,
  userId: number,
  now: Date,
): Promise<Pick<UserRow, 'points' | 'vip_level' | 'vip_expire_time'>> {
  if (code.type === 'vip_days') {
    const user = await extendVip(trx, userId, code.value, now);
    if (!user) throw new AppError('UNAUTHORIZED', 'Sign in again');
    return user;
  }
  const record = await changePoints(trx, {
    userId,
    type: 'redeem_code',
    amount: code.value,
    note: code.code,
    reference: `redeem:${code.id}`,
    now,
  });
  return { points: record.balance_after, ...(await queries.findVipState(trx, userId)) };
}

import {
  type AdminUser,
  normalizePhone,
  type OutboxMessage,
  type Paged,
  PHONE_PATTERN,
  USER_STATUS,
} from '@drama/contracts';
import { writeAudit } from '../../platform/audit.js';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import type { Actor } from '../../platform/operators.js';
import { pageOf, pageWindow } from '../../platform/paging.js';
import { extendVip } from '../membership/vip.js';
import { presentOutboxMessage } from '../messages/presenters.js';
import { findOutboxMessages } from '../messages/queries.js';
import { presentAdminUser } from '../users/presenters.js';
import * as queries from './queries.js';

function notFound(id: number): AppError {
  return new AppError('USER_NOT_FOUND', `User ${id} not found`);
}

/** The operator's calls about users and the outbox (DESIGN.md section 3, admin). */
export class AdminService {
  constructor(
    private readonly ctx: AppContext,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  async outbox(query: { target?: string | undefined; page: number; limit: number }): Promise<Paged<OutboxMessage>> {
    // Destinations are stored as the API takes them: phones without +86, emails in lower case.
    const compact = query.target?.replace(/[\s-]/g, '');
    const target =
      compact === undefined ? undefined : PHONE_PATTERN.test(compact) ? normalizePhone(compact) : compact.toLowerCase();
    const { rows, total } = await findOutboxMessages(this.ctx.db, { target, ...pageWindow(query) });
    return pageOf(query, rows.map(presentOutboxMessage), total);
  }

  async users(query: { query?: string | undefined; page: number; limit: number }): Promise<Paged<AdminUser>> {
    const { rows, total } = await queries.searchUsers(this.ctx.db, { query: query.query, ...pageWindow(query) });
    const now = this.clock();
    return pageOf(query, rows.map((row) => presentAdminUser(row, now)), total);
  }

  /** Disables an account: sign-in is refused and every token it holds stops working. */
  async disable(actor: Actor, id: number): Promise<AdminUser> {
    return this.setStatus(actor, id, USER_STATUS.disabled);
  }

  /** Enables an account again; tokens from before the disabling stay dead. */
  async enable(actor: Actor, id: number): Promise<AdminUser> {
    return this.setStatus(actor, id, USER_STATUS.active);
  }

  private async setStatus(actor: Actor, id: number, status: number): Promise<AdminUser> {
    const disabling = status === USER_STATUS.disabled;
    const user = await this.ctx.db.transaction().execute(async (trx) => {
      const before = await queries.userStatusForUpdate(trx, id);
      if (before === undefined) throw notFound(id);
      const updated = await queries.setUserStatus(trx, id, status, { endSessions: disabling });
      if (!updated) throw notFound(id);
      await writeAudit(trx, actor, {
        action: disabling ? 'user.disable' : 'user.enable',
        targetType: 'user',
        targetId: id,
        before: { status: before },
        after: { status: updated.status },
      });
      return updated;
    });
    return presentAdminUser(user, this.clock());
  }

  /** Grants VIP days, extending from the later of now and the current expiry. */
  async grantVip(actor: Actor, id: number, grant: { days: number; reason: string }): Promise<AdminUser> {
    const now = this.clock();
    const user = await this.ctx.db.transaction().execute(async (trx) => {
      const before = await queries.userVipForUpdate(trx, id);
      if (!before) throw notFound(id);
      const extended = await extendVip(trx, id, grant.days, now);
      if (!extended) throw notFound(id);
      await writeAudit(trx, actor, {
        action: 'user.vip-grant',
        targetType: 'user',
        targetId: id,
        before: { vipLevel: before.vip_level, vipExpireTime: before.vip_expire_time },
        after: { vipLevel: extended.vip_level, vipExpireTime: extended.vip_expire_time, days: grant.days, reason: grant.reason },
      });
      return extended;
    });
    return presentAdminUser(user, now);
  }
}

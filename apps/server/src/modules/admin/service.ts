import {
  type AdminUser,
  normalizePhone,
  type OutboxMessage,
  type Paged,
  PHONE_PATTERN,
  USER_STATUS,
} from '@drama/contracts';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
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
  async disable(id: number): Promise<AdminUser> {
    const user = await queries.setUserStatus(this.ctx.db, id, USER_STATUS.disabled, { endSessions: true });
    if (!user) throw notFound(id);
    return presentAdminUser(user, this.clock());
  }

  /** Enables an account again; tokens from before the disabling stay dead. */
  async enable(id: number): Promise<AdminUser> {
    const user = await queries.setUserStatus(this.ctx.db, id, USER_STATUS.active, { endSessions: false });
    if (!user) throw notFound(id);
    return presentAdminUser(user, this.clock());
  }

  /** Grants VIP days, extending from the later of now and the current expiry. */
  async grantVip(id: number, days: number): Promise<AdminUser> {
    const now = this.clock();
    const user = await this.ctx.db.transaction().execute(async (trx) => {
      const extended = await extendVip(trx, id, days, now);
      if (!extended) throw notFound(id);
      return extended;
    });
    return presentAdminUser(user, now);
  }
}

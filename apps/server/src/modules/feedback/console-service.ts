import type {
  ConsoleFeedback,
  ConsoleFeedbackListQuery,
  FeedbackAssignee,
  FeedbackCount,
  FeedbackStatus,
  Paged,
} from '@drama/contracts';
import type { Db } from '../../db/database.js';
import { writeAudit } from '../../platform/audit.js';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import type { Actor } from '../../platform/operators.js';
import { pageOf, pageWindow } from '../../platform/paging.js';
import { uploadUrl } from '../uploads/service.js';
import * as inbox from './console-queries.js';
import { noticesOf, transactionWithNotices } from '../notices/service.js';
import { findFeedbackForUpdate, findReplies, findScreenshots, insertReply, type ReplyRecord, type ScreenshotRecord, setFeedbackStatus } from './queries.js';

function notFound(id: number): AppError {
  return new AppError('FEEDBACK_NOT_FOUND', `Feedback ${id} not found`);
}

function present(row: inbox.InboxRecord, screenshots: readonly ScreenshotRecord[], replies: readonly ReplyRecord[]): ConsoleFeedback {
  return {
    id: row.id,
    type: row.type,
    status: row.status,
    content: row.content,
    contact: row.contact,
    member: { id: row.user_id, username: row.username, nickname: row.nickname },
    screenshots: screenshots
      .filter((shot) => shot.feedback_id === row.id)
      .map((shot) => ({ id: shot.upload_id, url: uploadUrl(shot.file_name) })),
    replies: replies
      .filter((reply) => reply.feedback_id === row.id)
      .map((reply) => ({ id: reply.id, author: reply.author, content: reply.content, createdAt: reply.created_at.toISOString() })),
    assignee: row.assignee_id === null ? null : { id: row.assignee_id, username: row.assignee_username ?? '' },
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

/**
 * The console's feedback inbox (role support). Replies, status and screenshots are the members'
 * feedback module's own (queries.ts); the inbox adds filters, the member's names, assignment to
 * an operator and the unanswered count. Status moves pending -> replied (an answer) -> closed,
 * and a reopened item goes back to replied when it was answered, pending otherwise. Every change
 * writes its audit row in its own transaction.
 */
export class FeedbackConsoleService {
  constructor(
    private readonly ctx: AppContext,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  async list(actor: Actor, query: ConsoleFeedbackListQuery): Promise<Paged<ConsoleFeedback>> {
    const assigneeId =
      query.assignee === undefined ? undefined : query.assignee === 'none' ? null : query.assignee === 'me' ? (actor.operatorId ?? -1) : query.assignee;
    const { rows, total } = await inbox.findInboxPage(this.ctx.db, {
      status: query.status,
      type: query.type,
      assigneeId,
      order: query.order,
      ...pageWindow(query),
    });
    const ids = rows.map((row) => row.id);
    const [screenshots, replies] = await Promise.all([findScreenshots(this.ctx.db, ids), findReplies(this.ctx.db, ids)]);
    return pageOf(query, rows.map((row) => present(row, screenshots, replies)), total);
  }

  async get(id: number, db: Db = this.ctx.db): Promise<ConsoleFeedback> {
    const row = await inbox.findInboxItem(db, id);
    if (!row) throw notFound(id);
    const [screenshots, replies] = await Promise.all([findScreenshots(db, [id]), findReplies(db, [id])]);
    return present(row, screenshots, replies);
  }

  async count(actor: Actor): Promise<FeedbackCount> {
    const { all, mine } = await inbox.countUnanswered(this.ctx.db, actor.operatorId);
    return { unanswered: all, unansweredMine: mine };
  }

  async assignees(): Promise<{ items: FeedbackAssignee[] }> {
    return { items: await inbox.findAssignableOperators(this.ctx.db) };
  }

  /**
   * The answer the member reads in their feedback history; the item becomes replied. An item
   * nobody was assigned to is assigned to the operator who answers it.
   */
  async reply(actor: Actor, id: number, content: string): Promise<ConsoleFeedback> {
    const now = this.clock();
    return transactionWithNotices(this.ctx, async (trx) => {
      const row = await findFeedbackForUpdate(trx, id);
      if (!row) throw notFound(id);
      if (row.status === 'closed') throw new AppError('FEEDBACK_CLOSED', `Feedback ${id} is closed`);
      await insertReply(trx, { feedbackId: id, author: 'support', content, now });
      await setFeedbackStatus(trx, id, 'replied', now);
      await noticesOf(this.ctx)?.message(trx, row.user_id, 'feedback-reply', { feedbackId: id });
      const assigneeId = row.assignee_id ?? actor.operatorId;
      if (assigneeId !== row.assignee_id) await inbox.setAssignee(trx, id, assigneeId, now);
      await writeAudit(trx, actor, {
        action: 'feedback.reply',
        targetType: 'feedback',
        targetId: id,
        before: { status: row.status, assigneeId: row.assignee_id },
        after: { status: 'replied', assigneeId, content },
      });
      return this.get(id, trx);
    });
  }

  /** Closes an item: no more replies. Closing a closed one changes nothing and writes nothing. */
  async close(actor: Actor, id: number): Promise<ConsoleFeedback> {
    return this.changeStatus(actor, id, 'feedback.close', async () => 'closed');
  }

  /** Opens a closed item again: replied when support has answered it, pending otherwise. */
  async reopen(actor: Actor, id: number): Promise<ConsoleFeedback> {
    return this.changeStatus(actor, id, 'feedback.reopen', async (trx, status) =>
      status !== 'closed' ? status : (await inbox.hasSupportReply(trx, id)) ? 'replied' : 'pending',
    );
  }

  /** Assigns the item to an active support operator or owner, or to nobody (null). */
  async assign(actor: Actor, id: number, operatorId: number | null): Promise<ConsoleFeedback> {
    const now = this.clock();
    return this.ctx.db.transaction().execute(async (trx) => {
      const row = await findFeedbackForUpdate(trx, id);
      if (!row) throw notFound(id);
      if (operatorId !== null && !(await inbox.findAssignableOperator(trx, operatorId))) {
        throw new AppError('FEEDBACK_ASSIGNEE_INVALID', 'Assign feedback to an active operator of role support or owner', { operatorId });
      }
      if (row.assignee_id !== operatorId) {
        await inbox.setAssignee(trx, id, operatorId, now);
        await writeAudit(trx, actor, {
          action: 'feedback.assign',
          targetType: 'feedback',
          targetId: id,
          before: { assigneeId: row.assignee_id },
          after: { assigneeId: operatorId },
        });
      }
      return this.get(id, trx);
    });
  }

  private async changeStatus(
    actor: Actor,
    id: number,
    action: string,
    next: (trx: Db, status: FeedbackStatus) => Promise<FeedbackStatus>,
  ): Promise<ConsoleFeedback> {
    const now = this.clock();
    return this.ctx.db.transaction().execute(async (trx) => {
      const row = await findFeedbackForUpdate(trx, id);
      if (!row) throw notFound(id);
      const status = await next(trx, row.status);
      if (status !== row.status) {
        await setFeedbackStatus(trx, id, status, now);
        await writeAudit(trx, actor, { action, targetType: 'feedback', targetId: id, before: { status: row.status }, after: { status } });
      }
      return this.get(id, trx);
    });
  }
}

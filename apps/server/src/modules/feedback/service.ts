import type { createFeedbackBodySchema, Feedback, FeedbackStatus, Paged } from '@drama/contracts';
import type { z } from 'zod';
import type { Db } from '../../db/database.js';
import type { Viewer } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { enforceHourlyQuota } from '../../platform/hourly-quota.js';
import { pageOf, pageWindow } from '../../platform/paging.js';
import { findOwnUploads } from '../uploads/index.js';
import { presentFeedback } from './presenters.js';
import * as queries from './queries.js';


type CreateFeedback = z.output<typeof createFeedbackBodySchema>;
interface ListQuery {
  status?: FeedbackStatus | undefined;
  page: number;
  limit: number;
}

function notFound(id: number): AppError {
  return new AppError('FEEDBACK_NOT_FOUND', `Feedback ${id} not found`);
}

/**
 * Members' feedback: sending it and reading one's own. Operators answer it in the console
 * (console-service.ts).
 */
export class FeedbackService {
  constructor(
    private readonly ctx: AppContext,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  /**
   * Sends feedback. The screenshots must be the member's own uploads; at most FEEDBACK_PER_HOUR
   * items an hour, counted under a lock on the member so that parallel sends cannot slip past.
   */
  async create(viewer: Viewer, body: CreateFeedback): Promise<Feedback> {
    const now = this.clock();
    const screenshotIds = [...new Set(body.screenshotIds)];
    const id = await this.ctx.db.transaction().execute(async (trx) => {
      await queries.lockUser(trx, viewer.id);
      await enforceHourlyQuota(trx, 'feedback', {
        userId: viewer.id,
        limit: this.ctx.config.FEEDBACK_PER_HOUR,
        now,
        what: 'feedback messages',
      });
      const own = new Set((await findOwnUploads(trx, viewer.id, screenshotIds)).map((upload) => upload.id));
      const missing = screenshotIds.filter((uploadId) => !own.has(uploadId));
      if (missing.length > 0) {
        throw new AppError('UPLOAD_NOT_FOUND', 'A screenshot is not one of your uploads', { ids: missing });
      }
      const contact = body.contact === undefined || body.contact === '' ? null : body.contact;
      const feedbackId = await queries.insertFeedback(trx, {
        userId: viewer.id,
        type: body.type,
        content: body.content,
        contact,
        now,
      });
      await queries.insertScreenshots(trx, feedbackId, screenshotIds);
      return feedbackId;
    });
    return this.get(viewer, id);
  }

  async list(viewer: Viewer, query: ListQuery): Promise<Paged<Feedback>> {
    const { rows, total } = await queries.findFeedbackPage(this.ctx.db, {
      userId: viewer.id,
      status: query.status,
      ...pageWindow(query),
    });
    const [screenshots, replies] = await this.details(rows.map((row) => row.id));
    return pageOf(query, rows.map((row) => presentFeedback(row, screenshots, replies)), total);
  }

  /** A member's own item; anyone else's is answered as if it did not exist. */
  async get(viewer: Viewer, id: number): Promise<Feedback> {
    const row = await queries.findFeedbackById(this.ctx.db, id);
    if (!row || row.user_id !== viewer.id) throw notFound(id);
    const [screenshots, replies] = await this.details([row.id]);
    return presentFeedback(row, screenshots, replies);
  }

  private async details(ids: number[], db: Db = this.ctx.db) {
    return Promise.all([queries.findScreenshots(db, ids), queries.findReplies(db, ids)]);
  }
}

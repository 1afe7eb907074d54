import { type Locale, type LocalizedText, type Notice, type NoticeKind, noticeTarget, type Paged, type PageQuery } from '@drama/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { pickText } from '../../platform/locale.js';
import { pageOf, pageWindow } from '../../platform/paging.js';
import { dayOf } from '../analytics/days.js';
import { withMediaBase } from '../catalogue/media-urls.js';
import * as queries from './queries.js';
import type { NewNotice, NoticeSink } from './sink.js';

type Trx = Transaction<Database>;

/**
 * The notices service of each app instance, found from its context: the modules that make
 * notices (episodes, feedback, payments, redeem) reach it without each taking it in its
 * constructor, and an app built without it (a unit test's context) simply makes none.
 */
const services = new WeakMap<AppContext, NoticeService>();

export function noticesOf(ctx: AppContext): NoticeService | undefined {
  return services.get(ctx);
}

/** Notices made in a transaction, waiting for it to commit before they reach the sinks. */
const pending = new WeakMap<Trx, NewNotice[]>();

/**
 * Runs `work` in a transaction; the notices made in it reach the sinks (Web Push) once it has
 * committed, and never when it rolls back.
 */
export async function transactionWithNotices<T>(ctx: AppContext, work: (trx: Trx) => Promise<T>): Promise<T> {
  const made: NewNotice[] = [];
  const result = await ctx.db.transaction().execute(async (trx) => {
    pending.set(trx, made);
    return work(trx);
  });
  noticesOf(ctx)?.deliver(made);
  return result;
}

/** The target a notice opens in the app (the web app and the service worker use the same). */
export function targetOf(notice: Pick<NewNotice, 'kind' | 'values'>): string {
  return noticeTarget(notice.kind, notice.values);
}

/**
 * The notification centre: makes members' notices in the transaction of the change they are
 * about, obeying the member's switches ("updates" for new episodes, "messages" for the rest),
 * lists them and marks them read, and hands each new one to the sinks after it commits.
 */
export class NoticeService {
  private readonly sinks: NoticeSink[] = [];

  constructor(
    private readonly ctx: AppContext,
    private readonly log: FastifyBaseLogger,
  ) {
    services.set(ctx, this);
  }

  addSink(sink: NoticeSink): void {
    this.sinks.push(sink);
  }

  /** Hands committed notices to every sink; a sink's failure is logged and never reaches the change. */
  deliver(notices: readonly NewNotice[]): void {
    if (notices.length === 0) return;
    for (const sink of this.sinks) {
      void Promise.resolve()
        .then(() => sink.delivered(notices))
        .catch((error: unknown) => this.log.warn({ err: error }, 'a notice sink failed'));
    }
  }

  private keep(trx: Trx, made: NewNotice[]): NewNotice[] {
    pending.get(trx)?.push(...made);
    return made;
  }

  /** An episode viewers can now see: its drama's favouriting members hear of it (at most once a day per drama). */
  async newEpisode(trx: Trx, episodeId: number): Promise<NewNotice[]> {
    const now = this.ctx.clock();
    return this.keep(trx, await queries.insertNewEpisode(trx, episodeId, dayOf(now, this.ctx.config.APP_TIMEZONE), now));
  }

  /** A drama released on schedule: its newest episode viewers can see counts as new. */
  async dramaReleased(trx: Trx, dramaId: number): Promise<NewNotice[]> {
    const episodeId = await queries.newestEpisodeOf(trx, dramaId);
    return episodeId === null ? [] : this.newEpisode(trx, episodeId);
  }

  /** A notice under the "messages" switch to one member. */
  async message(trx: Trx, userId: number, kind: Exclude<NoticeKind, 'new-episode'>, values: Record<string, string | number>): Promise<NewNotice[]> {
    return this.keep(trx, await queries.insertMessage(trx, userId, kind, values, this.ctx.clock()));
  }

  /** The VIP reminders due now; safe to run on every instance at once. */
  async vipEndings(): Promise<NewNotice[]> {
    const made = await queries.insertVipEndings(this.ctx.db, this.ctx.clock(), this.ctx.config.APP_TIMEZONE);
    this.deliver(made);
    return made;
  }

  async list(userId: number, page: PageQuery, locale: Locale): Promise<Paged<Notice>> {
    const { offset, limit } = pageWindow(page);
    const { rows, total } = await queries.listOf(this.ctx.db, userId, offset, limit);
    const items = rows.map(
      (row): Notice => ({
        id: row.id,
        kind: row.kind as NoticeKind,
        values: row.data,
        read: row.read_at !== null,
        createdAt: new Date(row.created_at).toISOString(),
        drama:
          row.drama_id === null
            ? null
            : {
                id: row.drama_id,
                title: pickText(row.drama_title as LocalizedText, locale),
                cover: row.cover_path ? withMediaBase(`/media/covers/${row.cover_path}`, this.ctx.config.MEDIA_BASE_URL) : null,
              },
      }),
    );
    return pageOf(page, items, total);
  }

  async unread(userId: number): Promise<{ unread: number }> {
    return { unread: await queries.unreadOf(this.ctx.db, userId) };
  }

  /** Another member's notice is answered as one that does not exist. */
  async markRead(userId: number, id: number): Promise<{ marked: number }> {
    const marked = await queries.markRead(this.ctx.db, userId, id, this.ctx.clock());
    if (marked === undefined) throw new AppError('NOTICE_NOT_FOUND', `Notice ${id} not found`);
    return { marked };
  }

  async markAllRead(userId: number): Promise<{ marked: number }> {
    return { marked: await queries.markAllRead(this.ctx.db, userId, this.ctx.clock()) };
  }
}

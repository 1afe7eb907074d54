import type { Locale, MergeWatchRecordsBody, PageQuery, Paged, ResumePoint, WatchRecordItem } from '@drama/contracts';
import { hasActiveVip, type Viewer } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { pageOf, pageWindow } from '../../platform/paging.js';
import { analyticsEvents } from '../analytics/events.js';
import { startOfDay } from '../auth/calendar.js';
import { markDramaStarted } from '../tasks/index.js';
import type { CatalogueService } from '../catalogue/service.js';
import type { MemberSettingsService } from '../member-settings/service.js';
import { presentResumePoint, presentWatchRecord } from './presenters.js';
import * as queries from './queries.js';

/**
 * Members' watch records: one per member and drama, holding the episode and position to resume
 * from. Every call acts on the caller's own records; no path names another user.
 *
 * A member who turned the history switch off (spec section 3, privacy.history) gets nothing new
 * recorded: watch, progress and merge check the call as usual and answer success, so the player
 * is not disturbed, but insert and update nothing. What is already there stays (clearing is its
 * own action) and can still be listed or removed.
 */
export class WatchRecordService {
  constructor(
    private readonly ctx: AppContext,
    private readonly catalogue: CatalogueService,
    private readonly settings: MemberSettingsService,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  /**
   * The episode, checked: it exists (404), belongs to the drama (400) and the member may watch
   * it (a locked episode needs active VIP: 403 VIP_REQUIRED). Read from the catalogue's cache,
   * so a progress report costs no query for it.
   */
  private async watchable(viewer: Viewer, dramaId: number, episodeId: number) {
    const episode = await this.catalogue.episode(episodeId);
    if (episode.drama_id !== dramaId) {
      throw new AppError('VALIDATION_FAILED', `Episode ${episodeId} is not an episode of drama ${dramaId}`, [
        { in: 'params', path: 'episodeId', message: 'not an episode of this drama' },
      ]);
    }
    if (!episode.is_free && !hasActiveVip(viewer)) {
      throw new AppError('VIP_REQUIRED', 'VIP membership required to watch this episode');
    }
    return episode;
  }

  /**
   * An episode started. Counts one view of the drama per member and calendar day
   * (APP_TIMEZONE), in the same statement as the record.
   */
  async watch(viewer: Viewer, dramaId: number, episodeId: number, queryEpisodeId: number | undefined): Promise<void> {
    if (queryEpisodeId !== undefined && queryEpisodeId !== episodeId) {
      throw new AppError('VALIDATION_FAILED', 'The episodeId query differs from the path', [
        { in: 'querystring', path: 'episodeId', message: 'must equal the episode in the path' },
      ]);
    }
    await this.watchable(viewer, dramaId, episodeId).catch(async (error: unknown) => {
      if (error instanceof AppError && error.code === 'VIP_REQUIRED') await analyticsEvents.paywall(this.ctx, { userId: viewer.id, dramaId, episodeId });
      throw error;
    });
    const now = this.clock();
    // The analytics events and the tasks' day marks hold no history (no resume point, nothing a
    // member sees), so plays and tasks still count with the switch off. The drama's view count does not: its once-a-day mark is
    // kept on the member's record, which is exactly what is no longer written.
    await analyticsEvents.play(this.ctx, { userId: viewer.id, dramaId, episodeId });
    const dayStart = startOfDay(now, this.ctx.config.APP_TIMEZONE);
    await markDramaStarted(this.ctx.db, { userId: viewer.id, dramaId, dayStart, now });
    if (!(await this.settings.recordsHistory(viewer.id))) return;
    await queries.recordWatch(this.ctx.db, { userId: viewer.id, dramaId, episodeId, now, dayStart });
    this.ctx.changes.emit('member.active', viewer.id);
  }

  /** Where the member is: clamped to the episode's length. */
  async progress(viewer: Viewer, dramaId: number, episodeId: number, progress: number): Promise<void> {
    const episode = await this.watchable(viewer, dramaId, episodeId);
    await analyticsEvents.progress(this.ctx, { userId: viewer.id, dramaId, episodeId }, Math.min(progress, episode.duration_seconds), episode.duration_seconds);
    if (!(await this.settings.recordsHistory(viewer.id))) return;
    await queries.saveProgress(this.ctx.db, {
      userId: viewer.id,
      dramaId,
      episodeId,
      progressSeconds: Math.min(progress, episode.duration_seconds),
      now: this.clock(),
    });
  }

  async remove(viewer: Viewer, dramaId: number): Promise<boolean> {
    return queries.deleteRecord(this.ctx.db, { userId: viewer.id, dramaId });
  }

  async resumePoint(viewer: Viewer, dramaId: number): Promise<ResumePoint | null> {
    const row = await queries.findRecord(this.ctx.db, { userId: viewer.id, dramaId });
    return row ? presentResumePoint(row) : null;
  }

  async list(viewer: Viewer, page: PageQuery, locale: Locale): Promise<Paged<WatchRecordItem>> {
    const { rows, total } = await queries.findRecordsOfUser(this.ctx.db, viewer.id, pageWindow(page));
    return pageOf(page, await this.catalogue.withSummaries(rows, locale, presentWatchRecord), total);
  }

  /**
   * Merges a guest's local history at sign-in. Entries naming an unknown episode, an episode of
   * another drama, or a locked episode the member may not watch are skipped; of several entries
   * for one drama the latest counts; against the member's own record the later watch wins.
   * Times in the future count as now. Returns how many records were added or replaced: none
   * for a member with history off, whose device's history is not taken in either.
   */
  async merge(viewer: Viewer, body: MergeWatchRecordsBody): Promise<number> {
    if (!(await this.settings.recordsHistory(viewer.id))) return 0;
    const episodes = new Map(
      (await queries.findEpisodes(this.ctx.db, [...new Set(body.records.map((r) => r.episodeId))])).map((e) => [e.id, e]),
    );
    const now = this.clock().getTime();
    const vip = hasActiveVip(viewer);
    const latest = new Map<number, { dramaId: number; episodeId: number; progressSeconds: number; watchedAt: Date }>();
    for (const record of body.records) {
      const episode = episodes.get(record.episodeId);
      if (!episode || episode.drama_id !== record.dramaId || (!episode.is_free && !vip)) continue;
      const watchedAt = new Date(Math.min(record.timestamp, now));
      const kept = latest.get(record.dramaId);
      if (kept && kept.watchedAt >= watchedAt) continue;
      latest.set(record.dramaId, {
        dramaId: record.dramaId,
        episodeId: record.episodeId,
        progressSeconds: Math.min(record.progress, episode.duration_seconds),
        watchedAt,
      });
    }
    return queries.mergeRecords(this.ctx.db, viewer.id, [...latest.values()]);
  }
}

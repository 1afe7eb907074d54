import type { ForYou, ForYouItem, Locale } from '@drama/contracts';
import { pickText } from '../../platform/locale.js';
import type { Viewer } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { presentDrama } from '../catalogue/presenters.js';
import * as explore from '../explore/index.js';
import { REFRESH_ALL_CRON, REFRESH_ALL_JOB, REFRESH_DEBOUNCE_SECONDS, REFRESH_MEMBER_JOB, refreshAllJob, refreshMemberJob } from './job.js';
import * as queries from './queries.js';

/**
 * "For you" (README): members' ranked dramas, computed by jobs (job.ts, the rule in
 * scoring.ts) and only read here. A member's list is refreshed a few seconds after they watch,
 * like or favourite (`touch`), and everyone's twice an hour with co-watching.
 */
export class RecommendationService {
  constructor(private readonly ctx: AppContext) {}

  async registerJobs(): Promise<void> {
    await this.ctx.jobs.register(refreshAllJob(this.ctx, () => {}));
    await this.ctx.jobs.register(refreshMemberJob(this.ctx, () => {}));
    await this.ctx.jobs.schedule(REFRESH_ALL_JOB, REFRESH_ALL_CRON);
  }

  /**
   * The member did something that may change their list: one refresh per member is queued per
   * debounce slot. Never fails the member's call: a lost refresh is made up by the scheduled job.
   */
  touch(userId: number): void {
    void this.ctx.jobs
      .send(REFRESH_MEMBER_JOB, { userId }, { startAfterSeconds: REFRESH_DEBOUNCE_SECONDS, singletonKey: `member:${userId}`, singletonSeconds: REFRESH_DEBOUNCE_SECONDS })
      .catch(() => undefined);
  }

  /** The member's ranked drama ids, best first; empty with the switch off or no list yet. */
  async rankedIds(userId: number): Promise<number[]> {
    return (await queries.findMemberList(this.ctx.db, userId)).map((row) => row.drama_id);
  }

  /**
   * Home's row: the member's list by rank (each with its "because"), filled up from the popular
   * order (without what they watched) when short; the popular order alone, with no "because", for guests, members with the
   * switch off and members with no list.
   */
  async forYou(viewer: Viewer | null, limit: number, locale: Locale): Promise<ForYou> {
    const list = viewer ? (await queries.findMemberList(this.ctx.db, viewer.id)).slice(0, limit * 2) : [];
    // No list yet with the switch on (a new member, or one who just turned it back on): one is
    // asked for, and the next visit has it.
    if (viewer && list.length === 0 && (await queries.personalisedOn(this.ctx.db, viewer.id))) this.touch(viewer.id);
    const found = new Map((await explore.findExploreDramas(this.ctx.db, list.map((row) => row.drama_id))).map((row) => [row.id, row]));
    const mine = list.flatMap((row) => {
      const drama = found.get(row.drama_id);
      return drama ? [{ drama, because: row.because_drama_id }] : [];
    }).slice(0, limit);
    // A personal row is filled up with popular dramas the member has not watched yet.
    const skip = mine.length > 0 && viewer ? [...mine.map((item) => item.drama.id), ...(await queries.watchedDramaIds(this.ctx.db, viewer.id))] : [];
    const popular = mine.length < limit ? await explore.findExplorePage(this.ctx.db, null, limit - mine.length, skip) : [];
    const becauseIds = [...new Set(mine.flatMap((item) => (item.because === null ? [] : [item.because])))];
    const titles = new Map(
      becauseIds.length === 0
        ? []
        : (await queries.dramaTitles(this.ctx.db, becauseIds)).map((row) => [row.id, pickText(row.title, locale)]),
    );
    const present = (row: explore.ExploreRow) => presentDrama(row, row.tags, locale, this.ctx.config.MEDIA_BASE_URL);
    const items: ForYouItem[] = [
      ...mine.map((item) => {
        const title = item.because === null ? undefined : titles.get(item.because);
        return { drama: present(item.drama), because: item.because !== null && title !== undefined ? { id: item.because, title } : null };
      }),
      ...popular.map((row) => ({ drama: present(row), because: null })),
    ];
    return { personalised: mine.length > 0, items };
  }
}

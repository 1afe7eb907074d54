import type { LikeRecord, LikeStatus, Locale, PageQuery, Paged } from '@drama/contracts';
import type { Viewer } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { pageOf, pageWindow } from '../../platform/paging.js';
import type { CatalogueService } from '../catalogue/service.js';
import { presentLikeRecord, presentLikeStatus } from './presenters.js';
import * as queries from './queries.js';

/**
 * Likes of episodes. A member's like is a row (one per member and episode); a guest's like is
 * kept by the client and only moves the episode's anonymous count. episodes.like_count is the
 * total of both, and dramas.like_count moves with it, in the same transaction.
 */
export class LikeService {
  constructor(
    private readonly ctx: AppContext,
    private readonly catalogue: CatalogueService,
  ) {}

  async status(viewer: Viewer | null, episodeId: number): Promise<LikeStatus> {
    const state = await queries.findLikeState(this.ctx.db, episodeId, viewer?.id ?? null);
    if (!state) throw new AppError('EPISODE_NOT_FOUND', `Episode ${episodeId} not found`);
    return presentLikeStatus(episodeId, Boolean(state.liked), state.like_count);
  }

  /** Likes an episode: idempotent for a member; for a guest, one more anonymous like. */
  async like(viewer: Viewer | null, episodeId: number): Promise<LikeStatus> {
    if (viewer) this.ctx.changes.emit('member.active', viewer.id);
    const episode = await this.catalogue.episode(episodeId);
    const likeCount = await this.ctx.db.transaction().execute(async (trx) => {
      if (viewer && !(await queries.insertLike(trx, viewer.id, episodeId))) {
        return queries.findEpisodeLikeCount(trx, episodeId);
      }
      const count = await queries.bumpEpisodeLikes(trx, episodeId, { delta: 1, anonymous: viewer === null });
      await queries.bumpDramaLikes(trx, episode.drama_id, 1);
      return count ?? 0;
    });
    return presentLikeStatus(episodeId, true, likeCount);
  }

  /** Takes a like back: a member's row, or one of the guests' likes while any remain. */
  async unlike(viewer: Viewer | null, episodeId: number): Promise<LikeStatus> {
    if (viewer) this.ctx.changes.emit('member.active', viewer.id);
    const episode = await this.catalogue.episode(episodeId);
    const likeCount = await this.ctx.db.transaction().execute(async (trx) => {
      if (viewer && !(await queries.deleteLike(trx, viewer.id, episodeId))) {
        return queries.findEpisodeLikeCount(trx, episodeId);
      }
      const count = await queries.bumpEpisodeLikes(trx, episodeId, { delta: -1, anonymous: viewer === null });
      if (count === undefined) return queries.findEpisodeLikeCount(trx, episodeId);
      await queries.bumpDramaLikes(trx, episode.drama_id, -1);
      return count;
    });
    return presentLikeStatus(episodeId, false, likeCount);
  }

  async list(viewer: Viewer, page: PageQuery, locale: Locale): Promise<Paged<LikeRecord>> {
    const { rows, total } = await queries.findLikesOfUser(this.ctx.db, viewer.id, pageWindow(page));
    return pageOf(page, rows.map((row) => presentLikeRecord(row, locale, this.ctx.config.MEDIA_BASE_URL)), total);
  }
}

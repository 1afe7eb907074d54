import type { FavoriteItem, FavoriteStatus, Locale, PageQuery, Paged } from '@drama/contracts';
import type { Viewer } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { pageOf, pageWindow } from '../../platform/paging.js';
import type { CatalogueService } from '../catalogue/service.js';
import { presentFavorite, presentFavoriteStatus } from './presenters.js';
import * as queries from './queries.js';

/** A member's favourite dramas; dramas.favorite_count moves in the same transaction. */
export class FavoriteService {
  constructor(
    private readonly ctx: AppContext,
    private readonly catalogue: CatalogueService,
  ) {}

  async check(viewer: Viewer, dramaId: number): Promise<FavoriteStatus> {
    const state = await queries.findFavoriteState(this.ctx.db, dramaId, viewer.id);
    if (!state) throw notFound(dramaId);
    return presentFavoriteStatus(Boolean(state.favorited), state.favorite_count);
  }

  /** Idempotent: favouriting twice leaves one favourite and counts it once. */
  async add(viewer: Viewer, dramaId: number): Promise<FavoriteStatus> {
    this.ctx.changes.emit('member.active', viewer.id);
    return this.ctx.db.transaction().execute(async (trx) => {
      const state = await queries.findFavoriteState(trx, dramaId, viewer.id);
      if (!state) throw notFound(dramaId);
      if (!(await queries.insertFavorite(trx, viewer.id, dramaId))) {
        return presentFavoriteStatus(true, state.favorite_count);
      }
      return presentFavoriteStatus(true, await queries.bumpFavoriteCount(trx, dramaId, 1));
    });
  }

  /** Idempotent: removing a favourite that is not there changes nothing. */
  async remove(viewer: Viewer, dramaId: number): Promise<FavoriteStatus> {
    this.ctx.changes.emit('member.active', viewer.id);
    return this.ctx.db.transaction().execute(async (trx) => {
      const state = await queries.findFavoriteState(trx, dramaId, viewer.id);
      if (!state) throw notFound(dramaId);
      if (!(await queries.deleteFavorite(trx, viewer.id, dramaId))) {
        return presentFavoriteStatus(false, state.favorite_count);
      }
      return presentFavoriteStatus(false, await queries.bumpFavoriteCount(trx, dramaId, -1));
    });
  }

  async list(viewer: Viewer, page: PageQuery, locale: Locale): Promise<Paged<FavoriteItem>> {
    const { rows, total } = await queries.findFavoritesOfUser(this.ctx.db, viewer.id, pageWindow(page));
    return pageOf(page, await this.catalogue.withSummaries(rows, locale, presentFavorite), total);
  }
}

function notFound(dramaId: number): AppError {
  return new AppError('DRAMA_NOT_FOUND', `Drama ${dramaId} not found`);
}

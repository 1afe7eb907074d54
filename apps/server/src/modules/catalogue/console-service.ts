import { randomBytes } from 'node:crypto';
import {
  type CategoryOrder,
  type ConsoleCategory,
  type ConsoleDrama,
  type ConsoleDramaCreate,
  type ConsoleDramaListQuery,
  type ConsoleDramaStatusChange,
  type ConsoleDramaUpdate,
  type ConsoleTag,
  type ConsoleTermCreate,
  type ConsoleTermUpdate,
  type CoverCrop,
  FEATURED_SLOT_LIMIT,
  type Paged,
} from '@drama/contracts';
import type { Transaction } from 'kysely';
import type { Db } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import { writeAudit } from '../../platform/audit.js';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import type { Actor } from '../../platform/operators.js';
import { pageOf, pageWindow } from '../../platform/paging.js';
import { storedLayout } from '../media/stored-layout.js';
import { withMediaBase } from './media-urls.js';
import * as queries from './console-queries.js';
import { cropCover } from './cover-crop.js';
import type { CatalogueService } from './service.js';

type TermTable = 'categories' | 'tags';

const TERM = {
  categories: { type: 'category', missing: 'CATEGORY_NOT_FOUND', inUse: 'CATEGORY_IN_USE' },
  tags: { type: 'tag', missing: 'TAG_NOT_FOUND', inUse: 'TAG_IN_USE' },
} as const;

/** A slug from an English title: lower-case words joined by hyphens, or empty. */
function slugOf(text: string): string {
  return text
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
}

/** Postgres' unique violation: two operators took the same slug at once. */
function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';
}

/**
 * The console's catalogue: dramas in every status and language, their covers, categories, tags
 * and the home page's featured carousel. Every change runs in one transaction with its audit
 * row (before and after), and then drops the viewers' cached answers so that the apps show it
 * at once.
 */
export class CatalogueConsoleService {
  constructor(
    private readonly ctx: AppContext,
    private readonly catalogue: CatalogueService,
    /** Tells the other instances to drop their caches too. */
    private readonly changes: { publish(): void } = { publish: () => {} },
  ) {}

  private get db(): Db {
    return this.ctx.db;
  }

  private present(row: queries.ConsoleDramaRow): ConsoleDrama {
    return {
      id: row.id,
      slug: row.slug,
      title: row.title,
      description: row.description,
      coverUrl: row.cover_path === '' ? null : withMediaBase(`/media/covers/${row.cover_path}`, this.ctx.config.MEDIA_BASE_URL),
      category: row.category,
      tags: row.tags,
      isCompleted: row.is_completed,
      status: row.status,
      publishedAt: row.status === 'draft' ? null : new Date(row.published_at).toISOString(),
      featuredRank: row.is_featured ? row.featured_rank : null,
      episodeCount: row.episode_count,
      freeEpisodeCount: row.free_episode_count,
      viewCount: row.view_count,
      likeCount: row.like_count,
      favoriteCount: row.favorite_count,
      createdAt: new Date(row.created_at).toISOString(),
      updatedAt: new Date(row.updated_at).toISOString(),
    };
  }

  /** Runs a change with its audit row in one transaction, then lets viewers see it. */
  private async change<T>(work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
    let result: T;
    try {
      result = await this.db.transaction().execute(work);
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError('SLUG_TAKEN', 'Another one already has this slug');
      throw error;
    }
    this.catalogue.invalidate();
    this.changes.publish();
    return result;
  }

  private async dramaOrThrow(db: Db, id: number): Promise<ConsoleDrama> {
    const row = await queries.findConsoleDrama(db, id);
    if (!row) throw new AppError('DRAMA_NOT_FOUND', `Drama ${id} not found`);
    return this.present(row);
  }

  /* Dramas. */

  async list(query: ConsoleDramaListQuery): Promise<Paged<ConsoleDrama>> {
    const { rows, total } = await queries.listConsoleDramas(this.db, { ...query, ...pageWindow(query) });
    return pageOf(query, rows.map((row) => this.present(row)), total);
  }

  async get(id: number): Promise<ConsoleDrama> {
    return this.dramaOrThrow(this.db, id);
  }

  private async checkTerms(db: Db, categoryId: number | null | undefined, tagIds: readonly number[] | undefined): Promise<void> {
    if (categoryId !== undefined && categoryId !== null && !(await queries.existingIds(db, 'categories', [categoryId])).has(categoryId)) {
      throw new AppError('CATEGORY_NOT_FOUND', `Category ${categoryId} not found`);
    }
    if (tagIds) {
      const found = await queries.existingIds(db, 'tags', tagIds);
      const missing = tagIds.filter((id) => !found.has(id));
      if (missing.length > 0) throw new AppError('TAG_NOT_FOUND', `Tags not found: ${missing.join(', ')}`, { tagIds: missing });
    }
  }

  private async freeSlug(db: Db, wanted: string): Promise<string> {
    const base = wanted === '' ? 'drama' : wanted;
    if (!(await queries.slugTaken(db, 'dramas', base))) return base;
    return `${base}-${randomBytes(3).toString('hex')}`;
  }

  async create(actor: Actor, body: ConsoleDramaCreate): Promise<ConsoleDrama> {
    return this.change(async (trx) => {
      await this.checkTerms(trx, body.categoryId, body.tagIds);
      if (body.slug !== undefined && (await queries.slugTaken(trx, 'dramas', body.slug))) {
        throw new AppError('SLUG_TAKEN', `A drama already has the slug ${body.slug}`);
      }
      const slug = body.slug ?? (await this.freeSlug(trx, slugOf(body.title['en-US'])));
      const id = await queries.insertDraft(
        trx,
        { slug, title: body.title, description: body.description, categoryId: body.categoryId, isCompleted: body.isCompleted },
        this.ctx.clock(),
      );
      await queries.setDramaTags(trx, id, body.tagIds);
      const after = await this.dramaOrThrow(trx, id);
      await writeAudit(trx, actor, { action: 'drama.create', targetType: 'drama', targetId: id, after });
      return after;
    });
  }

  async update(actor: Actor, id: number, body: ConsoleDramaUpdate): Promise<ConsoleDrama> {
    return this.change(async (trx) => {
      if (!(await queries.lockDrama(trx, id))) throw new AppError('DRAMA_NOT_FOUND', `Drama ${id} not found`);
      const before = await this.dramaOrThrow(trx, id);
      await this.checkTerms(trx, body.categoryId, body.tagIds);
      if (body.slug !== undefined && (await queries.slugTaken(trx, 'dramas', body.slug, id))) {
        throw new AppError('SLUG_TAKEN', `A drama already has the slug ${body.slug}`);
      }
      await queries.updateDrama(trx, id, body, this.ctx.clock());
      if (body.tagIds) await queries.setDramaTags(trx, id, body.tagIds);
      const after = await this.dramaOrThrow(trx, id);
      await writeAudit(trx, actor, { action: 'drama.update', targetType: 'drama', targetId: id, before, after });
      return after;
    });
  }

  async setStatus(actor: Actor, id: number, body: ConsoleDramaStatusChange): Promise<ConsoleDrama> {
    const now = this.ctx.clock();
    const result = await this.change(async (trx) => {
      const current = await queries.lockDrama(trx, id);
      if (!current) throw new AppError('DRAMA_NOT_FOUND', `Drama ${id} not found`);
      const before = await this.dramaOrThrow(trx, id);
      if (body.status !== 'draft' && current.cover_path === '') {
        throw new AppError('COVER_REQUIRED', 'Upload a cover before the drama goes out');
      }
      let publishedAt: Date | undefined;
      if (body.status === 'scheduled') {
        publishedAt = new Date(body.publishAt);
        if (publishedAt.getTime() <= now.getTime()) throw new AppError('SCHEDULE_IN_PAST', 'The publication time must be in the future');
      } else if (body.status !== 'draft') {
        // Already out (published or unlisted): it keeps the day it first came out.
        const out = current.status === 'published' || current.status === 'unlisted';
        publishedAt = out ? undefined : now;
      }
      await queries.updateDrama(trx, id, { status: body.status, ...(publishedAt ? { publishedAt } : {}) }, now);
      // Its release, queued with the schedule: both land or neither. A job queued for an earlier
      // time finds the drama not due then and leaves it.
      if (body.status === 'scheduled' && publishedAt) await this.catalogue.releases.queue(this.ctx.jobs, trx, id, publishedAt);
      const after = await this.dramaOrThrow(trx, id);
      await writeAudit(trx, actor, { action: 'drama.status', targetType: 'drama', targetId: id, before, after });
      return after;
    });
    this.catalogue.releases.forget();
    return result;
  }

  /**
   * Stores a new cover under a new name (so that no cache, the browser's, a CDN's or the card
   * variants', can serve the old picture for it) and points the drama at it; the old one stays
   * for pages still showing it. The cover goes into the storage (covers/<file>), so that every
   * instance sharing it serves the cover; the drama keeps the bare file name, as seeded and
   * imported covers under MEDIA_DIR/covers do, and /media/covers/<file> finds it in either.
   */
  async setCover(actor: Actor, id: number, image: Buffer, crop: CoverCrop): Promise<ConsoleDrama> {
    if (!(await queries.findConsoleDrama(this.db, id))) throw new AppError('DRAMA_NOT_FOUND', `Drama ${id} not found`);
    const cover = await cropCover(image, crop);
    const file = storedLayout.newCoverName(id);
    const key = storedLayout.cover(file);
    await this.ctx.storage.put(key, cover.data, { contentType: 'image/jpeg', size: cover.data.length });
    try {
      return await this.change(async (trx) => {
        if (!(await queries.lockDrama(trx, id))) throw new AppError('DRAMA_NOT_FOUND', `Drama ${id} not found`);
        const before = await this.dramaOrThrow(trx, id);
        await queries.updateDrama(trx, id, { coverPath: file }, this.ctx.clock());
        const after = await this.dramaOrThrow(trx, id);
        await writeAudit(trx, actor, {
          action: 'drama.cover',
          targetType: 'drama',
          targetId: id,
          before: { coverUrl: before.coverUrl },
          after: { coverUrl: after.coverUrl, width: cover.width, height: cover.height, bytes: cover.data.length },
        });
        return after;
      });
    } catch (error) {
      // No drama points at it: removed, and a failure to remove it does not hide the first one.
      await this.ctx.storage.delete(key).catch(() => undefined);
      throw error;
    }
  }

  /* Categories and tags. */

  async categories(): Promise<{ items: ConsoleCategory[] }> {
    const rows = await queries.listCategories(this.db);
    return {
      items: rows.map((row, position) => ({ id: row.id, slug: row.slug, name: row.name, position, dramaCount: row.drama_count ?? 0 })),
    };
  }

  async tags(): Promise<{ items: ConsoleTag[] }> {
    const rows = await queries.listTags(this.db);
    return { items: rows.map((row) => ({ id: row.id, slug: row.slug, name: row.name, dramaCount: row.drama_count ?? 0 })) };
  }

  private async term(db: Db, table: 'categories', id: number): Promise<ConsoleCategory>;
  private async term(db: Db, table: 'tags', id: number): Promise<ConsoleTag>;
  private async term(db: Db, table: TermTable, id: number): Promise<ConsoleCategory | ConsoleTag> {
    const list = table === 'categories' ? await queries.listCategories(db) : await queries.listTags(db);
    const position = list.findIndex((row) => row.id === id);
    const row = list[position];
    if (!row) throw new AppError(TERM[table].missing, `${TERM[table].type} ${id} not found`);
    const base = { id: row.id, slug: row.slug, name: row.name, dramaCount: row.drama_count ?? 0 };
    return table === 'categories' ? { ...base, position } : base;
  }

  async createTerm(actor: Actor, table: 'categories', body: ConsoleTermCreate): Promise<ConsoleCategory>;
  async createTerm(actor: Actor, table: 'tags', body: ConsoleTermCreate): Promise<ConsoleTag>;
  async createTerm(actor: Actor, table: TermTable, body: ConsoleTermCreate): Promise<ConsoleCategory | ConsoleTag> {
    return this.change(async (trx) => {
      if (await queries.slugTaken(trx, table, body.slug)) throw new AppError('SLUG_TAKEN', `The slug ${body.slug} is taken`);
      const id = table === 'categories' ? await queries.insertCategory(trx, body.slug, body.name) : await queries.insertTag(trx, body.slug, body.name);
      const after = table === 'categories' ? await this.term(trx, table, id) : await this.term(trx, table, id);
      await writeAudit(trx, actor, { action: `${TERM[table].type}.create`, targetType: TERM[table].type, targetId: id, after });
      return after;
    });
  }

  async updateTerm(actor: Actor, table: 'categories', id: number, body: ConsoleTermUpdate): Promise<ConsoleCategory>;
  async updateTerm(actor: Actor, table: 'tags', id: number, body: ConsoleTermUpdate): Promise<ConsoleTag>;
  async updateTerm(actor: Actor, table: TermTable, id: number, body: ConsoleTermUpdate): Promise<ConsoleCategory | ConsoleTag> {
    return this.change(async (trx) => {
      const before = table === 'categories' ? await this.term(trx, table, id) : await this.term(trx, table, id);
      if (body.slug !== undefined && (await queries.slugTaken(trx, table, body.slug, id))) {
        throw new AppError('SLUG_TAKEN', `The slug ${body.slug} is taken`);
      }
      await queries.updateTerm(trx, table, id, body);
      const after = table === 'categories' ? await this.term(trx, table, id) : await this.term(trx, table, id);
      await writeAudit(trx, actor, { action: `${TERM[table].type}.update`, targetType: TERM[table].type, targetId: id, before, after });
      return after;
    });
  }

  /** Deletes a category or tag that no drama uses, whatever the drama's status. */
  async deleteTerm(actor: Actor, table: TermTable, id: number): Promise<{ id: number; deleted: true }> {
    return this.change(async (trx) => {
      const before = table === 'categories' ? await this.term(trx, table, id) : await this.term(trx, table, id);
      const dramaCount = await queries.termUsage(trx, table, id);
      if (dramaCount > 0) {
        throw new AppError(TERM[table].inUse, `${dramaCount} dramas use this ${TERM[table].type}`, { dramaCount });
      }
      await queries.deleteTerm(trx, table, id);
      await writeAudit(trx, actor, { action: `${TERM[table].type}.delete`, targetType: TERM[table].type, targetId: id, before });
      return { id, deleted: true as const };
    });
  }

  async orderCategories(actor: Actor, body: CategoryOrder): Promise<{ items: ConsoleCategory[] }> {
    return this.change(async (trx) => {
      const before = (await queries.listCategories(trx)).map((row) => row.id);
      const all = new Set(before);
      if (body.ids.length !== all.size || body.ids.some((id) => !all.has(id))) {
        throw new AppError('CATEGORY_ORDER_INVALID', 'Name every category exactly once', { ids: before });
      }
      await queries.setCategoryOrder(trx, body.ids);
      await writeAudit(trx, actor, { action: 'category.order', targetType: 'category', targetId: null, before: { ids: before }, after: { ids: body.ids } });
      const rows = await queries.listCategories(trx);
      return {
        items: rows.map((row, position) => ({ id: row.id, slug: row.slug, name: row.name, position, dramaCount: row.drama_count ?? 0 })),
      };
    });
  }

  /* The home page's featured carousel. */

  private async slots(db: Db) {
    const dramaIds = await queries.featuredIds(db);
    const rows = await queries.findConsoleDramas(db, dramaIds);
    const byId = new Map(rows.map((row) => [row.id, this.present(row)]));
    return { dramaIds, items: dramaIds.flatMap((id) => byId.get(id) ?? []), limit: FEATURED_SLOT_LIMIT };
  }

  async featured() {
    return this.slots(this.db);
  }

  async setFeatured(actor: Actor, dramaIds: readonly number[]) {
    return this.change(async (trx) => {
      const found = await queries.existingIds(trx, 'dramas', dramaIds);
      const missing = dramaIds.filter((id) => !found.has(id));
      if (missing.length > 0) throw new AppError('DRAMA_NOT_FOUND', `Dramas not found: ${missing.join(', ')}`, { dramaIds: missing });
      const before = await queries.featuredIds(trx);
      await queries.setFeatured(trx, dramaIds);
      const after = await this.slots(trx);
      await writeAudit(trx, actor, {
        action: 'home.featured',
        targetType: 'home',
        targetId: 'featured',
        before: { dramaIds: before },
        after: { dramaIds: after.dramaIds },
      });
      return after;
    });
  }
}

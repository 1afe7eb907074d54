import type { adminDramaImportBodySchema, AdminDramaImportResult } from '@drama/contracts';
import type { z } from 'zod';
import { writeAudit } from '../../platform/audit.js';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import type { Actor } from '../../platform/operators.js';
import { SUBTITLE_LANGUAGES } from '../catalogue/media-urls.js';
import type { CatalogueService } from '../catalogue/service.js';
import * as queries from './queries.js';
import { StoredMedia, type StoredMediaState } from './stored-media.js';

type ImportBody = z.output<typeof adminDramaImportBodySchema>;
interface Problem {
  in: 'body';
  path: string;
  message: string;
}

/** Imports run one at a time, so that two of them cannot race to create the same slug. */
const IMPORT_LOCK = 0x64_72_61_6d; // "dram"
const MAX_PROBLEMS = 50;

function invalid(message: string, problems: Problem[]): AppError {
  return new AppError('VALIDATION_FAILED', message, problems.slice(0, MAX_PROBLEMS));
}

/**
 * The operator's catalogue import. Dramas are matched by slug and created or updated in one
 * transaction: the whole import applies, or none of it. Their media must already sit under
 * MEDIA_DIR (the operator's command copies it there); with MEDIA_BASE_URL the media lives
 * elsewhere and is not checked.
 */
export class DramaImportService {
  constructor(
    private readonly ctx: AppContext,
    private readonly catalogue: CatalogueService,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  async import(body: ImportBody, actor: Actor): Promise<AdminDramaImportResult> {
    await this.assertMediaPresent(body);
    const now = this.clock();
    const result = await this.ctx.db.transaction().execute(async (trx) => {
      await queries.lockImports(trx, IMPORT_LOCK);
      await queries.upsertCategories(trx, body.categories);
      await queries.upsertTags(trx, body.tags);

      const categorySlugs = [...new Set(body.dramas.flatMap((drama) => (drama.category ? [drama.category] : [])))];
      const tagSlugs = [...new Set(body.dramas.flatMap((drama) => drama.tags))];
      const categoryIds = await queries.findCategoryIds(trx, categorySlugs);
      const tagIds = await queries.findTagIds(trx, tagSlugs);
      const problems: Problem[] = [];
      body.dramas.forEach((drama, index) => {
        if (drama.category && !categoryIds.has(drama.category)) {
          problems.push({
            in: 'body',
            path: `dramas.${index}.category`,
            message: `no category "${drama.category}": list it under categories to create it`,
          });
        }
        drama.tags.forEach((tag, tagIndex) => {
          if (!tagIds.has(tag)) {
            problems.push({
              in: 'body',
              path: `dramas.${index}.tags.${tagIndex}`,
              message: `no tag "${tag}": list it under tags to create it`,
            });
          }
        });
      });
      if (problems.length > 0) throw invalid('The import names categories or tags that do not exist', problems);

      const existing = new Map(
        (await queries.findDramasBySlug(trx, body.dramas.map((drama) => drama.slug))).map((row) => [row.slug, row]),
      );
      let lastRank = await queries.maxFeaturedRank(trx);
      const written: Array<{ id: number; slug: string; action: 'created' | 'updated' }> = [];
      for (const drama of body.dramas) {
        const current = existing.get(drama.slug);
        const featuredRank = drama.featured ? (current?.featured_rank ?? (lastRank += 1)) : null;
        const write = {
          slug: drama.slug,
          title: drama.title,
          description: drama.description,
          coverPath: drama.coverPath,
          categoryId: drama.category ? (categoryIds.get(drama.category) ?? null) : null,
          tagIds: [...new Set(drama.tags)].map((tag) => tagIds.get(tag) ?? 0),
          status: drama.status,
          featuredRank,
          completed: drama.completed,
          episodes: drama.episodes,
        };
        if (current) {
          await queries.updateDrama(trx, current.id, write);
          written.push({ id: current.id, slug: drama.slug, action: 'updated' });
        } else {
          const id = await queries.insertDrama(trx, { ...write, publishedAt: now });
          written.push({ id, slug: drama.slug, action: 'created' });
        }
      }
      const counts = await queries.findEpisodeCounts(
        trx,
        written.map((drama) => drama.id),
      );
      // The log names what changed; the body itself may be megabytes of episodes.
      await writeAudit(trx, actor, {
        action: 'catalogue.import',
        targetType: 'drama',
        targetId: null,
        after: {
          created: written.filter((drama) => drama.action === 'created').map((drama) => drama.slug),
          updated: written.filter((drama) => drama.action === 'updated').map((drama) => drama.slug),
          categories: body.categories.map((category) => category.slug),
          tags: body.tags.map((tag) => tag.slug),
        },
      });
      return written.map((drama) => ({
        ...drama,
        episodeCount: counts.get(drama.id)?.episodeCount ?? 0,
        freeEpisodeCount: counts.get(drama.id)?.freeEpisodeCount ?? 0,
      }));
    });
    this.catalogue.invalidate();
    return {
      created: result.filter((drama) => drama.action === 'created').length,
      updated: result.filter((drama) => drama.action === 'updated').length,
      dramas: result,
    };
  }

  /**
   * Every cover and clip the import names must be on disk, unless media is served from elsewhere,
   * and be a regular file inside MEDIA_DIR (see StoredMedia): the media routes publish them.
   */
  private async assertMediaPresent(body: ImportBody): Promise<void> {
    if (this.ctx.config.MEDIA_BASE_URL) return;
    const media = new StoredMedia(this.ctx.config.MEDIA_DIR);
    const problems: Problem[] = [];
    let unsafe = false;
    const report = (where: string, state: StoredMediaState, missing: string): void => {
      if (state.state === 'present') return;
      if (state.state === 'unsafe') unsafe = true;
      problems.push({ in: 'body', path: where, message: state.state === 'unsafe' ? state.reason : missing });
    };
    for (const [index, drama] of body.dramas.entries()) {
      report(
        `dramas.${index}.coverPath`,
        await media.file('covers', drama.coverPath),
        `no file covers/${drama.coverPath} under MEDIA_DIR`,
      );
      for (const [episodeIndex, episode] of drama.episodes.entries()) {
        const where = `dramas.${index}.episodes.${episodeIndex}.mediaKey`;
        const key = episode.mediaKey;
        const clip = await media.file('clips', `${key}.mp4`);
        const hls = await media.hlsFolder(key);
        const subtitles = await Promise.all(SUBTITLE_LANGUAGES.map((language) => media.file('clips', `${key}.${language}.vtt`)));
        // Whatever the episode would serve must be sound, even when another of its files would do.
        const bad = [clip, hls, ...subtitles].find((state) => state.state === 'unsafe');
        if (bad) report(where, bad, '');
        else if (clip.state === 'missing' && hls.state === 'missing') {
          report(where, clip, `no clips/${key}.mp4 or hls/${key}/master.m3u8 under MEDIA_DIR`);
        }
        if (problems.length >= MAX_PROBLEMS) break;
      }
      if (problems.length >= MAX_PROBLEMS) break;
    }
    if (problems.length > 0) {
      throw invalid(
        unsafe ? 'Media named by the import is not a regular file inside MEDIA_DIR' : 'Media named by the import is missing',
        problems,
      );
    }
  }
}

import {
  type Category,
  type DramaDetail,
  type DramaListQuery,
  type DramaSummary,
  type Episode,
  type Locale,
  type LocalizedText,
  type Paged,
  type PlayInfo,
  type Tag,
} from '@drama/contracts';
import { TtlCache } from '../../platform/cache.js';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { pickText } from '../../platform/locale.js';
import { hasActiveVip, type Viewer } from '../../platform/auth.js';
import { pageOf, pageWindow } from '../../platform/paging.js';
import { analyticsEvents } from '../analytics/events.js';
import { findSubtitleLanguages } from '../episodes/index.js';
import { HlsIndex, SUBTITLE_LANGUAGES, playAddress, subtitleTracks, type SubtitleLanguage } from './media-urls.js';
import { presentDrama, presentEpisode } from './presenters.js';
import * as queries from './queries.js';
import { ClipSubtitleIndex, subtitleLanguagesOf, type SubtitledEpisode } from './subtitle-languages.js';
import { ScheduledReleases } from './scheduled-releases.js';
import { noticesOf, transactionWithNotices } from '../notices/service.js';

const CATALOGUE_TTL_MS = 30_000;

/** A category or a tag with its count of published dramas. */
interface CountedTermRow {
  id: number;
  slug: string;
  name: LocalizedText;
  drama_count: number | null;
}

/** What a play address is made from. */
export type PlayableEpisode = Pick<queries.EpisodeRecord, 'id' | 'drama_id' | 'sequence' | 'is_free' | 'media_key'>;

/**
 * Catalogue reads. The catalogue changes only when an operator imports content, so the hot
 * reads are cached in process for a short time and invalidated by `invalidate()`.
 */
export class CatalogueService {
  private readonly lists = new TtlCache<Paged<DramaSummary>>(CATALOGUE_TTL_MS, 500);
  private readonly details = new TtlCache<DramaDetail | null>(CATALOGUE_TTL_MS, 2_000);
  private readonly episodes = new TtlCache<Awaited<ReturnType<typeof queries.findEpisodeById>> | null>(
    CATALOGUE_TTL_MS,
    20_000,
  );
  private readonly small = new TtlCache<unknown>(CATALOGUE_TTL_MS, 50);
  /** Which clips have an HLS rendition ladder under MEDIA_DIR/hls. */
  readonly hls: HlsIndex;
  /** Which bundled clips have subtitle files beside them. */
  private readonly clipSubtitles: ClipSubtitleIndex;
  /** Publishes scheduled dramas when their time comes (a job), and keeps this instance's caches true to the schedule. */
  readonly releases: ScheduledReleases;

  constructor(private readonly ctx: AppContext) {
    this.hls = new HlsIndex(ctx.config.MEDIA_DIR);
    this.clipSubtitles = new ClipSubtitleIndex(ctx.config.MEDIA_DIR);
    this.releases = new ScheduledReleases(ctx.db, ctx.clock, () => this.invalidate(), {
      transaction: (work) => transactionWithNotices(ctx, work),
      // A drama that comes back on schedule tells the members who kept it of its newest episode.
      released: async (trx, dramaId) => noticesOf(ctx)?.dramaReleased(trx, dramaId),
    });
  }

  /** Another instance changed the catalogue: drop the caches and look at the schedule again. */
  changedElsewhere(): void {
    this.invalidate();
    this.releases.forget();
  }

  /** Drops this instance's cached catalogue, and says so: what is cached in front of it goes too. */
  invalidate(): void {
    this.ctx.changes.emit('catalogue.changed');
    this.lists.clear();
    this.details.clear();
    this.episodes.clear();
    this.small.clear();
    this.clipSubtitles.clear();
  }

  async listDramas(query: DramaListQuery, locale: Locale): Promise<Paged<DramaSummary>> {
    const key = JSON.stringify([locale, query]);
    return this.lists.getOrLoad(key, async () => {
      const { rows, total } = await queries.findDramas(this.ctx.db, {
        categorySlug: query.category,
        tagSlug: query.tag,
        keyword: query.keyword,
        sort: query.sort,
        ...pageWindow(query),
      });
      return pageOf(query, await this.present(rows, locale), total);
    });
  }

  async featured(locale: Locale): Promise<{ items: DramaSummary[] }> {
    return this.small.getOrLoad(`featured:${locale}`, async () => {
      const rows = await queries.findFeaturedDramas(this.ctx.db, 10);
      return { items: await this.present(rows, locale) };
    }) as Promise<{ items: DramaSummary[] }>;
  }

  async dramasByTag(
    tagKey: string,
    page: { page: number; limit: number; sort: DramaListQuery['sort'] },
    locale: Locale,
  ): Promise<Paged<DramaSummary> & { tag: { id: number; slug: string; name: string } | null }> {
    const tag = await queries.findTag(this.ctx.db, tagKey);
    if (!tag) return { items: [], page: page.page, limit: page.limit, total: 0, tag: null };
    const list = await this.listDramas({ ...page, tag: tag.slug }, locale);
    return { ...list, tag: { id: tag.id, slug: tag.slug, name: pickText(tag.name, locale) } };
  }

  async dramaDetail(id: number, locale: Locale): Promise<DramaDetail> {
    const detail = await this.details.getOrLoad(`${locale}:${id}`, async () => {
      const row = await queries.findDramaById(this.ctx.db, id);
      if (!row) return null;
      const [summary] = await this.present([row], locale);
      const episodes = await this.episodeList(id);
      return summary ? { ...summary, episodes } : null;
    });
    if (!detail) throw new AppError('DRAMA_NOT_FOUND', `Drama ${id} not found`);
    return detail;
  }

  async episodesOfDrama(id: number): Promise<{ items: Episode[] }> {
    const detail = await this.dramaDetail(id, 'zh-CN');
    return { items: detail.episodes };
  }

  async categories(locale: Locale): Promise<{ items: Category[] }> {
    return this.countedTerms(`categories:${locale}`, () => queries.findCategoriesWithCounts(this.ctx.db), locale);
  }

  async tags(locale: Locale): Promise<{ items: Tag[] }> {
    return this.countedTerms(`tags:${locale}`, () => queries.findTagsWithCounts(this.ctx.db), locale);
  }

  /** Categories or tags with how many published dramas each has, localised and cached. */
  private async countedTerms(key: string, load: () => Promise<CountedTermRow[]>, locale: Locale): Promise<{ items: Category[] }> {
    return this.small.getOrLoad(key, async () => {
      const rows = await load();
      return {
        items: rows.map((row) => ({
          id: row.id,
          slug: row.slug,
          name: pickText(row.name, locale),
          dramaCount: row.drama_count ?? 0,
        })),
      };
    }) as Promise<{ items: Category[] }>;
  }

  async episode(id: number) {
    const episode = await this.episodes.getOrLoad(String(id), async () => {
      return (await queries.findEpisodeById(this.ctx.db, id)) ?? null;
    });
    if (!episode) throw new AppError('EPISODE_NOT_FOUND', `Episode ${id} not found`);
    return episode;
  }

  /**
   * The player showed the gate of a locked episode (the viewer asked for it, or it came on
   * screen). Returns whether a hit was counted.
   */
  async paywallSeen(id: number, viewer: Viewer | null, address: string): Promise<boolean> {
    return this.countPaywallHit(await this.episode(id), viewer, address);
  }

  /** A locked episode refused to a viewer without VIP: a paywall hit, counted once in a while (analyticsEvents.paywall). */
  private async countPaywallHit(episode: { id: number; drama_id: number; is_free: boolean }, viewer: Viewer | null, address: string | null): Promise<boolean> {
    if (episode.is_free || (viewer && hasActiveVip(viewer))) return false;
    return analyticsEvents.paywall(this.ctx, { userId: viewer?.id ?? null, dramaId: episode.drama_id, episodeId: episode.id }, address);
  }

  /**
   * The play address of an episode. Locked episodes are for signed-in members with an active
   * VIP only (DESIGN.md section 4): a guest gets 401, a member without VIP 403 VIP_REQUIRED.
   */
  async play(id: number, viewer: Viewer | null, address: string | null = null): Promise<PlayInfo> {
    const episode = await this.episode(id);
    await this.countPaywallHit(episode, viewer, address);
    if (!episode.is_free) {
      if (!viewer) throw new AppError('UNAUTHORIZED', 'Sign in to watch locked episodes');
      if (!hasActiveVip(viewer)) throw new AppError('VIP_REQUIRED', 'VIP membership required to watch this episode');
    }
    const languages = await this.subtitleLanguages([episode]);
    return this.playInfo(episode, languages.get(episode.id) ?? []);
  }

  /** The languages each episode has subtitles in: the player asks for no other. */
  async subtitleLanguages(episodes: readonly SubtitledEpisode[]): Promise<Map<number, SubtitleLanguage[]>> {
    const uploaded = await findSubtitleLanguages(
      this.ctx.db,
      episodes.map((episode) => episode.id),
    );
    return subtitleLanguagesOf(episodes, uploaded, this.clipSubtitles);
  }

  /**
   * The play address of an episode the caller may watch (checked by the caller): the one place
   * that decides between a clip's HLS ladder and its MP4, for /play, the drama detail and the
   * explore feed alike. `subtitleLanguages` (from subtitleLanguages()) are the tracks it lists;
   * a caller that has not looked them up gets every language's address.
   */
  playInfo(episode: PlayableEpisode, subtitleLanguages: readonly SubtitleLanguage[] = SUBTITLE_LANGUAGES): PlayInfo {
    const base = this.ctx.config.MEDIA_BASE_URL;
    return {
      episodeId: episode.id,
      dramaId: episode.drama_id,
      sequence: episode.sequence,
      ...this.address(episode),
      subtitles: subtitleTracks(episode.id, subtitleLanguages, base),
    };
  }

  private address(episode: PlayableEpisode) {
    const format = this.hls.has(episode.media_key) ? 'hls' : 'mp4';
    return playAddress(episode, format, this.ctx.mediaSigner, this.ctx.config.MEDIA_BASE_URL);
  }

  /**
   * Rows other modules selected with DRAMA_RECORD_COLUMNS (favourites, history), each presented
   * with its drama's localised summary.
   */
  async withSummaries<Row extends queries.DramaRecord, Item>(
    rows: Row[],
    locale: Locale,
    present: (row: Row, drama: DramaSummary) => Item,
  ): Promise<Item[]> {
    const dramas = await this.present(rows, locale);
    return rows.flatMap((row, index) => {
      const drama = dramas[index];
      return drama ? [present(row, drama)] : [];
    });
  }

  private async episodeList(dramaId: number): Promise<Episode[]> {
    const rows = await queries.findEpisodesOfDrama(this.ctx.db, dramaId);
    const languages = await this.subtitleLanguages(rows);
    // A free episode's address is the one /play gives (HLS where the clip has a ladder); locked
    // ones are signed per request by /play, so the list shows none.
    return rows.map((row) => presentEpisode(row, row.is_free ? this.address(row).playUrl : null, languages.get(row.id) ?? []));
  }

  private async present(rows: queries.DramaRecord[], locale: Locale): Promise<DramaSummary[]> {
    const tags = await queries.findTagsOfDramas(
      this.ctx.db,
      rows.map((row) => row.id),
    );
    return rows.map((row) =>
      presentDrama(
        row,
        tags.filter((tag) => tag.drama_id === row.id),
        locale,
        this.ctx.config.MEDIA_BASE_URL,
      ),
    );
  }
}

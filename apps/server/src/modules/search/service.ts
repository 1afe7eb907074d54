import { createHash } from 'node:crypto';
import {
  type HotSearch,
  type Locale,
  type Paged,
  SEARCH_KEYWORD_MAX,
  type SearchHit,
} from '@drama/contracts';
import * as OpenCC from 'opencc-js';
import { TtlCache } from '../../platform/cache.js';
import type { AppContext } from '../../platform/context.js';
import { pickText } from '../../platform/locale.js';
import { presentDrama } from '../catalogue/presenters.js';
import { characterCount, displayKeyword, normalizeKeyword } from './normalize.js';
import { presentHit } from './presenters.js';
import * as queries from './queries.js';
import { refreshSearchIndex, servedByGrams } from './search-index.js';

export const HOT_SEARCH_LIMIT = 10;
export const HOT_SEARCH_DAYS = 7;
const HOT_SEARCH_TTL_MS = 30_000;
const SEARCH_TTL_MS = 30_000;
/** How often the background pass looks for dramas whose search texts are stale. */
export const INDEX_EVERY_MS = 2_000;
/** Keep day counts a while past the window, for looking back; prune older ones. */
const KEEP_DAYS = 30;
const PRUNE_EVERY_MS = 10 * 60_000;
const HOUR_MS = 3_600_000;
/** Keyword and client pairs remembered in process; beyond this the database alone decides. */
const COUNTED_MEMORY = 50_000;
/** A title shown as a hot keyword is cut at its first clause when longer than this. */
const HOT_TITLE_MAX = 24;
const CLAUSE_END = /[：:，,、。；;！!？?—]/u;

const toSimplified = OpenCC.Converter({ from: 't', to: 'cn' });
const toTraditional = OpenCC.Converter({ from: 'cn', to: 'tw' });

/** A hot keyword in the script of the reader's locale (counts merge both scripts). */
function inLocaleScript(keyword: string, locale: Locale): string {
  if (locale === 'zh-CN') return toSimplified(keyword);
  if (locale === 'zh-Hant') return toTraditional(keyword);
  return keyword;
}

const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** The calendar day (YYYY-MM-DD) of an instant in a time zone. */
function calendarDay(instant: Date, timeZone: string): string {
  let format = dayFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dayFormats.set(timeZone, format);
  }
  return format.format(instant);
}

function daysBefore(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);
}

/** A title short enough to be a hot keyword, or null; it is always a part of the title, so it finds it. */
function titleAsKeyword(title: string): string | null {
  let keyword = displayKeyword(title);
  if (characterCount(keyword) > HOT_TITLE_MAX) {
    const clause = keyword.split(CLAUSE_END)[0]?.trim() ?? '';
    if (characterCount(clause) >= 2) keyword = clause;
  }
  return keyword !== '' && characterCount(keyword) <= SEARCH_KEYWORD_MAX ? keyword : null;
}

export interface SearchRequest {
  keyword: string;
  page: number;
  limit: number;
  suggest: boolean;
}

/**
 * Search over every locale's titles, descriptions and tag names, and the hot searches counted
 * from it. A search counts towards the hot list when it is a real one (not typed-ahead) and
 * found something, at most once per keyword and client address in any hour.
 */
export class SearchService {
  private readonly hot = new TtlCache<{ items: HotSearch[] }>(HOT_SEARCH_TTL_MS, 20);
  /**
   * Pages of results, like the catalogue's lists: popular keywords are searched by many people
   * at once, and typed-ahead searches repeat as a word grows and shrinks. Counting is not cached.
   */
  private readonly results = new TtlCache<{ items: SearchHit[]; total: number }>(SEARCH_TTL_MS, 2_000);
  /**
   * When this instance last counted a keyword for a client (clock ms): repeats within the hour
   * are known here without asking the database. The database's record stays the rule (other
   * instances, entries dropped from this bounded map).
   */
  private readonly counted = new Map<string, number>();
  private refreshing: Promise<number> | null = null;
  private nextPass: Promise<number> | null = null;
  private indexing: NodeJS.Timeout | null = null;
  private onIndexError: (error: unknown) => void = () => {};
  private prunedAt = 0;

  constructor(private readonly ctx: AppContext) {}

  async search(request: SearchRequest, locale: Locale, clientAddress: string): Promise<Paged<SearchHit> & { keyword: string }> {
    const keyword = normalizeKeyword(request.keyword);
    const found =
      keyword === ''
        ? { items: [], total: 0 }
        : await this.results.getOrLoad(JSON.stringify([locale, keyword, request.page, request.limit]), async () => {
            const { rows, total } = await queries.searchDramas(this.ctx.db, {
              keyword,
              byGrams: servedByGrams(keyword),
              offset: (request.page - 1) * request.limit,
              limit: request.limit,
            });
            const base = this.ctx.config.MEDIA_BASE_URL;
            const items = rows.map((row) =>
              presentHit(row, presentDrama(row, row.tags.map((tag) => ({ ...tag, drama_id: row.id })), locale, base), keyword),
            );
            return { items, total };
          });
    if (!request.suggest && found.total > 0) await this.count(keyword, displayKeyword(request.keyword), clientAddress);
    return { page: request.page, limit: request.limit, keyword: request.keyword, ...found };
  }

  /**
   * Keeps the search texts current in the background: a pass every few seconds, so a new or
   * changed drama is found within seconds without any search paying for the check. The first
   * pass is waited for, so a server that says it is ready finds what was imported while it was
   * down (on PostgreSQL a search could otherwise run beside that pass and find nothing); a
   * failed pass is reported, not thrown, and the next one tries again.
   */
  async startIndexing(onError: (error: unknown) => void): Promise<void> {
    if (this.indexing) return;
    this.onIndexError = onError;
    const pass = () => this.refreshIndex().catch(onError);
    this.indexing = setInterval(() => void pass(), INDEX_EVERY_MS);
    this.indexing.unref();
    await pass();
  }

  async stopIndexing(): Promise<void> {
    if (this.indexing) clearInterval(this.indexing);
    this.indexing = null;
    await this.nextPass?.catch(() => undefined);
    await this.refreshing?.catch(() => undefined);
  }

  /**
   * Brings the normalised texts of new or changed dramas up to date, and forgets cached results
   * when it changed any; resolves with how many it rewrote. The pass it waits for starts after
   * the call, so it covers any change made before it. When nothing is stale a pass is one
   * indexed lookup.
   */
  async refreshIndex(): Promise<number> {
    if (!this.refreshing) return this.startPass();
    // The pass under way may have read before the caller's change: one more follows it, shared
    // by everyone who asks meanwhile.
    this.nextPass ??= this.refreshing
      .catch(() => 0)
      .then(() => {
        this.nextPass = null;
        return this.startPass();
      });
    return this.nextPass;
  }

  private startPass(): Promise<number> {
    this.refreshing = refreshSearchIndex(this.ctx.db)
      .then((rewritten) => {
        if (rewritten > 0) this.results.clear();
        return rewritten;
      })
      .finally(() => {
        this.refreshing = null;
      });
    return this.refreshing;
  }

  /** Forgets cached answers and indexes at once (the catalogue changed: an import, a drama hidden). */
  invalidate(): void {
    this.results.clear();
    this.hot.clear();
    if (this.indexing) void this.refreshIndex().catch(this.onIndexError);
  }

  private remember(key: string, at: number): void {
    this.counted.delete(key);
    this.counted.set(key, at);
    if (this.counted.size > COUNTED_MEMORY) {
      const oldest = this.counted.keys().next().value;
      if (oldest !== undefined) this.counted.delete(oldest);
    }
  }

  async hotSearches(locale: Locale): Promise<{ items: HotSearch[] }> {
    const today = calendarDay(this.ctx.clock(), this.ctx.config.APP_TIMEZONE);
    return this.hot.getOrLoad(`${locale}:${today}`, async () => {
      const rows = await queries.findHotKeywords(this.ctx.db, daysBefore(today, HOT_SEARCH_DAYS - 1), HOT_SEARCH_LIMIT);
      const seen = new Set(rows.map((row) => row.keyword));
      const items = rows.map((row) => ({ keyword: inLocaleScript(row.display, locale), count: row.count }));
      if (items.length < HOT_SEARCH_LIMIT) {
        // A fresh start has no searches yet: the hottest dramas' titles keep the list useful.
        for (const title of await queries.findHottestTitles(this.ctx.db, HOT_SEARCH_LIMIT * 2)) {
          const keyword = titleAsKeyword(pickText(title, locale));
          if (keyword === null || seen.has(normalizeKeyword(keyword))) continue;
          seen.add(normalizeKeyword(keyword));
          items.push({ keyword, count: 0 });
          if (items.length >= HOT_SEARCH_LIMIT) break;
        }
      }
      return { items };
    });
  }

  private async count(keyword: string, display: string, clientAddress: string): Promise<void> {
    const now = this.ctx.clock();
    const day = calendarDay(now, this.ctx.config.APP_TIMEZONE);
    // Only whether two searches came from one address matters, not the address itself.
    const client = createHash('sha256').update(clientAddress).digest('base64url').slice(0, 22);
    const key = `${client} ${keyword}`;
    const last = this.counted.get(key);
    if (last !== undefined && now.getTime() - last < HOUR_MS && now.getTime() >= last) return;
    const counted = await queries.countSearch(this.ctx.db, { keyword, display, client, now, day });
    if (counted) this.hot.clear();
    // Also when another instance had counted it: this one then waits an hour from now, which
    // can only count less, never twice in an hour.
    this.remember(key, now.getTime());
    if (now.getTime() - this.prunedAt >= PRUNE_EVERY_MS) {
      for (const [entry, at] of this.counted) if (now.getTime() - at >= HOUR_MS) this.counted.delete(entry);
      this.prunedAt = now.getTime();
      await queries.pruneSearchCounts(this.ctx.db, new Date(now.getTime() - HOUR_MS), daysBefore(day, KEEP_DAYS));
    }
  }
}

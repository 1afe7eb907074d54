import { createHmac, hkdfSync } from 'node:crypto';
import {
  type BlockedTerm,
  type HotSearch,
  type Locale,
  type Paged,
  SEARCH_KEYWORD_MAX,
  type SearchHit,
} from '@drama/contracts';
import type { FastifyRequest } from 'fastify';
import * as OpenCC from 'opencc-js';
import { writeAudit } from '../../platform/audit.js';
import { TtlCache } from '../../platform/cache.js';
import { addressKey } from '../../platform/client-address.js';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { pickText } from '../../platform/locale.js';
import type { Actor } from '../../platform/operators.js';
import { holdsWrittenJson, type WrittenJson, writtenJson } from '../../platform/json-fragments.js';
import { keptSecret } from '../../platform/secrets.js';
import { type DiscoveryIndex, PRUNE_REMOVALS_EVERY_SECONDS, PRUNE_REMOVALS_JOB, pruneRemovalsJob } from '../discovery/discovery-index.js';
import { characterCount, displayKeyword, normalizeKeyword } from './normalize.js';
import { presentHit } from './presenters.js';
import * as queries from './queries.js';
import { DatabaseSearch, MemorySearch, type SearchBackend } from './backends.js';
import { refreshSearchIndex } from './search-index.js';

export const HOT_SEARCH_LIMIT = 10;
/**
 * Hot searches are demand, not traffic: a keyword counts the distinct searchers who searched it
 * (and found something) over the last HOT_SEARCH_DAYS calendar days of APP_TIMEZONE, today
 * included. A member is one searcher by id, on any device; a guest is one searcher per address
 * (IPv6 by its /64), known only by a keyed hash. Searching again the same day adds nothing.
 */
export const HOT_SEARCH_DAYS = 7;
/** Fewer distinct searchers than this in the window and a keyword is not shown at all. */
export const HOT_SEARCH_MIN_SEARCHERS = 5;
/**
 * Searchers behind one address count as at most this many for a keyword: a household or an
 * office still counts as more than one, while one person with a stack of accounts, or one
 * address signing in and out, cannot reach the minimum alone.
 */
export const HOT_SEARCH_PER_ADDRESS = 2;
/**
 * The first few editorial titles (featured dramas by rank, then the most popular) hold the top
 * of the list. A searched keyword goes above them only with at least this many distinct
 * searchers, four times the minimum: clear demand, not a handful of people. Below it, keywords
 * that reach the minimum follow the editorial titles, most searchers first, and further titles
 * fill what is left.
 */
export const HOT_SEARCH_OVERTAKE = 20;
export const HOT_SEARCH_EDITORIAL_TOP = 3;
const HOT_SEARCH_TTL_MS = 30_000;
const SEARCH_TTL_MS = 30_000;
/** The hits of a keyword with nothing to search for (only spaces or punctuation). */
const NO_HITS = writtenJson([]);
/** The job that rewrites stale search texts. */
export const INDEX_JOB = 'search.index-texts';
/**
 * How often that job runs: it only finds texts written straight into the database (the server
 * refreshes its own changes at once), so a minute is soon enough.
 */
export const INDEX_EVERY_SECONDS = 60;
const PRUNE_EVERY_MS = 10 * 60_000;
/** Searcher and keyword pairs remembered in process for the day; beyond this the database alone decides. */
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

/** The last day worked out, by time zone and minute: days begin on a minute in every zone. */
const lastDays = new Map<string, { minute: number; day: string }>();

/** The calendar day (YYYY-MM-DD) of an instant in a time zone. */
function calendarDay(instant: Date, timeZone: string): string {
  const minute = Math.floor(instant.getTime() / 60_000);
  const last = lastDays.get(timeZone);
  if (last?.minute === minute) return last.day;
  const day = formatDay(instant, timeZone);
  lastDays.set(timeZone, { minute, day });
  return day;
}

function formatDay(instant: Date, timeZone: string): string {
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
 * found something, once per searcher, keyword and day.
 */
export class SearchService {
  private readonly hot = new TtlCache<{ items: HotSearch[] }>(HOT_SEARCH_TTL_MS, 20);
  /**
   * Pages of results, like the catalogue's lists: popular keywords are searched by many people
   * at once, and typed-ahead searches repeat as a word grows and shrinks. Hot-search counting is
   * not cached. A page is kept from its second ask on, as its JSON: kept from the first, under a
   * stream of new keywords every page lived about a second, long enough for the garbage
   * collector to copy it (scavenges of 15 to 35 ms at 64 connections, which set the p99).
   */
  private readonly results = new TtlCache<{ items: WrittenJson; total: number; totalCapped: boolean }>(SEARCH_TTL_MS, 2_000, {
    admitOnRepeat: true,
  });
  private readonly backend: SearchBackend;
  /**
   * Searcher and keyword pairs this instance has recorded, with their day: repeats the same day
   * are known here without asking the database. The database's record stays the rule (other
   * instances, entries dropped from this bounded map).
   */
  private readonly counted = new Map<string, string>();
  /** Keys the hash of a guest's address: the same address hashes alike on every instance sharing the secret. */
  private readonly addressKey: Buffer;
  /** Addresses hashed lately: a searcher searches several times in a row. */
  private readonly addressHashes = new Map<string, string>();
  private refreshing: Promise<number> | null = null;
  private nextPass: Promise<number> | null = null;
  /** Whether changes refresh the texts at once (from start to stop). */
  private indexing = false;
  private onIndexError: (error: unknown) => void = () => {};
  private prunedAt = 0;

  /**
   * @param discovery the in-memory index searches are answered from; null (DISCOVERY_INDEX=database)
   *   reads and sorts every match in the database instead.
   */
  constructor(
    private readonly ctx: AppContext,
    private readonly discovery: DiscoveryIndex | null,
  ) {
    const base = ctx.config.MEDIA_BASE_URL;
    this.backend = discovery ? new MemorySearch(discovery) : new DatabaseSearch(ctx.db, base);
    const secret = ctx.config.JWT_SECRET ?? keptSecret(ctx.config.DATA_DIR, 'jwt-secret');
    this.addressKey = Buffer.from(hkdfSync('sha256', secret, 'drama', 'drama:search-searchers', 32));
  }

  /** The member behind a request, if signed in: asked only when a search is to be counted. */
  async memberOf(request: FastifyRequest): Promise<number | null> {
    return (await this.ctx.auth.viewer(request))?.id ?? null;
  }

  async search(
    request: SearchRequest,
    locale: Locale,
    clientAddress: string,
    member: () => Promise<number | null> = async () => null,
  ): Promise<Paged<SearchHit> & { keyword: string }> {
    const keyword = normalizeKeyword(request.keyword);
    // Before the cache: a read of the changes that finds new texts forgets the cached pages.
    await this.discovery?.fresh();
    const found =
      keyword === ''
        ? { items: NO_HITS, total: 0, totalCapped: false }
        : await this.results.getOrLoad(JSON.stringify([locale, keyword, request.page, request.limit]), async () => {
            const offset = (request.page - 1) * request.limit;
            const { hits, total, capped } = await this.backend.page(keyword, offset, request.limit);
            const items = hits.map((hit) => {
              const shown = { title: pickText(hit.row.title, locale), description: pickText(hit.row.description, locale) };
              return presentHit(hit, this.backend.card(hit.row, locale), shown, keyword);
            });
            return { items: writtenJson(items), total, totalCapped: capped };
          });
    if (!request.suggest && found.total > 0) {
      await this.count(keyword, displayKeyword(request.keyword), clientAddress, await member());
    }
    // The hits are only ever serialised, from their kept JSON (json-fragments.ts): the answer is
    // marked as holding it, and the hits stand in the answer's place for them.
    const { items, total, totalCapped } = found;
    return holdsWrittenJson({ page: request.page, limit: request.limit, keyword: request.keyword, items: items as unknown as SearchHit[], total, totalCapped });
  }

  /**
   * Keeps the search texts current in the background. The server's own changes refresh them at
   * once on the instance that made them (invalidate()); a job on the queue, once a period across
   * all instances, finds what was written straight into the database. The first pass is waited
   * for at start, so a server that says it is ready finds what was imported while it was down (on
   * PostgreSQL a search could otherwise run beside that pass and find nothing); a failed pass is
   * reported, not thrown, and the next one tries again.
   */
  async registerJobs(): Promise<void> {
    await this.ctx.jobs.register({
      name: INDEX_JOB,
      run: async () => {
        await this.refreshIndex();
      },
    });
    await this.ctx.jobs.every(INDEX_JOB, INDEX_EVERY_SECONDS);
    await this.ctx.jobs.register(pruneRemovalsJob(this.ctx.db));
    await this.ctx.jobs.every(PRUNE_REMOVALS_JOB, PRUNE_REMOVALS_EVERY_SECONDS);
  }

  async startIndexing(onError: (error: unknown) => void, onBuilt?: (dramas: number, ms: number) => void): Promise<void> {
    if (this.indexing) return;
    this.indexing = true;
    this.onIndexError = onError;
    await this.refreshIndex().catch(onError);
    // The in-memory index's first read comes after the texts are current.
    this.discovery?.start(onError, onBuilt);
  }

  async stopIndexing(): Promise<void> {
    this.indexing = false;
    await this.discovery?.stop();
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
      .then(async (rewritten) => {
        if (rewritten > 0) {
          // The in-memory index reads the new texts now rather than at its next look.
          await this.discovery?.read();
          this.forgetResults();
        }
        return rewritten;
      })
      .finally(() => {
        this.refreshing = null;
      });
    return this.refreshing;
  }

  /** Forgets cached pages and counts (the texts or the set of published dramas changed). */
  forgetResults(): void {
    this.results.clear();
    this.backend.forget();
  }

  /** Forgets cached answers and indexes at once (the catalogue changed: an import, a drama hidden). */
  invalidate(): void {
    this.forgetResults();
    this.hot.clear();
    this.discovery?.forget();
    if (this.indexing) void this.refreshIndex().catch(this.onIndexError);
  }

  private remember(key: string, day: string): void {
    this.counted.delete(key);
    this.counted.set(key, day);
    if (this.counted.size > COUNTED_MEMORY) {
      const oldest = this.counted.keys().next().value;
      if (oldest !== undefined) this.counted.delete(oldest);
    }
  }

  async hotSearches(locale: Locale): Promise<{ items: HotSearch[] }> {
    const today = calendarDay(this.ctx.clock(), this.ctx.config.APP_TIMEZONE);
    return this.hot.getOrLoad(`${locale}:${today}`, async () => {
      const [demand, titles, blocked] = await Promise.all([
        queries.findDemand(this.ctx.db, {
          fromDay: daysBefore(today, HOT_SEARCH_DAYS - 1),
          perAddress: HOT_SEARCH_PER_ADDRESS,
          minSearchers: HOT_SEARCH_MIN_SEARCHERS,
          limit: HOT_SEARCH_LIMIT,
        }),
        queries.findEditorialTitles(this.ctx.db, HOT_SEARCH_LIMIT * 2),
        queries.findBlockedKeywords(this.ctx.db),
      ]);
      const searchers = new Map(demand.map((row) => [row.keyword, row.searchers]));
      const wanted = demand.map((row) => ({ key: row.keyword, keyword: inLocaleScript(row.display, locale), count: row.searchers }));
      const editorial = titles.flatMap((title) => {
        const keyword = titleAsKeyword(pickText(title, locale));
        if (keyword === null) return [];
        const key = normalizeKeyword(keyword);
        return blocked.has(key) ? [] : [{ key, keyword, count: searchers.get(key) ?? 0 }];
      });
      const ordered = [
        ...wanted.filter((item) => item.count >= HOT_SEARCH_OVERTAKE),
        ...editorial.slice(0, HOT_SEARCH_EDITORIAL_TOP),
        ...wanted.filter((item) => item.count < HOT_SEARCH_OVERTAKE),
        ...editorial.slice(HOT_SEARCH_EDITORIAL_TOP),
      ];
      const seen = new Set<string>();
      const items: HotSearch[] = [];
      for (const { key, keyword, count } of ordered) {
        if (seen.has(key)) continue;
        seen.add(key);
        items.push({ keyword, count });
        if (items.length >= HOT_SEARCH_LIMIT) break;
      }
      return { items };
    });
  }

  async blockedTerms(): Promise<BlockedTerm[]> {
    return (await queries.findBlockedTerms(this.ctx.db)).map(presentBlocked);
  }

  /** Keeps a term off the hot list, demand or editorial, in every script and case. */
  async blockTerm(term: string, actor: Actor): Promise<BlockedTerm> {
    const keyword = normalizedTerm(term);
    const row = await this.ctx.db.transaction().execute(async (trx) => {
      const blocked = await queries.blockTerm(trx, keyword, displayKeyword(term));
      await writeAudit(trx, actor, { action: 'search.block-term', targetType: 'search-term', targetId: blocked.keyword, after: { term: blocked.term, keyword: blocked.keyword } });
      return blocked;
    });
    this.hot.clear();
    return presentBlocked(row);
  }

  async unblockTerm(term: string, actor: Actor): Promise<BlockedTerm> {
    const row = await this.ctx.db.transaction().execute(async (trx) => {
      const unblocked = await queries.unblockTerm(trx, normalizedTerm(term));
      if (!unblocked) throw new AppError('NOT_FOUND', 'That term is not blocked');
      await writeAudit(trx, actor, { action: 'search.unblock-term', targetType: 'search-term', targetId: unblocked.keyword, before: { term: unblocked.term, keyword: unblocked.keyword } });
      return unblocked;
    });
    this.hot.clear();
    return presentBlocked(row);
  }

  /** Only whether two searches came from one address matters, not the address itself. */
  private addressHash(clientAddress: string): string {
    const key = addressKey(clientAddress);
    let hash = this.addressHashes.get(key);
    if (hash === undefined) {
      hash = createHmac('sha256', this.addressKey).update(key).digest('base64url').slice(0, 22);
      if (this.addressHashes.size >= COUNTED_MEMORY) this.addressHashes.clear();
      this.addressHashes.set(key, hash);
    }
    return hash;
  }

  private async count(keyword: string, display: string, clientAddress: string, memberId: number | null): Promise<void> {
    const now = this.ctx.clock();
    const day = calendarDay(now, this.ctx.config.APP_TIMEZONE);
    const address = this.addressHash(clientAddress);
    const searcher = memberId === null ? `g:${address}` : `m:${memberId}`;
    const key = `${searcher} ${keyword}`;
    if (this.counted.get(key) === day) return;
    const counted = await queries.recordDemand(this.ctx.db, { keyword, display, day, searcher, address });
    if (counted) this.hot.clear();
    this.remember(key, day);
    if (now.getTime() - this.prunedAt >= PRUNE_EVERY_MS) {
      for (const [entry, at] of this.counted) if (at !== day) this.counted.delete(entry);
      this.prunedAt = now.getTime();
      await queries.pruneDemand(this.ctx.db, daysBefore(day, HOT_SEARCH_DAYS - 1));
    }
  }
}

function normalizedTerm(term: string): string {
  const keyword = normalizeKeyword(term);
  if (keyword === '') throw new AppError('VALIDATION_FAILED', 'The term has nothing to match once normalised');
  return keyword;
}

function presentBlocked(row: { keyword: string; term: string; blocked_at: Date }): BlockedTerm {
  return { term: row.term, keyword: row.keyword, blockedAt: row.blocked_at.toISOString() };
}

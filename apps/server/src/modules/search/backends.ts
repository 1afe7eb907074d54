import type { Locale } from '@drama/contracts';
import type { Db } from '../../db/database.js';
import { TtlCache } from '../../platform/cache.js';
import { presentDrama } from '../catalogue/presenters.js';
import type { DiscoveryIndex } from '../discovery/discovery-index.js';
import type { CardRow, ShownCard } from '../discovery/presented-cards.js';
import type { TextIndex } from '../discovery/text-index.js';
import type { HitPlaces } from './presenters.js';
import * as queries from './queries.js';
import { countInIndex, rankInIndex } from './ranking.js';
import { servedByGrams } from './search-index.js';

export interface Hit extends HitPlaces {
  row: CardRow;
}

export interface SearchPage {
  hits: Hit[];
  /** Matches, counted up to the window (all of them for the database's reference). */
  total: number;
  /** More match than `total` says. */
  capped: boolean;
}

/**
 * Where a page of hits comes from, for a normalised keyword. Two are built: the in-memory index
 * every instance keeps (the default) and the database alone (DISCOVERY_INDEX=database). A search
 * engine server would be a third behind the same call, for a catalogue past what one instance
 * holds in memory (docs/benchmarks.md): the engine ranks and counts, and the dramas of its page
 * are read from the in-memory catalogue or the database.
 */
export interface SearchBackend {
  page(keyword: string, offset: number, limit: number): Promise<SearchPage>;
  /** A hit's drama as a card in the locale. */
  card(row: CardRow, locale: Locale): ShownCard;
  /** The texts or the set of published dramas changed: forget anything kept per keyword. */
  forget(): void;
}

/** How long a keyword's ranking is kept when nothing changes (a rebuild of the lists, or changed texts, drop it at once). */
const RANKING_TTL_MS = 30_000;
/** Keywords whose rankings are kept: at most SEARCH_WINDOW ids each, 4 KB. */
const RANKINGS_KEPT = 2_000;

/**
 * A keyword's whole ranking within SEARCH_WINDOW, as ids: the title matches first. Made once per
 * keyword and version of the lists, so that each further page, page size and typed-ahead repeat
 * of it is a slice: a reader pages down, and the first look already walked the lists for the
 * count.
 */
interface KeywordRanking {
  index: TextIndex;
  ids: Int32Array;
  /** ids[0, inTitle) matched in the title. */
  inTitle: number;
  /**
   * Per rank, whether the keyword is in the description (DESCRIPTION) and the tags (TAGS), with
   * KNOWN once looked for: a page looks only for its own hits, and the pages after it, page sizes
   * and repeats reuse what it found.
   */
  places: Uint8Array;
  total: number;
  capped: boolean;
}

const KNOWN = 1;
const DESCRIPTION = 2;
const TAGS = 4;

/** Ranks and counts in the in-memory index and shows the dramas it holds: no query at all. */
export class MemorySearch implements SearchBackend {
  private readonly rankings = new TtlCache<KeywordRanking>(RANKING_TTL_MS, RANKINGS_KEPT);

  constructor(private readonly discovery: DiscoveryIndex) {}

  card(row: CardRow, locale: Locale): ShownCard {
    return this.discovery.cards.card(row, locale);
  }

  private ranking(keyword: string): KeywordRanking {
    const index = this.discovery.text;
    const kept = this.rankings.get(keyword);
    if (kept?.index === index) return kept;
    const whole = rankInIndex(index, { keyword, offset: 0, limit: queries.SEARCH_WINDOW }, () => countInIndex(index, keyword));
    const ranking: KeywordRanking = {
      index,
      ids: Int32Array.from(whole.ranked, (hit) => hit.id),
      inTitle: whole.ranked.filter((hit) => hit.in_title).length,
      places: new Uint8Array(whole.ranked.length),
      total: whole.total,
      capped: whole.capped,
    };
    this.rankings.set(keyword, ranking);
    return ranking;
  }

  async page(keyword: string, offset: number, limit: number): Promise<SearchPage> {
    await this.discovery.fresh();
    const { ids, inTitle, places, total, capped } = this.ranking(keyword);
    const hits: Hit[] = [];
    for (let at = offset; at < Math.min(offset + limit, ids.length); at += 1) {
      const row = this.discovery.get(ids[at] as number);
      if (!row) continue;
      // The ranking belongs to this version of the texts, so what was found in them holds.
      let found = places[at] as number;
      if (found === 0) {
        found = KNOWN | (row.search_description.includes(keyword) ? DESCRIPTION : 0) | (row.search_tags.includes(keyword) ? TAGS : 0);
        places[at] = found;
      }
      hits.push({ row, in_title: at < inTitle, in_description: (found & DESCRIPTION) !== 0, in_tags: (found & TAGS) !== 0 });
    }
    return { hits, total, capped };
  }

  forget(): void {
    this.rankings.clear();
  }
}

/** Reads, sorts and counts every match in the database (the reference the index is held to). */
export class DatabaseSearch implements SearchBackend {
  constructor(
    private readonly db: Db,
    private readonly mediaBaseUrl: string | undefined,
  ) {}

  async page(keyword: string, offset: number, limit: number): Promise<SearchPage> {
    const { rows, total, capped } = await queries.searchDramas(this.db, { keyword, byGrams: servedByGrams(keyword), offset, limit });
    return { hits: rows.map((row) => ({ row, in_title: row.in_title, in_description: row.in_description, in_tags: row.in_tags })), total, capped };
  }

  card(row: CardRow, locale: Locale): ShownCard {
    return presentDrama(row, row.tags, locale, this.mediaBaseUrl);
  }

  forget(): void {}
}

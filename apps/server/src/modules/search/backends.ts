import type { DramaSummary, Locale } from '@drama/contracts';
import type { Db } from '../../db/database.js';
import { TtlCache } from '../../platform/cache.js';
import { presentDrama } from '../catalogue/presenters.js';
import type { DiscoveryIndex } from '../discovery/discovery-index.js';
import { type CardRow, PresentedCards } from '../discovery/presented-cards.js';
import type { HitPlaces } from './presenters.js';
import * as queries from './queries.js';
import { countInIndex, type MatchCount, rankInIndex } from './ranking.js';
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
  card(row: CardRow, locale: Locale): DramaSummary;
  /** The texts or the set of published dramas changed: forget anything kept per keyword. */
  forget(): void;
}

const COUNT_TTL_MS = 30_000;

/** Ranks and counts in the in-memory index and shows the dramas it holds: no query at all. */
export class MemorySearch implements SearchBackend {
  /** Matches per keyword: every page and page size of a keyword shares one count. */
  private readonly counts = new TtlCache<MatchCount>(COUNT_TTL_MS, 5_000);
  private readonly cards: PresentedCards;

  constructor(
    private readonly discovery: DiscoveryIndex,
    mediaBaseUrl: string | undefined,
  ) {
    this.cards = new PresentedCards(mediaBaseUrl);
  }

  card(row: CardRow, locale: Locale): DramaSummary {
    return this.cards.card(row, locale);
  }

  async page(keyword: string, offset: number, limit: number): Promise<SearchPage> {
    await this.discovery.fresh();
    const index = this.discovery.text;
    const { ranked, total, capped } = rankInIndex(index, { keyword, offset, limit }, () => {
      let count = this.counts.get(keyword);
      if (count === undefined) {
        count = countInIndex(index, keyword);
        this.counts.set(keyword, count);
      }
      return count;
    });
    const hits = ranked.flatMap((hit): Hit[] => {
      const row = this.discovery.get(hit.id);
      if (!row) return [];
      return [
        {
          row,
          in_title: hit.in_title,
          in_description: row.search_description.includes(keyword),
          in_tags: row.search_tags.includes(keyword),
        },
      ];
    });
    return { hits, total, capped };
  }

  forget(): void {
    this.counts.clear();
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

  card(row: CardRow, locale: Locale): DramaSummary {
    return presentDrama(row, row.tags, locale, this.mediaBaseUrl);
  }

  forget(): void {}
}

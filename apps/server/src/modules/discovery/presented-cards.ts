import type { DramaSummary, Locale } from '@drama/contracts';
import { frozenJson } from '../../platform/json-fragments.js';
import { presentDrama } from '../catalogue/presenters.js';
import type { DramaRecord, TagRecord } from '../catalogue/queries.js';

/** A drama with what its card shows. */
export type CardRow = DramaRecord & { tags: ReadonlyArray<Pick<TagRecord, 'id' | 'slug' | 'name'>> };

/** Kept per cache; past this the cache starts again (the popular ones come straight back). */
const MAX_PRESENTED = 30_000;

/**
 * What a drama is shown as (a card, a feed item), per locale, made once per version of the
 * drama held and frozen with its JSON (platform/json-fragments.ts): search and the feed show the
 * same popular dramas over and over, and making and serialising them is most of what answering
 * costs once the ranking is in memory. A drama that changes is a new row in the in-memory
 * catalogue, which makes it again.
 */
export class PresentedRows<R extends { id: number }, T extends object> {
  private readonly held = new Map<string, { row: R; value: T }>();

  constructor(private readonly make: (row: R, locale: Locale) => T) {}

  get(row: R, locale: Locale): T {
    const key = `${locale}:${row.id}`;
    const held = this.held.get(key);
    if (held?.row === row) return held.value;
    if (this.held.size >= MAX_PRESENTED) this.held.clear();
    const value = frozenJson(this.make(row, locale));
    this.held.set(key, { row, value });
    return value;
  }
}

/** Dramas as cards. */
export class PresentedCards {
  private readonly cards: PresentedRows<CardRow, DramaSummary>;

  constructor(mediaBaseUrl: string | undefined) {
    this.cards = new PresentedRows((row, locale) => presentDrama(row, row.tags, locale, mediaBaseUrl));
  }

  card(row: CardRow, locale: Locale): DramaSummary {
    return this.cards.get(row, locale);
  }
}

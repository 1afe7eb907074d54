import type { DramaSummary, Locale } from '@drama/contracts';
import { frozenJson } from '../../platform/json-fragments.js';
import { presentDrama } from '../catalogue/presenters.js';
import type { DramaRecord, TagRecord } from '../catalogue/queries.js';

/** A drama with what its card shows. */
export type CardRow = DramaRecord & { tags: ReadonlyArray<Pick<TagRecord, 'id' | 'slug' | 'name'>> };

/** Kept per locale; past this it starts again (the popular ones come straight back). */
const MAX_PRESENTED = 30_000;

/**
 * What a drama is shown as (a card, a feed item), per locale, made once per version of the
 * drama held and frozen with its JSON (platform/json-fragments.ts): search and the feed show the
 * same popular dramas over and over, and making and serialising them is most of what answering
 * costs once the ranking is in memory. A drama that changes is a new row in the in-memory
 * catalogue, which makes it again.
 */
export class PresentedRows<R extends { id: number }, T extends object> {
  /** Per locale, by drama id. */
  private readonly held = new Map<Locale, Map<number, { row: R; value: T }>>();

  constructor(private readonly make: (row: R, locale: Locale) => T) {}

  get(row: R, locale: Locale): T {
    let inLocale = this.held.get(locale);
    if (!inLocale) {
      inLocale = new Map();
      this.held.set(locale, inLocale);
    }
    const held = inLocale.get(row.id);
    if (held?.row === row) return held.value;
    if (inLocale.size >= MAX_PRESENTED) inLocale.clear();
    const value = frozenJson(this.make(row, locale));
    inLocale.set(row.id, { row, value });
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

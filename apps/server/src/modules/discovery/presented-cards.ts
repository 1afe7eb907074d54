import type { DramaSummary, Locale } from '@drama/contracts';
import { WrittenJson } from '../../platform/json-fragments.js';
import { presentDrama } from '../catalogue/presenters.js';
import type { DramaRecord, TagRecord } from '../catalogue/index.js';

/** A drama with what its card shows. */
export type CardRow = DramaRecord & { tags: ReadonlyArray<Pick<TagRecord, 'id' | 'slug' | 'name'>> };

/** A locale's shelf starts this large and doubles as cards are added. */
const FIRST_SHELF_BYTES = 256 * 1024;
/**
 * Past this a locale's shelf starts again, empty (the popular cards come straight back): room
 * for the cards of about 100,000 dramas in a CJK locale.
 */
const MAX_SHELF_BYTES = 64 * 1024 * 1024;

/**
 * One locale's cards as their JSON, one after the other in one buffer, found by drama id. A kept
 * card is a few numbers in typed arrays and a slot in a map, not objects: a stream of new
 * keywords visits tens of thousands of dramas, and kept as objects each new card lived just long enough
 * to be copied out of the young generation and then to be collected in the old one, pauses
 * that set the 99th percentile of every answer around them.
 */
class Shelf<R extends { id: number }> {
  private bytes: Buffer;
  private used = 0;
  private readonly slots = new Map<number, number>();
  /** By slot: the row the card was made from (a changed drama is a new row), where its JSON is. */
  private rows: R[] = [];
  private starts: Int32Array = new Int32Array(1024);
  private ends: Int32Array = new Int32Array(1024);

  constructor(private readonly maxBytes: number) {
    this.bytes = Buffer.allocUnsafeSlow(Math.min(FIRST_SHELF_BYTES, maxBytes));
  }

  get(row: R, make: () => object): WrittenJson {
    let slot = this.slots.get(row.id);
    if (slot === undefined || this.rows[slot] !== row) slot = this.put(row, JSON.stringify(make()), slot);
    // A view: the bytes under it are never written again (a full shelf is replaced, not reused).
    return new WrittenJson(this.bytes.subarray(this.starts[slot], this.ends[slot]));
  }

  private put(row: R, json: string, slot: number | undefined): number {
    // UTF-8 takes at most three bytes per UTF-16 unit.
    if (this.used + json.length * 3 > this.bytes.length) this.makeRoom(json.length * 3);
    // A drama whose shelf was started again takes a new slot.
    const at = slot !== undefined && this.slots.get(row.id) === slot ? slot : this.rows.length;
    if (at >= this.starts.length) {
      this.starts = grown(this.starts);
      this.ends = grown(this.ends);
    }
    this.starts[at] = this.used;
    this.used += this.bytes.write(json, this.used, 'utf8');
    this.ends[at] = this.used;
    this.rows[at] = row;
    this.slots.set(row.id, at);
    return at;
  }

  /** A larger buffer with what is kept, or, at the largest size, an empty one. */
  private makeRoom(bytes: number): void {
    if (this.bytes.length < this.maxBytes) {
      const larger = Buffer.allocUnsafeSlow(Math.min(this.maxBytes, Math.max(this.bytes.length * 2, this.used + bytes)));
      larger.set(this.bytes.subarray(0, this.used));
      this.bytes = larger;
      if (this.used + bytes <= larger.length) return;
    }
    this.bytes = Buffer.allocUnsafeSlow(Math.max(this.bytes.length, bytes));
    this.used = 0;
    this.slots.clear();
    this.rows = [];
  }
}

function grown(array: Int32Array): Int32Array {
  const larger = new Int32Array(array.length * 2);
  larger.set(array);
  return larger;
}

/**
 * Dramas as cards in search's answers, made once per version of a drama held in the in-memory
 * catalogue and kept as JSON (a drama that changes is a new row there, which makes its card
 * again): making and serialising the cards was most of what a search cost once the ranking was
 * in memory. The feed makes its five cards per page: a page is small enough that native
 * JSON.stringify of fresh cards is as fast as copying kept ones (docs/benchmarks.md).
 */
export class PresentedCards {
  private readonly shelves = new Map<Locale, Shelf<CardRow>>();

  /** @param maxShelfBytes the most a locale's cards hold before they start again (smaller in tests). */
  constructor(
    private readonly mediaBaseUrl: string | undefined,
    private readonly maxShelfBytes = MAX_SHELF_BYTES,
  ) {}

  /** The card's JSON; the texts it shows are `pickText(row.title, locale)` and the like, as presentDrama writes them. */
  card(row: CardRow, locale: Locale): WrittenJson {
    let shelf = this.shelves.get(locale);
    if (!shelf) {
      shelf = new Shelf(this.maxShelfBytes);
      this.shelves.set(locale, shelf);
    }
    return shelf.get(row, () => presentDrama(row, row.tags, locale, this.mediaBaseUrl));
  }
}

/** A card as an answer holds it: the object, or its kept JSON in the object's place. */
export type ShownCard = DramaSummary | WrittenJson;

/**
 * Entries sorted once, when built, and never moved: the search lists and the feed's order point
 * into them by position. An entry that changes afterwards is marked dead in place and kept, as
 * it is now, in a small sorted `recent` list that readers merge in, until the owner builds
 * afresh from `current()`.
 */
export class HeldEntries<T extends { id: number }> {
  /** Slot → entry, in order at build time. */
  readonly built: readonly T[];
  /** Slots whose entry changed or left since the build (1): every reader skips them. */
  readonly dead: Uint8Array;
  /** Entries added or changed since the build, in order. */
  readonly recent: T[] = [];
  private readonly slotOf = new Map<number, number>();
  private readonly recentById = new Map<number, T>();
  private deadCount = 0;

  /**
   * @param ahead whether `a` comes before `b` (a strict total order)
   * @param same whether two versions of an entry are alike for the readers (then a change is nothing)
   */
  constructor(
    entries: Iterable<T>,
    private readonly ahead: (a: T, b: T) => boolean,
    private readonly same: (a: T, b: T) => boolean,
  ) {
    this.built = [...entries].sort((a, b) => (ahead(a, b) ? -1 : ahead(b, a) ? 1 : 0));
    this.dead = new Uint8Array(this.built.length);
    this.built.forEach((entry, slot) => this.slotOf.set(entry.id, slot));
  }

  /** Entries held, live ones at their built place and recent ones. */
  get size(): number {
    return this.built.length - this.deadCount + this.recent.length;
  }

  /** Every entry held, as it is now. */
  *current(): Iterable<T> {
    for (let slot = 0; slot < this.built.length; slot += 1) if (this.dead[slot] === 0) yield this.built[slot] as T;
    yield* this.recent;
  }

  get(id: number): T | undefined {
    const recent = this.recentById.get(id);
    if (recent) return recent;
    const slot = this.slotOf.get(id);
    return slot === undefined || this.dead[slot] === 1 ? undefined : this.built[slot];
  }

  /** Puts in an entry as it is now; one alike to the one held costs nothing. */
  upsert(entry: T): void {
    const held = this.get(entry.id);
    if (held && this.same(held, entry)) return;
    this.remove(entry.id);
    this.recent.splice(this.firstAfter(this.recent, (other) => this.ahead(entry, other)), 0, entry);
    this.recentById.set(entry.id, entry);
  }

  /** Takes an entry out. */
  remove(id: number): void {
    const slot = this.slotOf.get(id);
    if (slot !== undefined && this.dead[slot] === 0) {
      this.dead[slot] = 1;
      this.deadCount += 1;
    }
    const recent = this.recentById.get(id);
    if (recent) {
      this.recentById.delete(id);
      this.recent.splice(this.recent.indexOf(recent), 1);
    }
  }

  /** The first index of `list` (in order) at which `isAfter(entry)` holds; it must hold from there on. */
  firstAfter(list: readonly T[], isAfter: (entry: T) => boolean): number {
    let low = 0;
    let high = list.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (isAfter(list[middle] as T)) high = middle;
      else low = middle + 1;
    }
    return low;
  }
}

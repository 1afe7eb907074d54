/**
 * A small in-process cache with a time to live and a size bound (least recently used out).
 * Used for the hot catalogue reads, which change only when an operator imports content.
 */
export class TtlCache<V> {
  private readonly entries = new Map<string, { value: V; expiresAt: number }>();
  /** Keys loaded once and not kept, with when that stops counting (`admitOnRepeat`). */
  private readonly askedOnce = new Map<string, number>();

  /**
   * @param options.admitOnRepeat keep a loaded value only when its key was loaded before within
   *   the time to live: a stream of keys asked once (every new keyword, typo and typed-ahead
   *   prefix) then neither pushes out the values asked for again and again, nor leaves values
   *   behind that live just long enough to cost the garbage collector a copy.
   */
  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries: number,
    private readonly options: { admitOnRepeat?: boolean } = {},
  ) {}

  get(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= Date.now()) {
      this.entries.delete(key);
      return undefined;
    }
    // Re-insert to mark as recently used.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.value;
  }

  set(key: string, value: V): void {
    this.entries.delete(key);
    this.entries.set(key, { value, expiresAt: Date.now() + this.ttlMs });
    while (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
  }

  /** Whether a value just loaded for the key is to be kept. */
  private admits(key: string): boolean {
    if (!this.options.admitOnRepeat) return true;
    const now = Date.now();
    const until = this.askedOnce.get(key);
    this.askedOnce.delete(key);
    if (until !== undefined && until > now) return true;
    this.askedOnce.set(key, now + this.ttlMs);
    if (this.askedOnce.size > this.maxEntries) {
      const oldest = this.askedOnce.keys().next().value;
      if (oldest !== undefined) this.askedOnce.delete(oldest);
    }
    return false;
  }

  /** Returns the cached value or loads it; concurrent misses for one key share one load. */
  async getOrLoad(key: string, load: () => Promise<V>): Promise<V> {
    const hit = this.get(key);
    if (hit !== undefined) return hit;
    const pending = this.inflight.get(key);
    if (pending) return pending;
    const promise = load()
      .then((value) => {
        if (this.admits(key)) this.set(key, value);
        return value;
      })
      .finally(() => this.inflight.delete(key));
    this.inflight.set(key, promise);
    return promise;
  }

  clear(): void {
    this.entries.clear();
    this.askedOnce.clear();
  }

  private readonly inflight = new Map<string, Promise<V>>();
}

interface Entry<V> {
  value: V;
  storedAt: number;
}

/**
 * Answers of frequent reads (a session's user, a player's list of games) kept in memory until a
 * write says otherwise. Writers drop what they change after it is stored; a read that began
 * before such a drop may have read the old rows, so `put` refuses it: `begin()` stamps every read,
 * and a drop stamps its key (or, for `dropWhere`, everything). Entries also age out after
 * `maxAgeMs`, which bounds what a writer outside this server (the admin command on PostgreSQL)
 * can leave stale. The Map's order is the order of use, least recent first.
 */
export class ReadCache<V> {
  private clock = 0;
  /** Reads begun at or before this stamp are refused (a `dropWhere`, or a forgotten key's drop). */
  private floor = 0;
  private readonly entries = new Map<string, Entry<V>>();
  /** The stamp of each key's latest drop, the oldest first. */
  private readonly dropped = new Map<string, number>();

  constructor(
    private readonly capacity: number,
    private readonly maxAgeMs: number,
    private readonly now: () => number,
  ) {}

  /** Call before reading the database: `put` takes the answer only if no drop came since. */
  begin(): number {
    return ++this.clock;
  }

  get(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    if (this.now() - entry.storedAt > this.maxAgeMs) return undefined;
    this.entries.set(key, entry);
    return entry.value;
  }

  put(key: string, value: V, begun: number): void {
    if (begun <= this.floor || begun <= (this.dropped.get(key) ?? 0)) return;
    this.entries.delete(key);
    this.entries.set(key, { value, storedAt: this.now() });
    if (this.entries.size > this.capacity) this.entries.delete(this.entries.keys().next().value as string);
  }

  drop(key: string): void {
    this.entries.delete(key);
    this.dropped.delete(key);
    this.dropped.set(key, ++this.clock);
    if (this.dropped.size > this.capacity) {
      // Forgetting a key's stamp would let an old read of it in: refuse every read that old.
      const [oldest, stamp] = this.dropped.entries().next().value as [string, number];
      this.dropped.delete(oldest);
      this.floor = Math.max(this.floor, stamp);
    }
  }

  dropWhere(test: (value: V) => boolean): void {
    for (const [key, entry] of this.entries) if (test(entry.value)) this.entries.delete(key);
    this.floor = ++this.clock;
  }
}

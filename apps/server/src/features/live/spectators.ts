/**
 * A room's spectator count, told at most once per `everyMs`: the first change at once, those that
 * follow within the time together at its end. Each telling reaches every socket of the room, so a
 * crowd arriving one by one costs a frame per socket per second, not one per arrival.
 */
export class SpectatorNews {
  /** Rooms told within the time; true when a change has come since. */
  private readonly recent = new Map<string, { pending: boolean; timer: NodeJS.Timeout }>();
  private stopped = false;

  /** `tell` answers its own failures: a late telling has nobody to report to. */
  constructor(
    private readonly everyMs: number,
    private readonly tell: (roomId: string) => Promise<void>,
  ) {}

  /** The room's count changed: tells it now (the promise), or marks it for the end of the time. */
  changed(roomId: string): Promise<void> {
    if (this.stopped) return this.tell(roomId);
    const recent = this.recent.get(roomId);
    if (recent) {
      recent.pending = true;
      return Promise.resolve();
    }
    const timer = setTimeout(() => {
      const { pending } = this.recent.get(roomId)!;
      this.recent.delete(roomId);
      if (pending) void this.changed(roomId);
    }, this.everyMs);
    this.recent.set(roomId, { pending: false, timer });
    return this.tell(roomId);
  }

  /** At shutdown: no telling later; whatever changes now is told at once. */
  stop(): void {
    this.stopped = true;
    for (const { timer } of this.recent.values()) clearTimeout(timer);
    this.recent.clear();
  }
}

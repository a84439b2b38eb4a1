// A snapshot is loaded on first use (a CLI command that never relays pays nothing) and reloaded by its epoch
// listener only once it exists. A failed load is forgotten, so the next use tries again.
export class LazyLoad {
  private ready: Promise<void> | undefined;
  private generation = 0;
  /**
   * Loaded, and no reload under way: the snapshot may be read without waiting. The relay's hot path checks this
   * instead of awaiting `ensure()` on every call (a promise and a turn of the microtask queue each).
   */
  current = false;

  constructor(private readonly load: () => Promise<void>) {}

  ensure(): Promise<void> {
    if (!this.ready) {
      const gen = ++this.generation;
      this.ready = this.load().then(
        () => {
          if (gen === this.generation) this.current = true;
        },
        (e: unknown) => {
          this.ready = undefined;
          throw e;
        },
      );
    }
    return this.ready;
  }

  /**
   * For the epoch listener when it knows which rows changed: once loaded, runs `apply` to re-read just those rows
   * into the snapshot (a full load when that fails). As during a reload, readers wait for it.
   */
  patch(apply: () => Promise<void>): Promise<void> {
    return this.replace(() => apply().catch(() => this.load()));
  }

  /** For the epoch listener: reload when loaded before, else leave it to the first use. */
  refresh(): Promise<void> {
    return this.replace(() => this.load());
  }

  private async replace(work: () => Promise<void>): Promise<void> {
    if (!this.ready) return;
    this.current = false;
    const gen = ++this.generation;
    await this.ready.catch(() => undefined);
    const next = work();
    // a failed reload keeps serving the snapshot it has
    this.ready = next.then(
      () => undefined,
      () => undefined,
    ).then(() => {
      if (gen === this.generation) this.current = true;
    });
    await next;
  }
}

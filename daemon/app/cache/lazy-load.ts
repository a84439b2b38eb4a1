// A snapshot is loaded on first use (a CLI command that never relays pays nothing) and reloaded by its epoch
// listener only once it exists. A failed load is forgotten, so the next use tries again.
export class LazyLoad {
  private ready: Promise<void> | undefined;

  constructor(private readonly load: () => Promise<void>) {}

  ensure(): Promise<void> {
    this.ready ??= this.load().catch((e: unknown) => {
      this.ready = undefined;
      throw e;
    });
    return this.ready;
  }

  /** For the epoch listener: reload when loaded before, else leave it to the first use. */
  async refresh(): Promise<void> {
    if (!this.ready) return;
    await this.ready.catch(() => undefined);
    const next = this.load();
    this.ready = next.catch(() => undefined);
    await next;
  }
}

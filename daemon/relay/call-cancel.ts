// A relay call's cancellation: the client went away, so the upstream request stops. Node's AbortController builds
// an EventTarget per signal, a measurable share of a relay call's CPU; the hot path needs only `aborted` and one
// listener. A real AbortSignal is made only when a platform API asks for one (media downloads).

export interface CallSignal {
  readonly aborted: boolean;
  /** Runs `fn` once on abort (not if already aborted: check `aborted` first); returns its removal. */
  onAbort(fn: () => void): () => void;
}

export class CallCancel implements CallSignal {
  aborted = false;
  private listeners: Array<() => void> | null = null;
  private ctl: AbortController | null = null;

  abort(): void {
    if (this.aborted) return;
    this.aborted = true;
    const listeners = this.listeners;
    this.listeners = null;
    if (listeners) for (const fn of listeners) fn();
    this.ctl?.abort();
  }

  onAbort(fn: () => void): () => void {
    if (this.aborted) return noop;
    (this.listeners ??= []).push(fn);
    return () => {
      const i = this.listeners?.indexOf(fn) ?? -1;
      if (i >= 0) this.listeners!.splice(i, 1);
    };
  }

  /** A platform AbortSignal that follows this one, made on first use. */
  get signal(): AbortSignal {
    if (!this.ctl) {
      this.ctl = new AbortController();
      if (this.aborted) this.ctl.abort();
    }
    return this.ctl.signal;
  }
}

const noop = () => {};

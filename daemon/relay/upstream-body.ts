// An upstream answer's body as undici's dispatch handler delivers it: a queue of chunks, read by async iteration (a
// stream relayed as it arrives) or collected whole (an answer read at once). It replaces undici's request() body,
// a Readable stream with an AsyncResource behind it, which cost more per call than the rest of the upstream leg.
// Backpressure: the socket is paused while more than HIGH_WATER bytes wait unread, and resumed once they are read.

const HIGH_WATER = 64 * 1024;

export class UpstreamBodyDestroyed extends Error {
  constructor() {
    super('upstream body destroyed');
    this.name = 'AbortError';
  }
}

type Waiter = { resolve(r: IteratorResult<Buffer>): void; reject(e: Error): void };
type Collector = { limit: number; resolve(b: Buffer): void; reject(e: Error): void; tooLarge(): Error };

export class UpstreamBody implements AsyncIterable<Buffer>, AsyncIterator<Buffer> {
  private queue: Buffer[] = [];
  private queued = 0;
  private size = 0;
  private paused = false;
  private ended = false;
  private failure: Error | null = null;
  private waiter: Waiter | null = null;
  private collector: Collector | null = null;

  /** `abort`: ends the upstream request (a no-op once it completed); `resume`: restarts a paused socket. */
  constructor(
    private readonly abort: (e: Error) => void,
    private readonly resume: () => void,
  ) {}

  get destroyed(): boolean {
    return this.ended || this.failure !== null;
  }

  // ---- the dispatch handler's side ----

  /** A chunk arrived; false pauses the socket. */
  push(chunk: Buffer): boolean {
    if (this.destroyed) return true;
    const w = this.waiter;
    if (w) {
      this.waiter = null;
      w.resolve({ value: chunk, done: false });
      return true;
    }
    this.size += chunk.length;
    const c = this.collector;
    if (c && this.size > c.limit) {
      const e = c.tooLarge();
      this.fail(e);
      this.abort(e);
      return false;
    }
    this.queue.push(chunk);
    this.queued += chunk.length;
    if (c || this.queued <= HIGH_WATER) return true;
    this.paused = true;
    return false;
  }

  end(): void {
    if (this.destroyed) return;
    this.ended = true;
    const c = this.collector;
    if (c) {
      this.collector = null;
      c.resolve(this.queue.length === 1 ? this.queue[0] : Buffer.concat(this.queue));
      this.queue = [];
      return;
    }
    const w = this.waiter;
    if (w) {
      this.waiter = null;
      w.resolve({ value: undefined, done: true });
    }
  }

  fail(e: Error): void {
    if (this.destroyed) return;
    this.failure = e;
    this.queue = [];
    const c = this.collector;
    if (c) {
      this.collector = null;
      c.reject(e);
    }
    const w = this.waiter;
    if (w) {
      this.waiter = null;
      w.reject(e);
    }
  }

  // ---- the reader's side ----

  /** The next chunk; everything queued comes as one, as a Readable's read() gives it (fewer, larger writes under load). */
  next(): Promise<IteratorResult<Buffer>> {
    if (this.queue.length) {
      const value = this.queue.length === 1 ? this.queue[0] : Buffer.concat(this.queue);
      this.queue = [];
      this.queued = 0;
      if (this.paused) {
        this.paused = false;
        this.resume();
      }
      return Promise.resolve({ value, done: false });
    }
    if (this.failure) return Promise.reject(this.failure);
    if (this.ended) return Promise.resolve({ value: undefined, done: true });
    return new Promise((resolve, reject) => {
      this.waiter = { resolve, reject };
    });
  }

  /** A `for await` left early: the rest is not wanted. */
  return(): Promise<IteratorResult<Buffer>> {
    this.destroy();
    return Promise.resolve({ value: undefined, done: true });
  }

  [Symbol.asyncIterator](): AsyncIterator<Buffer> {
    return this;
  }

  /** The whole body, rejected with `tooLarge()` once more than `limit` bytes arrived (the request is then aborted). */
  collect(limit: number, tooLarge: () => Error): Promise<Buffer> {
    if (this.failure) return Promise.reject(this.failure);
    if (this.size > limit) {
      const e = tooLarge();
      this.destroy(e);
      return Promise.reject(e);
    }
    if (this.ended) return Promise.resolve(this.queue.length === 1 ? this.queue[0] : Buffer.concat(this.queue));
    if (this.paused) {
      this.paused = false;
      this.resume();
    }
    return new Promise((resolve, reject) => {
      this.collector = { limit, resolve, reject, tooLarge };
    });
  }

  /** Drops what is left and aborts the upstream request if it is still running. */
  destroy(e: Error = new UpstreamBodyDestroyed()): void {
    if (this.destroyed) return;
    this.fail(e);
    this.abort(e);
  }
}


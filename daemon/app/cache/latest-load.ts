// Snapshot loads may overlap (a poll, and the refresh after a local write): one that started earlier must not finish
// last and put back older values. Take a ticket before reading; apply the result only if `mayApply` says so.
export class LatestLoad {
  private started = 0;
  private applied = 0;

  ticket(): number {
    return ++this.started;
  }

  /** True when no load that started later has been applied; records this one as applied. */
  mayApply(ticket: number): boolean {
    if (ticket < this.applied) return false;
    this.applied = ticket;
    return true;
  }
}

/**
 * What the books start after answering an operator (a run, a snapshot): kept, so that closing the app
 * waits for it to finish rather than leaving a run "running" over a closed database, and so that a
 * test can wait for it before it looks at the tables.
 */
export class BackgroundWork {
  private readonly pending = new Set<Promise<unknown>>();

  /** Runs `work` without waiting for it; its own failure handling must already be inside. */
  start(work: () => Promise<unknown>): void {
    const running = work().finally(() => this.pending.delete(running));
    this.pending.add(running);
  }

  /** Resolves once nothing started here is still going (including what was started meanwhile). */
  async settled(): Promise<void> {
    while (this.pending.size > 0) await Promise.allSettled([...this.pending]);
  }
}

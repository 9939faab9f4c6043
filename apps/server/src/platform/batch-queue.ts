interface Waiting<I, R> {
  item: I;
  resolve: (result: R) => void;
  reject: (reason: unknown) => void;
}

export interface BatchQueueOptions {
  /** The most items one batch takes. */
  maxBatch: number;
  /** Batches in flight together. */
  lanes: number;
  /**
   * When idle, wait for the next turn of the event loop before writing, so requests read in the same
   * turn share the first batch; otherwise a lone item is written at once.
   */
  gatherOneTurn?: boolean;
}

/**
 * Groups work that arrives while earlier work is being written into shared batches (as TigerBeetle
 * batches transfers): under load, many items cost one transaction and one commit. `writeBatch`
 * answers each item of a batch in order; each caller gets its own item's answer.
 */
export class BatchQueue<I, R> {
  private waiting: Array<Waiting<I, R>> = [];
  private running = 0;

  constructor(
    private readonly writeBatch: (items: I[]) => Promise<Array<PromiseSettledResult<R>>>,
    private readonly options: BatchQueueOptions,
  ) {}

  submit(item: I): Promise<R> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ item, resolve, reject });
      if (!this.options.gatherOneTurn) this.pump();
      else if (this.waiting.length === 1 && this.running < this.options.lanes) setImmediate(() => this.pump());
    });
  }

  private pump() {
    while (this.running < this.options.lanes && this.waiting.length > 0) {
      const batch = this.waiting.splice(0, this.options.maxBatch);
      this.running += 1;
      void this.write(batch).finally(() => {
        this.running -= 1;
        this.pump();
      });
    }
  }

  private async write(batch: Array<Waiting<I, R>>) {
    try {
      const results = await this.writeBatch(batch.map((w) => w.item));
      results.forEach((result, i) => {
        const waiter = batch[i] as Waiting<I, R>;
        if (result.status === 'fulfilled') waiter.resolve(result.value);
        else waiter.reject(result.reason);
      });
    } catch (error) {
      for (const waiter of batch) waiter.reject(error);
    }
  }
}

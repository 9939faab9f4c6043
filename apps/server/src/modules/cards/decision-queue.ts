import { type DecisionItem, type DecisionResult, decideBatch } from './authorizations';
import type { CardDeps } from './deps';

interface Waiting {
  item: DecisionItem;
  resolve: (result: DecisionResult) => void;
  reject: (reason: unknown) => void;
}

/**
 * Groups authorization decisions that arrive while earlier ones are being written into shared
 * transactions, as the ledger's PostingQueue groups postings (and TigerBeetle batches transfers): in
 * arrival order, each card's decisions one after another against its running balance, one COMMIT for
 * the batch. A lone decision is written at once, so a quiet system pays no waiting time. Each waiter
 * is answered only after its batch committed (or, if the batch failed, after its own retry).
 */
export class DecisionQueue {
  private waiting: Waiting[] = [];
  private running = 0;

  constructor(
    private readonly deps: CardDeps,
    private readonly options = { maxBatch: 256, lanes: 1 },
  ) {}

  submit(item: DecisionItem): Promise<DecisionResult> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ item, resolve, reject });
      // When idle, start on the next turn of the event loop: requests read in the same turn share the batch.
      if (this.waiting.length === 1 && this.running < this.options.lanes) setImmediate(() => this.pump());
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

  private async write(batch: Waiting[]) {
    try {
      const results = await decideBatch(
        this.deps,
        batch.map((w) => w.item),
      );
      results.forEach((result, i) => {
        const waiter = batch[i] as Waiting;
        if (result.status === 'fulfilled') waiter.resolve(result.value);
        else waiter.reject(result.reason);
      });
    } catch (error) {
      for (const waiter of batch) waiter.reject(error);
    }
  }
}

import type { Db } from '../../platform/db/database';
import { type Posting, type PostingResult, postBatch } from './ledger';

interface Waiting {
  posting: Posting;
  resolve: (result: PostingResult) => void;
  reject: (reason: unknown) => void;
}

/**
 * Groups postings that arrive while earlier ones are being written into shared transactions (as
 * TigerBeetle batches transfers): under load, many postings cost one commit and one lock per account.
 * A lone posting is written at once, so a quiet system pays no waiting time. `lanes` batches may be
 * in flight together; they lock accounts in the same order, so they queue rather than deadlock.
 */
export class PostingQueue {
  private waiting: Waiting[] = [];
  private running = 0;

  constructor(
    private readonly db: Db,
    private readonly options = { maxBatch: 128, lanes: 1 },
  ) {}

  submit(posting: Posting): Promise<PostingResult> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ posting, resolve, reject });
      this.pump();
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
      const results = await postBatch(
        this.db,
        batch.map((w) => w.posting),
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

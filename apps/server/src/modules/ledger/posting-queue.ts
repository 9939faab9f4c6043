import { BatchQueue, type BatchQueueOptions } from '../../platform/batch-queue';
import type { Db } from '../../platform/db/database';
import { postBatch } from './batch';
import type { Posting, PostingResult } from './postings';

/**
 * Postings that arrive together share transactions: under load, many postings cost one commit and
 * one lock per account. `lanes` batches may be in flight together; they lock accounts in the same
 * order, so they queue rather than deadlock.
 */
export class PostingQueue extends BatchQueue<Posting, PostingResult> {
  constructor(db: Db, options: BatchQueueOptions = { maxBatch: 128, lanes: 1 }) {
    super((postings) => postBatch(db, postings), options);
  }
}

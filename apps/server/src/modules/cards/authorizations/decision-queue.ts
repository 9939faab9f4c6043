import { BatchQueue } from '../../../platform/batch-queue';
import type { CardDeps } from '../deps';
import { DecidedCards } from './decided-cards';
import { decideBatch } from './service';
import type { DecisionItem, DecisionResult } from './types';

/**
 * Authorization decisions that arrive while earlier ones are being written share a transaction (see
 * decideBatch): in arrival order, each card's decisions one after another against its running
 * balance, one COMMIT for the batch. Each waiter is answered only after its batch committed (or, if
 * the batch failed, after its own retry).
 */
export class DecisionQueue extends BatchQueue<DecisionItem, DecisionResult> {
  constructor(deps: CardDeps, options = { maxBatch: 256, lanes: 1, gatherOneTurn: true }) {
    const known = new DecidedCards();
    super((items) => decideBatch(deps, items, known), options);
  }
}

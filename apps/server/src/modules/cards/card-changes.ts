import { publishChange } from '../../platform/changes';
import { afterCommit } from '../../platform/db/after-commit';
import type { Executor } from '../../platform/db/database';

/**
 * Every write to a member's cards, their card transactions or their KYC calls this, so the cached card
 * list and transaction pages (ADR 0004) are dropped on every server once the write commits.
 */
export function cardsChanged(db: Executor, userIds: Iterable<string>): void {
  const ids = [...new Set(userIds)];
  if (ids.length > 0) afterCommit(db, () => publishChange({ topic: 'cards', userIds: ids }));
}

/** The catalogue changed: every card shows its product's name and fees. */
export function cardProductsChanged(db: Executor): void {
  afterCommit(db, () => publishChange({ topic: 'cardProducts' }));
}

import type { Withdrawal } from '@wallet/contract';

// On chain a withdrawal moves within seconds; a review waits for a person.
const ON_CHAIN: ReadonlyArray<Withdrawal['status']> = ['approved', 'sending', 'confirming'];

/** How often to look again: often while it is on its way on chain, now and then under review, never once it ended. */
export function withdrawalRefetchMs(status: Withdrawal['status'] | undefined): number | false {
  if (status === undefined) return false;
  if (ON_CHAIN.includes(status)) return 3_000;
  return status === 'pending_review' ? 30_000 : false;
}

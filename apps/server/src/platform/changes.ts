/**
 * What changed, as far as read caches and live streams care: the users whose balances, sessions,
 * profile, notifications, support tickets or cards (a card's state, its transactions, the holder's
 * KYC) changed, or the exchange rates or the card catalogue, which everyone reads. Published after
 * commit (see db/after-commit.ts) by the one module that writes each of them; the change feed
 * forwards it to this process's caches and to other servers.
 */
export type Change =
  | { topic: 'balances' | 'sessions' | 'profile' | 'notifications' | 'tickets' | 'cards'; userIds: string[] }
  | { topic: 'rates' | 'cardProducts' };

type Listener = (change: Change) => void;
const listeners = new Set<Listener>();

export function publishChange(change: Change): void {
  for (const listener of listeners) listener(change);
}

/** Returns the unsubscribe function. */
export function onChange(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

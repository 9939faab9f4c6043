/**
 * What changed, as far as read caches and live streams care: the users whose balances, sessions,
 * profile, notifications or support tickets changed, or the exchange rates. Published after commit (see db/after-commit.ts) by the one module that
 * writes each of them; the change feed forwards it to this process's caches and to other servers.
 */
export type Change = { topic: 'balances' | 'sessions' | 'profile' | 'notifications' | 'tickets'; userIds: string[] } | { topic: 'rates' };

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

/**
 * The query keys that more than one feature reads or invalidates: a change in one domain refreshes
 * another's data through them, and features do not import each other. Each domain's other keys stay
 * in its own api/ files.
 */

/** Every wallet query starts with this, so one invalidation refreshes balances and records after money moves. */
export const WALLET_QUERY_KEY = ['wallet'] as const;
export const ME_QUERY_KEY = ['account', 'me'] as const;
export const CARDS_QUERY_KEY = ['cards'] as const;
export const NOTIFICATIONS_QUERY_KEY = ['notifications'] as const;
export const SECOND_FACTOR_QUERY_KEY = ['account', 'second-factor'] as const;

import type { PayeeKind } from '@wallet/contract';

/** Every flash exchange query starts with this, so one invalidation refreshes them all. */
export const PAYOUT_QUERY_KEY = ['payout'] as const;
export const TERMS_QUERY_KEY = [...PAYOUT_QUERY_KEY, 'terms'] as const;
export const PAYEES_QUERY_KEY = [...PAYOUT_QUERY_KEY, 'payees'] as const;
export const payeesQueryKey = (kind: PayeeKind) => [...PAYEES_QUERY_KEY, kind] as const;
export const ORDERS_QUERY_KEY = [...PAYOUT_QUERY_KEY, 'orders'] as const;
export const orderQueryKey = (id: string) => [...PAYOUT_QUERY_KEY, 'order', id] as const;

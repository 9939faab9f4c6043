import type { PayoutStatus } from '@wallet/contract';

/** How often an order still in progress is asked for again while its screen is open. */
export const ORDER_POLL_MS = 2000;

/** Asked for again while the payout is on its way, and no more once it arrived or was rejected. */
export const orderRefetchMs = (status: PayoutStatus | undefined): number | false => (status === 'in_progress' ? ORDER_POLL_MS : false);

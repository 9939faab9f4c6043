import { WEBHOOK_TOLERANCE_SECONDS } from '../../platform/webhook-signature';
import type { PayoutDeps } from './deps';
import * as q from './order-queries';

/** Where the partner posts its status webhooks (webhook-routes.ts); the sandbox partner is told it. */
export const PAYOUT_WEBHOOK_PATH = '/api/v1/payout/webhooks/partner';

/** Deliveries older than the tolerance can no longer pass the timestamp check, so their signatures can go. */
export const pruneDeliveries = (deps: PayoutDeps) =>
  q.pruneDeliveries(deps.db, new Date(Date.now() - 2 * WEBHOOK_TOLERANCE_SECONDS * 1000));

import { createHmac, randomBytes } from 'node:crypto';

/**
 * Webhook signature in the manner of Stripe, plus a delivery id:
 * `t=<unix seconds>,d=<delivery id>,v1=<hex HMAC-SHA256 of "t.d.body">`. Signing the timestamp lets the
 * receiver refuse old deliveries; signing a fresh delivery id per attempt lets it refuse a captured
 * delivery sent again while accepting the issuer's own retries of the same event, even within a second.
 */
export function signatureHeader(secret: string, body: string, timestamp: number, deliveryId = randomBytes(12).toString('hex')): string {
  const mac = createHmac('sha256', secret).update(`${timestamp}.${deliveryId}.${body}`).digest('hex');
  return `t=${timestamp},d=${deliveryId},v1=${mac}`;
}

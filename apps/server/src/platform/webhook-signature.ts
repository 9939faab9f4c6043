import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { AppError } from './errors';

/** Deliveries older (or further in the future) than this are refused: a captured request cannot be replayed later. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

export const WEBHOOK_SIGNATURE_HEADER = 'x-webhook-signature';

/** The text the HMAC covers: the verifier signs it and the API document names it, so the two cannot differ. */
export const signedWebhookText = (timestamp: string, deliveryId: string, body: string) => `${timestamp}.${deliveryId}.${body}`;

/** The header's form, as partners read it in the API document. */
export const WEBHOOK_SIGNATURE_SCHEME = `t=<unix seconds>,d=<delivery id>,v1=<hex of HMAC-SHA256(secret, "${signedWebhookText('t', 'd', 'body')}")>`;

/** What the webhook routes tell partners in the API document about signing a delivery. */
export const WEBHOOK_SIGNATURE_DESCRIPTION =
  `Signed in ${WEBHOOK_SIGNATURE_HEADER}: ${WEBHOOK_SIGNATURE_SCHEME}, where body is the exact request body ` +
  `(several v1 values are accepted while a secret is rotated). A delivery older than ${WEBHOOK_TOLERANCE_SECONDS} s ` +
  'is refused, and the same delivery is accepted once.';

/** The header of a signed webhook; a signature longer than several rotated v1 values is no signature. */
export const webhookHeadersSchema = z.object({ [WEBHOOK_SIGNATURE_HEADER]: z.string().max(1000).optional() });

/**
 * Checks the signature header of WEBHOOK_SIGNATURE_SCHEME (several v1 values are allowed while a
 * secret is rotated). Returns the delivery's identity (time, delivery id), which the caller records
 * to refuse the same delivery twice.
 */
export function verifyWebhookSignature(secret: string, header: string | undefined, rawBody: string, nowMs: number): string {
  if (!header) throw new AppError('WEBHOOK_SIGNATURE_INVALID');
  const parts = header.split(',').map((p) => p.trim());
  const t = parts.find((p) => p.startsWith('t='))?.slice(2);
  const d = parts.find((p) => p.startsWith('d='))?.slice(2);
  const candidates = parts.filter((p) => p.startsWith('v1=')).map((p) => p.slice(3));
  if (!t || !/^\d{1,12}$/.test(t) || !d || !/^[A-Za-z0-9_-]{8,64}$/.test(d) || candidates.length === 0)
    throw new AppError('WEBHOOK_SIGNATURE_INVALID');
  // The signature is checked before the age, so an unsigned caller learns nothing about timing.
  const expected = createHmac('sha256', secret)
    .update(signedWebhookText(t, d, rawBody))
    .digest();
  const match = candidates.find((c) => {
    if (!/^[0-9a-f]{64}$/.test(c)) return false;
    return timingSafeEqual(Buffer.from(c, 'hex'), expected);
  });
  if (!match) throw new AppError('WEBHOOK_SIGNATURE_INVALID');
  if (Math.abs(nowMs / 1000 - Number(t)) > WEBHOOK_TOLERANCE_SECONDS) throw new AppError('WEBHOOK_TIMESTAMP_STALE');
  return `${t}:${d}`;
}

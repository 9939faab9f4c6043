import { createHmac } from 'node:crypto';
import type { Config } from '../../platform/config';

/**
 * The fingerprint of a card number (cards.number_fingerprint): an HMAC-SHA-256 of its digits under the
 * server secret, so the same physical card bound by two members is found (an abuse signal of the
 * invitation programme) while the table never holds the number, nor anything that can be reversed
 * without the secret (a plain hash of 16 digits with a known prefix falls to a search). The label
 * keeps these hashes apart from anything else keyed by APP_SECRET.
 */
export function cardNumberFingerprint(config: Pick<Config, 'APP_SECRET'>, digits: string): Buffer {
  return createHmac('sha256', config.APP_SECRET)
    .update(`card-number\0${digits.replace(/\D/g, '')}`, 'utf8')
    .digest();
}

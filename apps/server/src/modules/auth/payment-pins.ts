import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Config } from '../../platform/config';
import { keyring } from '../../platform/secret-box';
import { verifySecret } from './passwords';

const SCHEME = 'hmac-sha256';
const ARGON2_PREFIX = '$argon2';

/** A check's verdict, and the stored form to write in its place when the PIN was right but stored the old way. */
export type PinCheck = { ok: boolean; rehash: string | null };

/**
 * The payment password (a six-digit PIN) stored as HMAC-SHA-256 under a key held outside the database
 * (ADR 0015): `hmac-sha256$<key id>$<base64url mac>` of the member's id and the PIN. With 10^6 PINs a
 * slow hash cannot stop an offline guess of one member's PIN once the table and the method are known,
 * while costing 17 ms of CPU per check; without the key the table gives nothing to guess against.
 * The member's id in the message keeps two members' equal PINs apart. The secret limiter stays the
 * real protection online.
 *
 * Keys carry ids for rotation, as the other sealing keys do: new hashes use the current key, old ones
 * still check under theirs, and a right PIN under an old key (or an argon2id hash from before) is
 * answered with the hash to store instead.
 */
export class PaymentPins {
  private readonly keys: ReadonlyMap<string, Buffer>;

  constructor(
    keys: Record<string, string>,
    readonly currentKeyId: string,
  ) {
    this.keys = keyring(keys, currentKeyId, 'payment pins');
  }

  hash(userId: string, pin: string): string {
    return `${SCHEME}$${this.currentKeyId}$${this.mac(this.currentKeyId, userId, pin).toString('base64url')}`;
  }

  async check(userId: string, stored: string, pin: string): Promise<PinCheck> {
    if (stored.startsWith(ARGON2_PREFIX)) {
      const ok = await verifySecret(stored, pin);
      return { ok, rehash: ok ? this.hash(userId, pin) : null };
    }
    const [scheme, keyId, encoded] = stored.split('$');
    if (scheme !== SCHEME || !keyId || !encoded || !this.keys.has(keyId)) return { ok: false, rehash: null };
    const expected = Buffer.from(encoded, 'base64url');
    const actual = this.mac(keyId, userId, pin);
    const ok = expected.length === actual.length && timingSafeEqual(expected, actual);
    return { ok, rehash: ok && keyId !== this.currentKeyId ? this.hash(userId, pin) : null };
  }

  private mac(keyId: string, userId: string, pin: string): Buffer {
    const key = this.keys.get(keyId) as Buffer;
    // Length-prefixed so no id and PIN pair can read as another.
    return createHmac('sha256', key).update(`${userId.length}:${userId}:${pin}`, 'utf8').digest();
  }
}

export function paymentPinsFrom(config: Pick<Config, 'PAYMENT_PIN_KEYS' | 'PAYMENT_PIN_KEY_ID'>): PaymentPins {
  return new PaymentPins(config.PAYMENT_PIN_KEYS, config.PAYMENT_PIN_KEY_ID);
}

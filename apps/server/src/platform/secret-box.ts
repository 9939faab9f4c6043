import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * Keys of 32 bytes by id, from their base64 (a sealingKeys setting), one of them the current one.
 * Throws, naming `user`, when a key is not 32 bytes or the current id is not among them.
 */
export function keyring(keys: Record<string, string>, currentKeyId: string, user: string): ReadonlyMap<string, Buffer> {
  const ring = new Map(Object.entries(keys).map(([id, base64]) => [id, Buffer.from(base64, 'base64')]));
  for (const [id, key] of ring) if (key.length !== 32) throw new Error(`${user}: key ${id} must be 32 bytes (base64)`);
  if (!ring.has(currentKeyId)) throw new Error(`${user}: no key named ${currentKeyId}`);
  return ring;
}

/**
 * AES-256-GCM for data that must be readable again but never sit in the database in clear (payee ID
 * and account numbers). Each sealed value names the key it was sealed with, so keys can be rotated:
 * new values use the current key, old ones open with theirs until re-sealed. The additional data
 * (e.g. the row's id) binds a value to its row: a value copied into another row does not open.
 */
export class SecretBox {
  private readonly keys: ReadonlyMap<string, Buffer>;

  constructor(
    keys: Record<string, string>,
    readonly currentKeyId: string,
  ) {
    this.keys = keyring(keys, currentKeyId, 'secret box');
  }

  /** iv | tag | ciphertext, under the current key. */
  seal(plaintext: string, aad: string): { keyId: string; sealed: Buffer } {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.key(this.currentKeyId), iv);
    cipher.setAAD(Buffer.from(aad, 'utf8'));
    const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return { keyId: this.currentKeyId, sealed: Buffer.concat([iv, cipher.getAuthTag(), body]) };
  }

  /** Throws when the value was altered, sealed for other additional data, or its key is gone. */
  open(keyId: string, sealed: Buffer, aad: string): string {
    const decipher = createDecipheriv('aes-256-gcm', this.key(keyId), sealed.subarray(0, IV_BYTES));
    decipher.setAuthTag(sealed.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
    decipher.setAAD(Buffer.from(aad, 'utf8'));
    return Buffer.concat([decipher.update(sealed.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
  }

  private key(id: string): Buffer {
    const key = this.keys.get(id);
    if (!key) throw new Error(`secret box: no key named ${id}`);
    return key;
  }
}

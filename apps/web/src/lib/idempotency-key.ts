/**
 * A fresh Idempotency-Key for one money-moving attempt: 128 random bits as hex. Built from
 * getRandomValues rather than randomUUID, which browsers offer only on https or localhost (a phone
 * opening the app by its LAN address has neither).
 */
export function newIdempotencyKey(random: (bytes: Uint8Array) => Uint8Array = (bytes) => crypto.getRandomValues(bytes)): string {
  const bytes = random(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

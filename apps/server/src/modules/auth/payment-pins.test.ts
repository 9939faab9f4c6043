import { createHash, createHmac, randomBytes, randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { hashSecret } from './passwords';
import { PaymentPins } from './payment-pins';

const key = () => randomBytes(32).toString('base64');
const allPins = function* () {
  for (let n = 0; n < 1_000_000; n++) yield n.toString().padStart(6, '0');
};

describe('payment pins', () => {
  it('checks the right PIN, refuses any other and another member with the same PIN', async () => {
    const pins = new PaymentPins({ k1: key() }, 'k1');
    const [alice, bob] = [randomUUID(), randomUUID()];
    const stored = pins.hash(alice, '135790');
    expect(await pins.check(alice, stored, '135790')).toEqual({ ok: true, rehash: null });
    expect(await pins.check(alice, stored, '135791')).toEqual({ ok: false, rehash: null });
    // Equal PINs of two members are stored apart, and one's hash does not open the other's.
    expect(pins.hash(bob, '135790')).not.toBe(stored);
    expect((await pins.check(bob, stored, '135790')).ok).toBe(false);
    for (const broken of ['', 'hmac-sha256$k1$', 'hmac-sha256$k9$abc', `sha256$k1$${stored.split('$')[2]}`, stored.slice(0, -2)])
      expect((await pins.check(alice, broken, '135790')).ok, broken).toBe(false);
  });

  it('gives a leaked table nothing to match without the key; with it, the PIN space as before', () => {
    const pins = new PaymentPins({ k1: key() }, 'k1');
    const member = { id: randomUUID(), pin: String(100_000 + Math.floor(Math.random() * 900_000)) };
    const stored = pins.hash(member.id, member.pin);
    const leaked = stored.split('$')[2];
    const guessedKey = Buffer.from(key(), 'base64');
    // What an attacker holding the table and this code, but not the key, can compute for every PIN.
    let matches = 0;
    for (const pin of allPins()) {
      const message = `${member.id.length}:${member.id}:${pin}`;
      if (createHmac('sha256', guessedKey).update(message).digest('base64url') === leaked) matches += 1;
      if (createHash('sha256').update(message).digest('base64url') === leaked) matches += 1;
    }
    expect(matches).toBe(0);
    // With the key too, the search over the 10^6 PINs finds it, as it did with argon2id (only slower there).
    let found: string | undefined;
    for (const pin of allPins()) {
      if (pins.hash(member.id, pin) === stored) {
        found = pin;
        break;
      }
    }
    expect(found).toBe(member.pin);
  }, 120_000);

  it('rotates: a hash under an older key still checks, and a right PIN is answered with one under the current key', async () => {
    const keys = { old: key(), new: key() };
    const before = new PaymentPins({ old: keys.old }, 'old');
    const after = new PaymentPins(keys, 'new');
    const id = randomUUID();
    const stored = before.hash(id, '246802');
    expect(stored.startsWith('hmac-sha256$old$')).toBe(true);
    expect(await after.check(id, stored, '000000')).toEqual({ ok: false, rehash: null });
    const right = await after.check(id, stored, '246802');
    expect(right.ok).toBe(true);
    expect(right.rehash).toBe(after.hash(id, '246802'));
    expect(right.rehash?.startsWith('hmac-sha256$new$')).toBe(true);
    expect(await after.check(id, right.rehash as string, '246802')).toEqual({ ok: true, rehash: null });
    // A key taken out of the list no longer opens what it made.
    expect((await new PaymentPins({ new: keys.new }, 'new').check(id, stored, '246802')).ok).toBe(false);
  });

  it('answers a right PIN stored as argon2id with its keyed hash, and a wrong one with nothing', async () => {
    const pins = new PaymentPins({ k1: key() }, 'k1');
    const id = randomUUID();
    const old = await hashSecret('135790');
    expect(await pins.check(id, old, '000000')).toEqual({ ok: false, rehash: null });
    expect(await pins.check(id, old, '135790')).toEqual({ ok: true, rehash: pins.hash(id, '135790') });
  });

  it('refuses a key that is not 32 bytes, or a current key id it does not have', () => {
    expect(() => new PaymentPins({ k1: randomBytes(16).toString('base64') }, 'k1')).toThrow(/32 bytes/);
    expect(() => new PaymentPins({ k1: key() }, 'k2')).toThrow(/no key named k2/);
  });
});

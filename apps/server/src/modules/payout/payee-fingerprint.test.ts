import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../../test/clock';
import { addPayee, bankPayee, call, createPayoutWorld, fundedMember, type Member, type PayoutWorld, PIN } from '../../../test/payout';
import { fingerprintPayees, payeeAccountFingerprint } from './payee-fingerprint';

/** Payee account fingerprints (the invitation programme's abuse rules compare them): written on save, backfilled for older payees. */
let t: PayoutWorld;
let alice: Member;
let bob: Member;

beforeAll(async () => {
  t = await createPayoutWorld({ clock: new ManualClock(), partner: false });
  alice = await fundedMember(t, '0');
  bob = await fundedMember(t, '0');
});
afterAll(() => t?.close());

const fingerprintOf = async (id: string) =>
  (await t.database.handle.db.selectFrom('payees').select('account_fingerprint').where('id', '=', id).executeTakeFirstOrThrow())
    .account_fingerprint;

describe('payeeAccountFingerprint', () => {
  it('ignores how a number or an email is written, and not the kind, the account or the key', () => {
    const secret = 'a-secret-of-at-least-thirty-two-characters';
    const print = payeeAccountFingerprint(secret, 'bank', '6222021234567890123');
    expect(payeeAccountFingerprint(secret, 'bank', ' 6222 0212 3456 7890 123 ')).toEqual(print);
    expect(payeeAccountFingerprint(secret, 'bank', '6222021234567890124')).not.toEqual(print);
    expect(payeeAccountFingerprint(`${secret}!`, 'bank', '6222021234567890123')).not.toEqual(print);
    expect(payeeAccountFingerprint(secret, 'alipay', 'Zhang.San@QQ.com')).toEqual(
      payeeAccountFingerprint(secret, 'alipay', 'zhang.san@qq.com'),
    );
    expect(payeeAccountFingerprint(secret, 'alipay', '13800138000')).not.toEqual(payeeAccountFingerprint(secret, 'bank', '13800138000'));
    expect(print).toHaveLength(32);
  });
});

describe('saving a payee', () => {
  it('writes the same fingerprint for the same account saved by two members, under the server secret', async () => {
    const a = await addPayee(t, alice, bankPayee({ accountNumber: '6222 0212 3456 7890 123' }));
    const b = await addPayee(t, bob, bankPayee({ accountNumber: '6222021234567890123' }));
    const other = await addPayee(t, bob, bankPayee({ accountNumber: '6222029999999999999' }));
    const print = await fingerprintOf(a.id);
    expect(print).toEqual(payeeAccountFingerprint(t.deps.secret, 'bank', '6222021234567890123'));
    expect(await fingerprintOf(b.id)).toEqual(print);
    expect(await fingerprintOf(other.id)).not.toEqual(print);
  });

  it('rewrites it when the account changes', async () => {
    const saved = await addPayee(t, alice, bankPayee({ accountNumber: '6222021111111111111' }));
    const res = await call(t, alice, 'PUT', `/api/v1/payout/payees/${saved.id}`, {
      payee: bankPayee({ accountNumber: '6222022222222222222' }),
      paymentPassword: PIN,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await fingerprintOf(saved.id)).toEqual(payeeAccountFingerprint(t.deps.secret, 'bank', '6222022222222222222'));
  });
});

describe('fingerprintPayees', () => {
  it('fingerprints live payees saved without one by opening their sealed account, once', async () => {
    const db = t.database.handle.db;
    const saved = await addPayee(t, bob, bankPayee({ accountNumber: '6222023333333333333' }));
    const expected = await fingerprintOf(saved.id);
    await db.updateTable('payees').set({ account_fingerprint: null }).execute();
    const live = await db.selectFrom('payees').select('id').where('deleted_at', 'is', null).execute();
    expect(await fingerprintPayees(t.deps, 2)).toBe(live.length);
    expect(await fingerprintOf(saved.id)).toEqual(expected);
    expect(await fingerprintPayees(t.deps)).toBe(0);
  });
});

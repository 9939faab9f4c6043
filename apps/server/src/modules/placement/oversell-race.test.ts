import { Decimal } from '@wallet/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PIN } from '../../../test/accounts';
import { createTestApp, type TestApp } from '../../../test/app';
import { ManualClock } from '../../../test/clock';
import { cheapMembers, holdings, key, makeRound } from '../../../test/placement';
import { houseBalance, ledgerViolations, SYSTEM_PURPOSES } from '../ledger';

/**
 * The race: 500 members each buy 1 unit of the last 100 units of a round at the same instant.
 * Exactly 100 get one, the 400 others are refused and keep every cent, the round is sold out to the
 * unit, the desk received exactly 100 × price, and the ledger's invariants hold.
 */

const clock = new ManualClock();
let t: TestApp;
const db = () => t.database.handle.db;

beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(async () => {
  await t.close();
});

describe('the oversell race', () => {
  it('sells the last 100 units to exactly 100 of 500 buyers at once', { timeout: 120_000 }, async () => {
    const price = '0.37';
    const roundId = await makeRound(db(), clock.now(), { tiers: [{ quantity: '10000', price }], sold: '9900', max: '10' });
    const buyers = await cheapMembers(t, 500, '5', clock.now());
    const deskBefore = await houseBalance(db(), 'USDT', SYSTEM_PURPOSES.placementDesk);

    const replies = await Promise.all(
      buyers.map((buyer, index) =>
        t.app.inject({
          method: 'POST',
          url: `/api/v1/placement/rounds/${roundId}/purchases`,
          // Each its own address: the payment password's per-address limiter is not what is raced here.
          remoteAddress: `10.0.${Math.floor(index / 250)}.${(index % 250) + 1}`,
          headers: { ...buyer.headers, 'idempotency-key': key() },
          payload: { quantity: '1', expectedAmount: price, paymentPassword: PIN },
        }),
      ),
    );

    const won = buyers.filter((_, index) => replies[index]?.statusCode === 200);
    const refusals = replies.filter((r) => r.statusCode !== 200).map((r) => r.json().error.code as string);
    expect(won).toHaveLength(100);
    expect(new Set(refusals)).toEqual(new Set(['PLACEMENT_SOLD_OUT']));
    expect(refusals).toHaveLength(400);

    const round = await db()
      .selectFrom('placement_rounds')
      .select(['sold', 'total_quantity'])
      .where('id', '=', roundId)
      .executeTakeFirstOrThrow();
    expect(new Decimal(round.sold).toFixed()).toBe('10000');
    const wonIds = new Set(won.map((b) => b.id));
    for (const buyer of buyers) {
      const held = await holdings(db(), buyer.id);
      expect(held, buyer.uid).toEqual(
        wonIds.has(buyer.id) ? { sbcWallet: '0', placement: '1', usdt: '4.63' } : { sbcWallet: '0', placement: '0', usdt: '5' },
      );
    }
    const deskAfter = await houseBalance(db(), 'USDT', SYSTEM_PURPOSES.placementDesk);
    expect(new Decimal(deskAfter).minus(deskBefore).toFixed()).toBe(new Decimal(price).times(100).toFixed());
    const purchases = await db().selectFrom('placement_purchases').select(['user_id']).where('round_id', '=', roundId).execute();
    expect(new Set(purchases.map((p) => p.user_id))).toEqual(wonIds);
    expect(await ledgerViolations(db())).toEqual([]);
  });
});

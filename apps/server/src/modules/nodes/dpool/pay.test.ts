import { Decimal } from '@wallet/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/app';
import { ManualClock } from '../../../../test/clock';
import { seededRandom } from '../../../../test/concurrency-kit';
import { balanceOf, makeUser, system, wallet } from '../../../../test/ledger-fixtures';
import { ledgerViolations, SYSTEM_PURPOSES } from '../../ledger';
import { payPeriod, payRecordedPeriods } from './pay';
import { recordPeriod } from './record';

/**
 * The D-pool payment at the service level (issue 44): once per period however many runs, and fair
 * to the last unit over many periods, checked against exact rationals computed here with BigInt.
 * One app per file, periods paid in order: each test leaves every period it recorded paid.
 */
let t: TestApp;
const clock = new ManualClock(new Date('2026-12-05T08:00:00.000Z'));
const db = () => t.database.handle.db;

beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(() => t.close());

const record = (period: string, dpoolTotal: string) =>
  db()
    .transaction()
    .execute((trx) => recordPeriod(trx, null, { period, dpoolTotal, note: 'test period' }, clock.now()));

async function setLarge(userId: string, large: number) {
  await sql`insert into node_holdings (user_id, large) values (${userId}::uuid, ${large})
    on conflict (user_id) do update set large = excluded.large`.execute(db());
}

const poolBalance = async () => new Decimal(await balanceOf(db(), await system(db(), 'SBC', SYSTEM_PURPOSES.nodeRewardPool)));

async function carriesAndUnallocated() {
  const carries = await db()
    .selectFrom('node_reward_carries')
    .select(sql<string>`coalesce(sum(carry), 0)::text`.as('n'))
    .executeTakeFirstOrThrow();
  const unallocated = await db()
    .selectFrom('dpool_periods')
    .select(sql<string>`coalesce(sum(unallocated), 0)::text`.as('n'))
    .executeTakeFirstOrThrow();
  return new Decimal(carries.n).plus(unallocated.n);
}

describe('a period with no holders', () => {
  it('pays nothing and keeps its pool, recorded as unallocated', async () => {
    const { periodId } = await record('empty-1', '12.3456');
    expect(await payPeriod(db(), periodId, clock.now())).toBe(true);
    const period = await db().selectFrom('dpool_periods').selectAll().where('id', '=', periodId).executeTakeFirstOrThrow();
    expect(period.status).toBe('paid');
    expect(new Decimal(period.pool_amount).toFixed()).toBe('0.123456');
    expect(new Decimal(period.paid_total as string).toFixed()).toBe('0');
    expect(new Decimal(period.unallocated as string).toFixed()).toBe('0.123456');
    expect(period.merkle_root).toBeNull();
    expect((await poolBalance()).toFixed()).toBe('0.123456');
  });
});

describe('the pay job', () => {
  it('pays a period once, run twice in turn and twice at once', async () => {
    const holder = await makeUser(db());
    await setLarge(holder, 3);
    const first = await record('once-1', '100');
    const second = await record('once-2', '200');
    const atOnce = await Promise.all([payPeriod(db(), first.periodId, clock.now()), payPeriod(db(), first.periodId, clock.now())]);
    expect(atOnce.filter(Boolean)).toHaveLength(1);
    expect(await payPeriod(db(), first.periodId, clock.now())).toBe(false);
    const runs = await Promise.all([payRecordedPeriods(db(), () => clock.now()), payRecordedPeriods(db(), () => clock.now())]);
    expect(runs[0] + runs[1]).toBe(1);
    expect(await payRecordedPeriods(db(), () => clock.now())).toBe(0);
    expect(second.poolAmount).toBe('2');
    // The only holder: every whole unit of both pools, once.
    expect(await balanceOf(db(), await wallet(db(), holder, 'SBC'))).toMatch(/^3(\.0+)?$/);
    const lines = await db().selectFrom('node_rewards').select('amount').where('user_id', '=', holder).execute();
    expect(lines.map((l) => new Decimal(l.amount).toFixed()).sort()).toEqual(['1', '2']);
    await setLarge(holder, 0);
    expect(await ledgerViolations(db())).toEqual([]);
  });
});

/** An exact rational, numerator over denominator, in BigInt. */
type Fraction = { n: bigint; d: bigint };
const gcd = (a: bigint, b: bigint): bigint => (b === 0n ? (a < 0n ? -a : a) : gcd(b, a % b));
function add(x: Fraction, y: Fraction): Fraction {
  const n = x.n * y.d + y.n * x.d;
  const d = x.d * y.d;
  const g = gcd(n, d) || 1n;
  return { n: n / g, d: d / g };
}
const UNIT = 10n ** 8n;
/** A decimal with at most 8 places as a fraction over 1e8. */
const fractionOf = (value: string): Fraction => ({ n: BigInt(new Decimal(value).times(UNIT.toString()).toFixed(0)), d: UNIT });

describe('seven holders over a hundred periods', () => {
  it('pays each holder their exact share to within one unit, never more than the pools, and accounts for every remainder', async () => {
    const random = seededRandom(44);
    const holders = await Promise.all(Array.from({ length: 7 }, () => makeUser(db())));
    let large = [1, 2, 3, 5, 7, 11, 13];
    for (const [index, holder] of holders.entries()) await setLarge(holder, large[index] as number);
    const exact: Fraction[] = holders.map(() => ({ n: 0n, d: 1n }));
    const paid = holders.map(() => new Decimal(0));
    let pools = new Decimal(0);
    const balanceBefore = await poolBalance();
    const unallocatedBefore = await carriesAndUnallocated();

    for (let i = 0; i < 100; i += 1) {
      // Halfway the holdings change: the share follows each period's own snapshot.
      if (i === 50) {
        large = [4, 2, 3, 5, 7, 11, 1];
        for (const [index, holder] of holders.entries()) await setLarge(holder, large[index] as number);
      }
      // Totals of 0.0001 to 99.9999 SBC: 1% of them (up to 6 decimals) over 42 or 33 large nodes never divides evenly here.
      const total = new Decimal(random.int(1, 999_999)).div(10_000).toFixed();
      const { periodId, poolAmount } = await record(`fair-${i}`, total);
      expect(new Decimal(poolAmount).lte(new Decimal(total).div(100))).toBe(true);
      pools = pools.plus(poolAmount);
      expect(await payPeriod(db(), periodId, clock.now())).toBe(true);
      const sum = BigInt(large.reduce((s, n) => s + n, 0));
      const pool = fractionOf(poolAmount);
      for (const [index, n] of large.entries()) exact[index] = add(exact[index] as Fraction, { n: pool.n * BigInt(n), d: pool.d * sum });
      const lines = await db().selectFrom('node_rewards').select(['user_id', 'amount']).where('period_id', '=', periodId).execute();
      for (const line of lines) {
        const index = holders.indexOf(line.user_id);
        paid[index] = (paid[index] as Decimal).plus(line.amount);
      }
    }

    const paidTotal = paid.reduce((s, p) => s.plus(p), new Decimal(0));
    expect(paidTotal.lte(pools)).toBe(true);
    for (const [index, holder] of holders.entries()) {
      const mine = fractionOf((paid[index] as Decimal).toFixed());
      const share = exact[index] as Fraction;
      // paid ≤ exact < paid + 1e-8, compared exactly: mine.n/1e8 against share.n/share.d.
      expect(mine.n * share.d <= share.n * mine.d, `holder ${index} paid above their share`).toBe(true);
      expect((mine.n + 1n) * share.d > share.n * mine.d, `holder ${index} short by a unit or more`).toBe(true);
      expect(new Decimal(await balanceOf(db(), await wallet(db(), holder, 'SBC'))).toFixed()).toBe((paid[index] as Decimal).toFixed());
    }
    // Every SBC of the pools is paid, carried or left unallocated, and the pool account holds exactly the last two.
    const keptNow = (await carriesAndUnallocated()).minus(unallocatedBefore);
    expect(paidTotal.plus(keptNow).toFixed()).toBe(pools.toFixed());
    expect((await poolBalance()).toFixed()).toBe((await carriesAndUnallocated()).toFixed());
    expect((await poolBalance()).minus(balanceBefore).toFixed()).toBe(keptNow.toFixed());
    expect(await ledgerViolations(db())).toEqual([]);
  }, 120_000);
});

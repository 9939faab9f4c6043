import { randomUUID } from 'node:crypto';
import type { Currency } from '@wallet/contract';
import { Decimal } from '@wallet/contract';
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/database';
import { balanceOf, inbound, makeUser, system, wallet } from '../../../test/ledger-fixtures';
import type { Db } from '../../platform/db/database';
import { type Posting, post, SYSTEM_PURPOSES } from '.';
import { ledgerViolations } from './invariants';

let database: TestDatabase;
let db: Db;
beforeAll(async () => {
  database = await createTestDatabase();
  db = database.handle.db;
});
afterAll(() => database.drop());

const CURRENCIES = ['USDT', 'USD', 'JPY'] as const satisfies readonly Currency[];
const USERS = 3;

/** Amounts as whole minor units, so every generated amount is valid for its currency. */
const amount = fc.integer({ min: 1, max: 5_000 });
const minor = (units: number, currency: Currency) => new Decimal(units).div(currency === 'JPY' ? 1 : 100).toFixed();

const op = fc.oneof(
  fc.record({ kind: fc.constant('deposit' as const), user: fc.nat(USERS - 1), currency: fc.constantFrom(...CURRENCIES), units: amount }),
  fc.record({
    kind: fc.constant('transfer' as const),
    from: fc.nat(USERS - 1),
    to: fc.nat(USERS - 1),
    currency: fc.constantFrom(...CURRENCIES),
    units: amount,
  }),
  fc.record({
    kind: fc.constant('exchange' as const),
    user: fc.nat(USERS - 1),
    from: fc.constantFrom(...CURRENCIES),
    to: fc.constantFrom(...CURRENCIES),
    unitsIn: amount,
    unitsOut: amount,
  }),
  fc.record({ kind: fc.constant('withdraw' as const), user: fc.nat(USERS - 1), units: amount }),
  fc.record({ kind: fc.constant('settle' as const), which: fc.nat(20), approve: fc.boolean() }),
  fc.record({ kind: fc.constant('retry' as const), which: fc.nat(40) }),
);

it('keeps every invariant, and agrees with a simple model, over random sequences with retries', async () => {
  await fc.assert(
    fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 25 }), async (ops) => {
      const userIds = await Promise.all(Array.from({ length: USERS }, () => makeUser(db)));
      const model = new Map<string, Decimal>();
      const key = (u: number, c: Currency) => `${u}:${c}`;
      const get = (u: number, c: Currency) => model.get(key(u, c)) ?? new Decimal(0);
      const add = (u: number, c: Currency, d: Decimal) => model.set(key(u, c), get(u, c).plus(d));
      const acct = (u: number, c: Currency) => wallet(db, userIds[u] as string, c);
      const done: Posting[] = [];
      const holds: Array<{ user: number; amount: Decimal; settled: boolean }> = [];

      // Posts, and checks the ledger refused exactly when the model says the user could not pay.
      const attempt = async (posting: Posting, payer: { user: number; currency: Currency; amount: Decimal } | null, apply: () => void) => {
        const affordable = !payer || get(payer.user, payer.currency).gte(payer.amount);
        const outcome = await post(db, posting).then(
          () => 'ok',
          (e: { code?: string }) => e.code ?? 'error',
        );
        expect(outcome).toBe(affordable ? 'ok' : 'INSUFFICIENT_BALANCE');
        if (affordable) {
          apply();
          done.push(posting);
        }
      };

      for (const o of ops) {
        if (o.kind === 'deposit') {
          const a = minor(o.units, o.currency);
          await attempt(
            {
              typeCode: 11,
              userId: userIds[o.user] as string,
              idempotencyKey: randomUUID(),
              legs: [
                { accountId: await inbound(db, o.currency), amount: `-${a}` },
                { accountId: await acct(o.user, o.currency), amount: a },
              ],
            },
            null,
            () => add(o.user, o.currency, new Decimal(a)),
          );
        } else if (o.kind === 'transfer' && o.from !== o.to) {
          const a = minor(o.units, o.currency);
          await attempt(
            {
              typeCode: 23,
              userId: userIds[o.from] as string,
              idempotencyKey: randomUUID(),
              legs: [
                { accountId: await acct(o.from, o.currency), amount: `-${a}` },
                { accountId: await acct(o.to, o.currency), amount: a },
              ],
            },
            { user: o.from, currency: o.currency, amount: new Decimal(a) },
            () => {
              add(o.from, o.currency, new Decimal(a).neg());
              add(o.to, o.currency, new Decimal(a));
            },
          );
        } else if (o.kind === 'exchange' && o.from !== o.to) {
          const aIn = minor(o.unitsIn, o.from);
          const aOut = minor(o.unitsOut, o.to);
          await attempt(
            {
              typeCode: 41,
              userId: userIds[o.user] as string,
              idempotencyKey: randomUUID(),
              legs: [
                { accountId: await acct(o.user, o.from), amount: `-${aIn}` },
                { accountId: await system(db, o.from, SYSTEM_PURPOSES.exchangeDesk), amount: aIn },
                { accountId: await system(db, o.to, SYSTEM_PURPOSES.exchangeDesk), amount: `-${aOut}` },
                { accountId: await acct(o.user, o.to), amount: aOut },
              ],
            },
            { user: o.user, currency: o.from, amount: new Decimal(aIn) },
            () => {
              add(o.user, o.from, new Decimal(aIn).neg());
              add(o.user, o.to, new Decimal(aOut));
            },
          );
        } else if (o.kind === 'withdraw') {
          const a = minor(o.units, 'USDT');
          const reference = `withdrawal:${randomUUID()}`;
          await attempt(
            {
              typeCode: 234,
              userId: userIds[o.user] as string,
              reference,
              idempotencyKey: `${reference}:hold`,
              legs: [
                { accountId: await acct(o.user, 'USDT'), amount: `-${a}` },
                { accountId: await system(db, 'USDT', SYSTEM_PURPOSES.withdrawalsInFlight), amount: a },
              ],
            },
            { user: o.user, currency: 'USDT', amount: new Decimal(a) },
            () => {
              add(o.user, 'USDT', new Decimal(a).neg());
              holds.push({ user: o.user, amount: new Decimal(a), settled: false });
            },
          );
        } else if (o.kind === 'settle') {
          const hold = holds.filter((h) => !h.settled)[o.which % Math.max(1, holds.length)];
          if (!hold || hold.settled) continue;
          const a = hold.amount.toFixed();
          const inFlight = await system(db, 'USDT', SYSTEM_PURPOSES.withdrawalsInFlight);
          const other = o.approve ? await system(db, 'USDT', SYSTEM_PURPOSES.chainOutbound('TRON')) : await acct(hold.user, 'USDT');
          await attempt(
            {
              typeCode: o.approve ? 234 : 14,
              userId: userIds[hold.user] as string,
              idempotencyKey: randomUUID(),
              legs: [
                { accountId: inFlight, amount: `-${a}` },
                { accountId: other, amount: a },
              ],
            },
            null,
            () => {
              hold.settled = true;
              if (!o.approve) add(hold.user, 'USDT', hold.amount);
            },
          );
        } else if (o.kind === 'retry' && done.length > 0) {
          const again = done[o.which % done.length] as Posting;
          expect((await post(db, again)).replayed).toBe(true);
        }
      }

      for (let u = 0; u < USERS; u++) {
        for (const c of CURRENCIES) {
          expect(new Decimal(await balanceOf(db, await acct(u, c))).toFixed(), `user ${u} ${c}`).toBe(get(u, c).toFixed());
        }
      }
      expect(await ledgerViolations(db)).toEqual([]);
    }),
    { numRuns: 25 },
  );
});

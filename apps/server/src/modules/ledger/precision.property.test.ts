import { randomUUID } from 'node:crypto';
import { CURRENCIES, CURRENCY_CODES, type Currency } from '@wallet/contract';
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/database';
import { makeUser, system, wallet } from '../../../test/ledger-fixtures';
import type { Db } from '../../platform/db/database';
import { houseBalance, ledgerViolations, type Posting, post, postBatch, SYSTEM_PURPOSES, walletBalances } from './index';

/**
 * Every currency at its full precision, from the smallest unit to 10^12 whole units, posted onto
 * system accounts already past 10^6 units (the ETH chain-inbound account broke at about 100 ETH when
 * Decimal rounded to 20 significant digits). The model keeps balances as BigInt minor units and the
 * database's numeric text is compared by digits, so nothing here checks Decimal with Decimal.
 */

let database: TestDatabase;
let db: Db;

const USERS = 3;
const DB_SCALE = 18; // numeric(38, 18)
const TOP_WHOLE_UNITS = 12;

const precisionOf = (currency: Currency) => CURRENCIES[currency].precision;
const network = (currency: Currency) => (currency === 'ETH' ? 'ETH' : currency === 'BTC' ? 'BTC' : 'TRON');
const inboundOf = (currency: Currency) => system(db, currency, SYSTEM_PURPOSES.chainInbound(network(currency)));
const inFlightOf = (currency: Currency) => system(db, currency, SYSTEM_PURPOSES.withdrawalsInFlight);
const deskOf = (currency: Currency) => system(db, currency, SYSTEM_PURPOSES.exchangeDesk);

/** Minor units as a signed plain decimal with exactly `precision` decimals. */
function fixed(minor: bigint, precision: number): string {
  const sign = minor < 0n ? '-' : '';
  const digits = (minor < 0n ? -minor : minor).toString().padStart(precision + 1, '0');
  return precision === 0 ? `${sign}${digits}` : `${sign}${digits.slice(0, -precision)}.${digits.slice(-precision)}`;
}
const plain = (minor: bigint, precision: number) => {
  const text = fixed(minor, precision);
  return text.includes('.') ? text.replace(/0+$/, '').replace(/\.$/, '') : text;
};

/** A numeric(38, 18) value as read from PostgreSQL, in minor units of `precision`, by its digits alone. */
function dbMinor(text: string, precision: number): bigint {
  const negative = text.startsWith('-');
  const [whole = '', fraction = ''] = (negative ? text.slice(1) : text).split('.');
  const atScale = BigInt(whole + fraction.padEnd(DB_SCALE, '0'));
  const unit = 10n ** BigInt(DB_SCALE - precision);
  expect(atScale % unit, `${text} is finer than ${precision} decimals`).toBe(0n);
  return (negative ? -1n : 1n) * (atScale / unit);
}

/** Minor units in [1, 10^(12 + precision)], spread over every magnitude. */
const minorUnits = (precision: number) => {
  const top = TOP_WHOLE_UNITS + precision;
  return fc
    .integer({ min: 0, max: top })
    .chain((e) => fc.bigInt({ min: 10n ** BigInt(e), max: e === top ? 10n ** BigInt(top) : 10n ** BigInt(e + 1) - 1n }));
};
const amountOf = (currency: Currency) => fc.record({ currency: fc.constant(currency), units: minorUnits(precisionOf(currency)) });
// Every currency, with ETH (18 decimals, the one that broke) drawn more often than the rest.
const money = fc
  .oneof({ arbitrary: fc.constant('ETH' as Currency), weight: 1 }, { arbitrary: fc.constantFrom(...CURRENCY_CODES), weight: 3 })
  .chain(amountOf);
const user = fc.nat(USERS - 1);

const op = fc.oneof(
  fc.record({ kind: fc.constant('deposit' as const), user, money }),
  fc.record({ kind: fc.constant('transfer' as const), from: user, to: user, money }),
  fc.record({ kind: fc.constant('withdraw' as const), user, money }),
  fc.record({ kind: fc.constant('exchange' as const), user, paid: money, got: money }),
  fc.record({
    kind: fc.constant('batch' as const),
    moves: fc.array(fc.record({ from: fc.option(user, { nil: null }), to: user, money }), { minLength: 1, maxLength: 5 }),
  }),
);

const ethDeposit = fc.record({ kind: fc.constant('deposit' as const), user, money: amountOf('ETH') });

/** Exact balances of every account touched so far, in minor units. Users and accounts persist across runs, so balances grow. */
const model = new Map<string, { currency: Currency; minor: bigint }>();
const modelOf = (account: string) => model.get(account)?.minor ?? 0n;
let users: string[];

function applyLegs(legs: Array<{ account: string; currency: Currency; minor: bigint }>) {
  for (const leg of legs) model.set(leg.account, { currency: leg.currency, minor: modelOf(leg.account) + leg.minor });
}

type Move = { account: string; currency: Currency; minor: bigint; user: boolean };
function posting(typeCode: Posting['typeCode'], userId: string | null, moves: Move[]): Posting {
  return {
    typeCode,
    userId,
    idempotencyKey: randomUUID(),
    legs: moves.map((m) => ({ accountId: m.account, amount: fixed(m.minor, precisionOf(m.currency)) })),
  };
}
/** Whether the model says the ledger must accept these moves: no user account may go below zero. */
const affordable = (moves: Move[]) => moves.every((m) => !m.user || modelOf(m.account) + m.minor >= 0n);

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.handle.db;
  // Every currency's inbound account pushed past 10^6 units first, to its last decimal: 1234567.999999999999999999 ETH.
  users = await Promise.all(Array.from({ length: USERS }, () => makeUser(db)));
  const whale = users[0] as string;
  for (const currency of CURRENCY_CODES) {
    const p = precisionOf(currency);
    const minor = 1_234_567n * 10n ** BigInt(p) + (10n ** BigInt(p) - 1n);
    const moves: Move[] = [
      { account: await inboundOf(currency), currency, minor: -minor, user: false },
      { account: await wallet(db, whale, currency), currency, minor, user: true },
    ];
    await post(db, posting(11, whale, moves));
    applyLegs(moves);
  }
});
afterAll(() => database.drop());

it('posts every currency at its full precision, up to 10^12 units, onto accounts past 10^6, and reads back exact sums', async () => {
  await fc.assert(
    // Each run starts with an 18-decimal ETH deposit onto the ETH inbound account, which is past 10^6 ETH.
    fc.asyncProperty(ethDeposit, fc.array(op, { minLength: 1, maxLength: 12 }), async (first, rest) => {
      const ops = [first, ...rest];
      const walletOf = (u: number, currency: Currency) => wallet(db, users[u] as string, currency);
      const userMove = async (u: number, currency: Currency, minor: bigint): Promise<Move> => ({
        account: await walletOf(u, currency),
        currency,
        minor,
        user: true,
      });
      const systemMove = async (account: Promise<string>, currency: Currency, minor: bigint): Promise<Move> => ({
        account: await account,
        currency,
        minor,
        user: false,
      });

      const attempt = async (typeCode: Posting['typeCode'], userId: string, moves: Move[]) => {
        const expected = affordable(moves) ? 'ok' : 'INSUFFICIENT_BALANCE';
        const outcome = await post(db, posting(typeCode, userId, moves)).then(
          () => 'ok',
          (e: { code?: string; message?: string }) => e.code ?? e.message ?? 'error',
        );
        expect(outcome).toBe(expected);
        if (outcome === 'ok') applyLegs(moves);
      };

      for (const o of ops) {
        if (o.kind === 'deposit') {
          const { currency, units } = o.money;
          await attempt(11, users[o.user] as string, [
            await systemMove(inboundOf(currency), currency, -units),
            await userMove(o.user, currency, units),
          ]);
        } else if (o.kind === 'transfer' && o.from !== o.to) {
          const { currency, units } = o.money;
          await attempt(23, users[o.from] as string, [await userMove(o.from, currency, -units), await userMove(o.to, currency, units)]);
        } else if (o.kind === 'withdraw') {
          const { currency, units } = o.money;
          await attempt(234, users[o.user] as string, [
            await userMove(o.user, currency, -units),
            await systemMove(inFlightOf(currency), currency, units),
          ]);
        } else if (o.kind === 'exchange' && o.paid.currency !== o.got.currency) {
          await attempt(41, users[o.user] as string, [
            await userMove(o.user, o.paid.currency, -o.paid.units),
            await systemMove(deskOf(o.paid.currency), o.paid.currency, o.paid.units),
            await systemMove(deskOf(o.got.currency), o.got.currency, -o.got.units),
            await userMove(o.user, o.got.currency, o.got.units),
          ]);
        } else if (o.kind === 'batch') {
          // The batched path (one statement for many journals) writes numeric arrays: the same exactness applies.
          const planned: Array<{ moves: Move[]; posting: Posting }> = [];
          for (const m of o.moves) {
            if (m.from === m.to) continue;
            const { currency, units } = m.money;
            const source =
              m.from === null ? await systemMove(inboundOf(currency), currency, -units) : await userMove(m.from, currency, -units);
            const moves = [source, await userMove(m.to, currency, units)];
            planned.push({ moves, posting: posting(m.from === null ? 11 : 23, users[m.from ?? m.to] as string, moves) });
          }
          const results = await postBatch(
            db,
            planned.map((p) => p.posting),
          );
          results.forEach((result, i) => {
            const { moves } = planned[i] as { moves: Move[] };
            const expected = affordable(moves) ? 'ok' : 'INSUFFICIENT_BALANCE';
            const reason = result.status === 'rejected' ? (result.reason as { code?: string; message?: string }) : null;
            expect(reason ? (reason.code ?? reason.message) : 'ok').toBe(expected);
            if (!reason) applyLegs(moves);
          });
        }
      }

      // A house account (the inbound and desk accounts) is the sum of its shards, named by shard 0.
      const rows = (
        await sql<{ id: string; balance: string }>`
          select a.id::text, (select sum(s.balance) from ledger_accounts s
            where s.user_id is not distinct from a.user_id and s.currency = a.currency and s.purpose = a.purpose)::text as balance
          from ledger_accounts a where a.id = any(${[...model.keys()]}::bigint[])`.execute(db)
      ).rows;
      expect(rows).toHaveLength(model.size);
      for (const row of rows) {
        const { currency, minor } = model.get(row.id) as { currency: Currency; minor: bigint };
        expect(dbMinor(row.balance, precisionOf(currency)), `account ${row.id} in ${currency}`).toBe(minor);
      }
      for (const [u, userId] of users.entries()) {
        for (const b of await walletBalances(db, userId)) {
          expect(b.balance, `user ${u} ${b.currency}`).toBe(plain(modelOf(await walletOf(u, b.currency)), precisionOf(b.currency)));
        }
      }
      expect(await ledgerViolations(db)).toEqual([]);
    }),
    { numRuns: 20 },
  );
  // The inbound accounts really were past a million units throughout: ETH's to 18 decimals.
  const ethInbound = modelOf(await inboundOf('ETH'));
  expect(ethInbound).toBeLessThanOrEqual(-1_000_000n * 10n ** 18n);
  expect(dbMinor(await houseBalance(db, 'ETH', SYSTEM_PURPOSES.chainInbound(network('ETH'))), 18)).toBe(ethInbound);
  // And so was one shard of it, the one the whale's deposit landed on, to its last wei: a row past 10^6 ETH.
  const [largest] = await db
    .selectFrom('ledger_accounts')
    .select('balance')
    .where('currency', '=', 'ETH')
    .where('purpose', '=', SYSTEM_PURPOSES.chainInbound(network('ETH')))
    .orderBy('balance')
    .limit(1)
    .execute();
  expect(dbMinor(largest?.balance ?? '0', 18)).toBeLessThanOrEqual(-1_234_567n * 10n ** 18n);
});

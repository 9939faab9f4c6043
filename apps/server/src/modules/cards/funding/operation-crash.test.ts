import { randomUUID } from 'node:crypto';
import { Decimal } from '@wallet/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CardWorld, call, createCardWorld, fundedUser, PIN, sandboxGet, type User } from '../../../../test/cards';
import { ManualClock } from '../../../../test/clock';
import { openActiveCard } from '../../../../test/open-card';
import { accountId, findHold, ledgerViolations, USER_WALLET } from '../../ledger';
import { cardPurpose } from '../accounts';
import { driveDueOperations, operationKey, startOperation } from './operations';
import * as q from './queries';
import { payoutOf, withdrawQuote } from './service';

/**
 * A card load or unload cut off at each step (the process "killed" there: the step's effects are
 * committed, nothing after it runs), then resumed as a restarted server would resume it, from the
 * rows alone. Every cut must end where an uncut operation ends: the hold settled once, the issuer
 * moved once, the books balanced.
 */
let t: CardWorld;
const clock = new ManualClock(new Date('2026-11-22T08:00:00.000Z'));
let alice: User;
let cardId: string;
let issuerId: string;
let userId: string;

const LEASE_PASSED_MS = 61_000;

beforeAll(async () => {
  t = await createCardWorld({ clock, jobs: false });
  alice = await fundedUser(t, '10000');
  ({ cardId, issuerId } = await openActiveCard(t, alice));
  const user = await t.database.handle.db.selectFrom('users').select('id').where('email', '=', alice.email).executeTakeFirstOrThrow();
  userId = user.id;
});
afterAll(() => t?.close());

const issuerBalance = async () => {
  const { cards } = await sandboxGet<{ cards: Array<{ id: string; balance: string }> }>(t, '/sandbox/cards');
  return cards.find((c) => c.id === issuerId)?.balance ?? '0';
};
const cardBalance = async () => (await call(t, alice, 'GET', `/api/v1/cards/${cardId}`, undefined, null)).json().balance as string;
const usdt = async () =>
  (await call(t, alice, 'GET', '/api/v1/wallet/balances', undefined, null))
    .json()
    .balances.find((b: { currency: string }) => b.currency === 'USDT')?.balance as string;

/** A recharge of 100 USDT (card gets 99.98 USD), saved with its hold but not yet driven. */
async function startedLoad() {
  const quote = (await call(t, alice, 'POST', `/api/v1/cards/${cardId}/recharge/quote`, { amount: '100' })).json();
  const wallet = await accountId(t.deps.db, { userId, currency: 'USDT', purpose: USER_WALLET });
  return startOperation(t.deps, {
    cardId,
    userId,
    kind: 'load',
    requestKey: randomUUID(),
    amount: quote.credited,
    currency: 'USD',
    terms: { ...quote, recordCode: '24' },
    hold: { accountId: wallet, amount: quote.total, typeCode: 24, userId, reference: `card:${cardId}` },
  });
}

async function startedUnload(amount: string) {
  const terms = await withdrawQuote(t.deps, userId, cardId, amount);
  const available = await accountId(t.deps.db, { userId, currency: 'USD', purpose: cardPurpose(cardId) });
  return startOperation(t.deps, {
    cardId,
    userId,
    kind: 'unload',
    requestKey: randomUUID(),
    amount,
    currency: 'USD',
    terms,
    hold: { accountId: available, amount, typeCode: 17, userId, reference: `card:${cardId}` },
  });
}

/** A restarted server: nothing in memory, only what the rows say; due steps run once the lease is past. */
async function restart() {
  clock.advance(LEASE_PASSED_MS);
  await driveDueOperations(t.deps, payoutOf(t.deps));
}

type Cut = 'after saving' | 'after claiming' | 'after the issuer moved the money';

async function cutAt(kind: 'load' | 'unload', cut: Cut) {
  const op = kind === 'load' ? await startedLoad() : await startedUnload('10');
  if (cut === 'after saving') return op;
  const claimed = await q.claim(t.deps.db, op.id, clock.now(), new Date(clock.now().getTime() + 60_000));
  expect(claimed?.state).toBe('sending');
  if (cut === 'after claiming') return op;
  const amount = new Decimal(op.amount).toFixed();
  if (kind === 'load') await t.deps.issuer.load(issuerId, amount, operationKey(op));
  else await t.deps.issuer.unload(issuerId, amount, operationKey(op));
  return op;
}

describe('a card operation cut off at each step and resumed', () => {
  for (const kind of ['load', 'unload'] as const)
    for (const cut of ['after saving', 'after claiming', 'after the issuer moved the money'] as const)
      it(`${kind}, ${cut}: ends settled once`, async () => {
        if (kind === 'unload' && new Decimal(await cardBalance()).lt(10)) await restartWithLoad();
        const before = { wallet: await usdt(), card: await cardBalance(), issuer: await issuerBalance() };
        const op = await cutAt(kind, cut);
        // Held, not lost: the money left its account the moment the operation was saved.
        if (kind === 'load') expect(await usdt()).toBe(new Decimal(before.wallet).minus('101.5').toFixed());
        else expect(await cardBalance()).toBe(new Decimal(before.card).minus('10').toFixed());

        await restart();
        await restart(); // a second restart finds nothing more to do

        const done = await q.findById(t.deps.db, op.id);
        expect(done?.state).toBe('succeeded');
        expect((await findHold(t.deps.db, operationKey(op)))?.state).toBe('settled');
        if (kind === 'load') {
          expect(await usdt()).toBe(new Decimal(before.wallet).minus('101.5').toFixed());
          expect(await cardBalance()).toBe(new Decimal(before.card).plus('99.98').toFixed());
          expect(await issuerBalance()).toBe(new Decimal(before.issuer).plus('99.98').toFixed());
        } else {
          expect(await cardBalance()).toBe(new Decimal(before.card).minus('10').toFixed());
          expect(await issuerBalance()).toBe(new Decimal(before.issuer).minus('10').toFixed());
          expect(new Decimal(await usdt()).gt(before.wallet)).toBe(true);
        }
        expect(await cardBalance()).toBe(await issuerBalance());
        expect(await ledgerViolations(t.deps.db)).toEqual([]);
      });
});

async function restartWithLoad() {
  await startedLoad();
  await restart();
}

describe('a repeat of the request with the same key', () => {
  it('answers the operation as it stands and starts nothing new', async () => {
    const key = randomUUID();
    const body = { amount: '20', paymentPassword: PIN };
    const first = await call(t, alice, 'POST', `/api/v1/cards/${cardId}/recharge`, body, key);
    expect(first.statusCode, first.body).toBe(200);
    const again = await call(t, alice, 'POST', `/api/v1/cards/${cardId}/recharge`, body, key);
    expect(again.json().operation.id).toBe(first.json().operation.id);
    const other = await call(t, alice, 'POST', `/api/v1/cards/${cardId}/recharge`, { ...body, amount: '30' }, key);
    expect(other.json().error.code).toBe('IDEMPOTENCY_KEY_REUSED');
    const count = await t.database.handle.db
      .selectFrom('card_operations')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('request_key', '=', key)
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(1);
  });
});

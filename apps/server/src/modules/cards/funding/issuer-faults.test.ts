import { randomUUID } from 'node:crypto';
import { Decimal } from '@wallet/contract';
import type { FaultRequest } from '@wallet/sandbox-issuer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  armIssuerFault,
  type CardWorld,
  call,
  clearIssuerFaults,
  createCardWorld,
  fundedUser,
  PIN,
  sandboxGet,
  sandboxPost,
  type User,
} from '../../../../test/cards';
import { ManualClock } from '../../../../test/clock';
import { cardView, expectBooksMatchIssuer } from '../../../../test/issuer-books';
import { openActiveCard } from '../../../../test/open-card';
import { findHold } from '../../ledger';
import { driveDueOperations, operationKey } from './operations';
import * as q from './queries';
import { payoutOf } from './service';

/**
 * Recharges (wallet -> card, an issuer load) and card to wallet (an issuer unload) against every way
 * the issuer's money API fails: a refusal, a timeout before or after it moved the money, a late or a
 * slow answer, an outage. Each request is retried with its own Idempotency-Key and polled until it
 * settles, and after every reply the books are read: the money moves once, or (refused) goes back to
 * where it came from; it never both comes back and moves at the issuer; and in the end every card
 * holds in our ledger what the issuer says it holds.
 */
let t: CardWorld;
const clock = new ManualClock(new Date('2026-11-22T08:00:00.000Z'));
/** Short, so a held reply costs little; every fault that holds a reply holds it longer than this. */
const ISSUER_TIMEOUT_MS = 500;
const HELD_REPLY_MS = 2000;

let alice: User;
let cardId: string;
let issuerId: string;
/** Everyone with a card, to check every card against the issuer. */
const owners = new Map<string, User>();

beforeAll(async () => {
  t = await createCardWorld({ clock, jobs: false, issuerTimeoutMs: ISSUER_TIMEOUT_MS });
  alice = await fundedUser(t, '20000');
  ({ cardId, issuerId } = await openActiveCard(t, alice));
  owners.set(cardId, alice);
  // Enough on the card for every unload below, and an authorization still held on it, so `held` counts.
  const funded = await call(t, alice, 'POST', `/api/v1/cards/${cardId}/recharge`, { amount: '1000', paymentPassword: PIN });
  expect(funded.json().operation?.status, funded.body).toBe('succeeded');
  const bought = await sandboxPost<{ approved: boolean }>(t, `/sandbox/cards/${issuerId}/purchase`, { amount: '12.34' });
  expect(bought.approved).toBe(true);
  // A bystander: another member's card, funded and with an authorization held, that no fault touches.
  const bob = await fundedUser(t, '500');
  const other = await openActiveCard(t, bob);
  owners.set(other.cardId, bob);
  const bobFunded = await call(t, bob, 'POST', `/api/v1/cards/${other.cardId}/recharge`, { amount: '200', paymentPassword: PIN });
  expect(bobFunded.json().operation?.status, bobFunded.body).toBe('succeeded');
  expect((await sandboxPost<{ approved: boolean }>(t, `/sandbox/cards/${other.issuerId}/purchase`, { amount: '7.5' })).approved).toBe(true);
  await expectBooksMatchIssuer(t, owners);
});
afterAll(() => t?.close());

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const dec = (value: string) => new Decimal(value);
const plain = (value: string | Decimal) => new Decimal(value).toFixed();

async function usdt(user: User): Promise<string> {
  const res = await call(t, user, 'GET', '/api/v1/wallet/balances', undefined, null);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().balances.find((b: { currency: string }) => b.currency === 'USDT')?.balance ?? '0';
}

async function issuerBalances(): Promise<Map<string, string>> {
  const { cards } = await sandboxGet<{ cards: Array<{ reference: string; balance: string }> }>(t, '/sandbox/cards');
  return new Map(cards.map((c) => [c.reference, c.balance]));
}

interface Money {
  wallet: string;
  card: string;
  held: string;
  issuer: string;
}

async function money(): Promise<Money> {
  const view = await cardView(t, alice, cardId);
  return { wallet: await usdt(alice), card: view.balance, held: view.held, issuer: (await issuerBalances()).get(cardId) ?? '0' };
}

type Kind = 'load' | 'unload';
type Status = 'processing' | 'succeeded' | 'failed';
interface OperationReply {
  id: string;
  status: Status;
  debited: string;
  credited: string;
}

/** The request as the app sends it, and sends it again with the same key when it does not hear back. */
function request(kind: Kind, key: string) {
  return async (): Promise<OperationReply> => {
    const res =
      kind === 'load'
        ? await call(t, alice, 'POST', `/api/v1/cards/${cardId}/recharge`, { amount: '100', paymentPassword: PIN }, key)
        : await call(t, alice, 'POST', `/api/v1/cards/${cardId}/withdraw`, { amount: '10', paymentPassword: PIN }, key);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().operation;
  };
}

async function poll(id: string): Promise<OperationReply> {
  const res = await call(t, alice, 'GET', `/api/v1/cards/${cardId}/operations/${id}`, undefined, null);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/**
 * What may be seen of one operation at any moment, whatever its state. A load: the wallet is down by
 * the total from the first reply until the issuer refuses; the card (ours and the issuer's) is up by
 * the credited amount or not at all. An unload the other way round. Never twice, and never "returned"
 * while the issuer moved it: the original defect was a wallet refunded while the issuer loaded the card.
 */
function checkMoment(kind: Kind, before: Money, op: OperationReply, now: Money, where: string) {
  const load = kind === 'load';
  const source = load ? now.wallet : now.card;
  const sourceBefore = load ? before.wallet : before.card;
  const target = load ? now.card : now.wallet;
  const targetBefore = load ? before.card : before.wallet;
  const taken = plain(dec(sourceBefore).minus(op.debited));
  const given = plain(dec(targetBefore).plus(op.credited));
  const issuerMoved = plain(load ? dec(before.issuer).plus(op.credited) : dec(before.issuer).minus(op.debited));
  const context = `${where}: ${op.status}, ${JSON.stringify({ before, now })}`;

  expect([taken, plain(sourceBefore)], context).toContain(plain(source));
  expect([plain(targetBefore), given], context).toContain(plain(target));
  expect([plain(before.issuer), issuerMoved], context).toContain(plain(now.issuer));
  // Authorizations held on the card are not touched by a load or an unload.
  expect(plain(now.held), context).toBe(plain(before.held));
  const atIssuer = plain(now.issuer) === issuerMoved;
  // The issuer moved it: the money stays taken (never refunded, never returned to the card).
  if (atIssuer) expect(plain(source), context).toBe(taken);
  // We paid out only what the issuer moved.
  if (plain(target) === given) expect(atIssuer, context).toBe(true);
  // The money came back only on a refusal, and then nothing moved anywhere.
  if (plain(source) === plain(sourceBefore)) {
    expect(op.status, context).toBe('failed');
    expect(atIssuer, context).toBe(false);
  }
  if (op.status === 'succeeded') expect([plain(source), plain(target), atIssuer], context).toEqual([taken, given, true]);
  if (op.status === 'failed')
    expect([plain(source), plain(target), atIssuer], context).toEqual([plain(sourceBefore), plain(targetBefore), false]);
}

interface Scenario {
  kind: Kind;
  /** The fault armed before the first request, if any. */
  fault?: FaultRequest;
  /** Right after the issuer moved the money, while the app still waits for its reply: e.g. take the issuer down. */
  onceMoved?: () => Promise<unknown>;
  /** The sandbox's outage ends once the app clock has passed this many seconds since the first request. */
  backAfterSeconds?: number;
  expected: 'succeeded' | 'failed';
}

/**
 * Sends the request, then keeps retrying it with the same key (before it is due, and once it is due
 * by the app clock) and polling the operation until it settles; reads the money after every reply.
 * Then retries and sweeps some more: nothing moves after it settled.
 */
async function runScenario({ kind, fault, onceMoved, backAfterSeconds, expected }: Scenario) {
  await clearIssuerFaults(t);
  const before = await money();
  const key = randomUUID();
  const send = request(kind, key);
  if (fault) await armIssuerFault(t, fault);
  const started = clock.now().getTime();

  let op: OperationReply;
  if (onceMoved) {
    const pending = send();
    // The issuer moves the money on arrival, then holds its reply past the app's timeout.
    const movedAt = Date.now();
    while ((await issuerBalances()).get(cardId) === before.issuer) {
      expect(Date.now() - movedAt, 'the issuer never moved the money').toBeLessThan(5000);
      await sleep(5);
    }
    await onceMoved();
    op = await pending;
  } else op = await send();
  const id = op.id;
  const moments: string[] = [];
  const check = async (reply: OperationReply, where: string) => {
    expect(reply.id).toBe(id);
    checkMoment(kind, before, reply, await money(), where);
    moments.push(`${where}:${reply.status}`);
    return reply;
  };
  await check(op, 'first reply');
  // Taken down right after it moved the money: the lookup failed too, so the outcome is still unknown.
  if (onceMoved) expect(op.status, 'the issuer should have been down for the lookup').toBe('processing');

  for (let round = 1; op.status === 'processing'; round++) {
    expect(round, `still processing: ${moments.join(' ')}`).toBeLessThanOrEqual(40);
    // Asked again before it is due: answered as it stands, nothing is sent to the issuer.
    await check(await send(), `round ${round}, retry before due`);
    const polled = await check(await poll(id), `round ${round}, poll`);
    if (polled.status !== 'processing') {
      op = polled;
      break;
    }
    // The app clock reaches the next attempt (a late issuer reply may still be on its way: give it a moment).
    const row = await q.findById(t.deps.db, id);
    const due = row?.next_attempt_at.getTime() ?? clock.now().getTime();
    clock.advance(Math.max(0, (due - clock.now().getTime()) / 1000) + 1);
    if (backAfterSeconds !== undefined && clock.now().getTime() - started >= backAfterSeconds * 1000) await clearIssuerFaults(t);
    await sleep(100);
    // Alternately the member retries and the app polls: either drives the step that is due.
    op = await check(round % 2 ? await send() : await poll(id), `round ${round}, once due`);
  }
  expect(op.status, moments.join(' ')).toBe(expected);

  // Settled: more retries with the same key, polls and a sweep long after change nothing.
  for (let i = 0; i < 3; i++) {
    await check(await send(), `settled, retry ${i + 1}`);
    await check(await poll(id), `settled, poll ${i + 1}`);
  }
  clock.advance(3600);
  expect(await driveDueOperations(t.deps, payoutOf(t.deps))).toBe(0);
  const after = await money();
  checkMoment(kind, before, op, after, 'at the end');

  // Exactly once: one operation for the key, its hold finished once, one record at the issuer under our key.
  const rows = await t.deps.db.selectFrom('card_operations').selectAll().where('request_key', '=', key).execute();
  expect(rows).toHaveLength(1);
  const row = rows[0] as q.CardOperationRow;
  expect(row.state).toBe(expected);
  expect((await findHold(t.deps.db, operationKey(row)))?.state).toBe(expected === 'succeeded' ? 'settled' : 'released');
  const atIssuer = await t.deps.issuer.getOperation(operationKey(row));
  expect(atIssuer).toMatchObject({ kind, status: expected, amount: plain(kind === 'load' ? op.credited : op.debited) });

  const load = kind === 'load';
  if (expected === 'failed') {
    // Refused: the money is back where it came from, to the cent; nothing moved at the issuer.
    expect(after).toEqual(before);
  } else {
    expect(after.wallet).toBe(plain(load ? dec(before.wallet).minus(op.debited) : dec(before.wallet).plus(op.credited)));
    expect(after.card).toBe(plain(load ? dec(before.card).plus(op.credited) : dec(before.card).minus(op.debited)));
    expect(after.issuer).toBe(plain(load ? dec(before.issuer).plus(op.credited) : dec(before.issuer).minus(op.debited)));
  }
  await expectBooksMatchIssuer(t, owners);
  await clearIssuerFaults(t);
  return { op, moments };
}

interface FaultCase {
  name: string;
  fault: Omit<FaultRequest, 'operation'>;
  expected: 'succeeded' | 'failed';
  backAfterSeconds?: number;
  /** How many replies at least came back "processing" before it settled. */
  processingAtLeast: number;
}

const CASES: FaultCase[] = [
  { name: 'refuses', fault: { mode: 'refuse' }, expected: 'failed', processingAtLeast: 0 },
  {
    name: 'times out before moving the money',
    fault: { mode: 'timeout-before', ms: HELD_REPLY_MS },
    expected: 'succeeded',
    processingAtLeast: 1,
  },
  // The lookup by our key finds what the issuer did: settled without another call.
  {
    name: 'times out after moving the money',
    fault: { mode: 'timeout-after', ms: HELD_REPLY_MS },
    expected: 'succeeded',
    processingAtLeast: 0,
  },
  { name: 'answers after the app gave up waiting', fault: { mode: 'delay', ms: 1500 }, expected: 'succeeded', processingAtLeast: 1 },
  { name: 'answers slowly, within the app timeout', fault: { mode: 'delay', ms: 150 }, expected: 'succeeded', processingAtLeast: 0 },
  // The sandbox keeps its outage on the wall clock, so it ends it when the app clock has passed the minute.
  {
    name: 'is down for a minute, then back',
    fault: { mode: 'down', ms: 60_000 },
    backAfterSeconds: 60,
    expected: 'succeeded',
    processingAtLeast: 5,
  },
];

for (const kind of ['load', 'unload'] as const)
  describe(`${kind === 'load' ? 'a recharge (issuer load)' : 'a card to wallet (issuer unload)'} when the issuer`, () => {
    for (const c of CASES)
      it(`${c.name}: ${c.expected === 'failed' ? 'fails, the money back where it came from' : 'succeeds exactly once'}`, async () => {
        const fault: FaultRequest = c.fault.mode === 'down' ? { ...c.fault } : { ...c.fault, operation: kind };
        const { moments } = await runScenario({
          kind,
          fault,
          expected: c.expected,
          ...(c.backAfterSeconds === undefined ? {} : { backAfterSeconds: c.backAfterSeconds }),
        });
        expect(moments.filter((m) => m.endsWith(':processing')).length, moments.join(' ')).toBeGreaterThanOrEqual(c.processingAtLeast);
      });
  });

describe('the original defect', () => {
  it('a recharge whose issuer call fails and is retried with the same key never leaves the wallet refunded while the issuer loaded the card', async () => {
    // The issuer loads the card and its reply never arrives; the member retries with the same key.
    await runScenario({ kind: 'load', fault: { operation: 'load', mode: 'timeout-after', ms: HELD_REPLY_MS }, expected: 'succeeded' });
    // Worse: the issuer goes down right after loading, so the lookup fails too and the outcome stays
    // unknown through the retries; once it is back, the call again with the same key finds the load.
    const { moments } = await runScenario({
      kind: 'load',
      fault: { operation: 'load', mode: 'timeout-after', ms: HELD_REPLY_MS },
      onceMoved: () => armIssuerFault(t, { mode: 'down', ms: 60_000 }),
      backAfterSeconds: 60,
      expected: 'succeeded',
    });
    expect(moments.filter((m) => m.endsWith(':processing')).length).toBeGreaterThanOrEqual(5);
  });

  it('a card to wallet cut off the same way never returns the money to the card while the issuer unloaded it', async () => {
    const { moments } = await runScenario({
      kind: 'unload',
      fault: { operation: 'unload', mode: 'timeout-after', ms: HELD_REPLY_MS },
      onceMoved: () => armIssuerFault(t, { mode: 'down', ms: 60_000 }),
      backAfterSeconds: 60,
      expected: 'succeeded',
    });
    expect(moments.filter((m) => m.endsWith(':processing')).length).toBeGreaterThanOrEqual(5);
  });
});

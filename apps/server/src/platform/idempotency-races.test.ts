import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lastCode, sendAccountCode, TRON_ADDRESS } from '../../test/accounts';
import { type CardWorld, call, createCardWorld, fundedUser, PIN, type User } from '../../test/cards';
import { ManualClock } from '../../test/clock';
import { openActiveCard } from '../../test/open-card';
import { addPayee, alipayPayee } from '../../test/payout';
import { ledgerViolations } from '../modules/ledger';

/*
 * ADR 0014: every money-moving route takes its Idempotency-Key through one mechanism (platform/
 * idempotency), so one key sent twice at the same moment is answered as one key sent twice in turn:
 * the same request gets the first reply (or 409 IDEMPOTENCY_IN_PROGRESS while it runs), a different
 * request 409 IDEMPOTENCY_KEY_REUSED, never a 500, and the money moves once.
 */

const clock = new ManualClock(new Date('2026-11-24T02:00:00.000Z'));
let t: CardWorld;
let alice: User;
let bob: User;
let cardId: string;

beforeAll(async () => {
  t = await createCardWorld({ clock, jobs: false });
  alice = await fundedUser(t, '5000');
  bob = await fundedUser(t, '0');
  ({ cardId } = await openActiveCard(t, alice));
  const funded = await call(t, alice, 'POST', `/api/v1/cards/${cardId}/recharge`, { amount: '200', paymentPassword: PIN }, randomUUID());
  expect(funded.statusCode, funded.body).toBe(200);
});
afterAll(() => t?.close());

async function emailedCode(user: User, purpose: string): Promise<string> {
  clock.advance(61);
  await sendAccountCode(t, user.token, purpose);
  return lastCode(t, user.email);
}

/** A new emailed code for a request's first body; the other body of the pair (amount changed) shares it. */
let lastEmailed = '';
async function codeFor(variant: 'a' | 'b', purpose: string): Promise<string> {
  if (variant === 'a') lastEmailed = await emailedCode(alice, purpose);
  return lastEmailed;
}

type Body = Record<string, unknown>;
interface MoneyRoute {
  url: string;
  /** A fresh body each call: a new quote or code where the route needs one; `variant` changes what it asks. */
  body(variant: 'a' | 'b'): Promise<Body>;
  /** What identifies the money movement in a reply, to see both replies name the same one. */
  id(reply: Body | undefined): unknown;
  by?: () => { headers: Record<string, string> };
  /** The status of a request that ran: 200 unless the route answers otherwise. */
  ran?: readonly number[];
}

const quoteId = async (url: string, body: Body) => {
  const quote = await call(t, alice, 'POST', url, body);
  expect(quote.statusCode, quote.body).toBe(200);
  return quote.json().id as string;
};

const routes: Record<string, MoneyRoute> = {
  exchange: {
    url: '/api/v1/wallet/exchange',
    body: async (v) => ({
      quoteId: await quoteId('/api/v1/wallet/exchange/quotes', { from: 'USDT', to: 'USD', amount: v === 'a' ? '10' : '11' }),
      paymentPassword: PIN,
    }),
    id: (r) => r?.id,
  },
  transfer: {
    url: '/api/v1/wallet/transfers',
    body: async (v) => ({
      toUid: bob.profile.uid,
      currency: 'USDT',
      amount: v === 'a' ? '5' : '6',
      code: await codeFor(v, 'transfer'),
      paymentPassword: PIN,
    }),
    id: (r) => r?.id,
  },
  withdrawal: {
    url: '/api/v1/wallet/withdrawals',
    body: async (v) => ({
      network: 'TRON',
      address: TRON_ADDRESS,
      amount: v === 'a' ? '10' : '12',
      code: await codeFor(v, 'withdraw'),
      paymentPassword: PIN,
    }),
    id: (r) => r?.id,
  },
  'card recharge': {
    url: '',
    body: async (v) => ({ amount: v === 'a' ? '20' : '21', paymentPassword: PIN }),
    id: (r) => (r?.operation as Body | undefined)?.id,
  },
  'card to wallet': {
    url: '',
    body: async (v) => ({ amount: v === 'a' ? '3' : '4', paymentPassword: PIN }),
    id: (r) => (r?.operation as Body | undefined)?.id,
  },
  'flash exchange sell': {
    url: '/api/v1/payout/orders',
    body: async (v) => ({
      quoteId: await quoteId('/api/v1/payout/quotes', { kind: 'alipay', amount: v === 'a' ? '100' : '101' }),
      payeeId: payeeId,
      paymentPassword: PIN,
    }),
    id: (r) => r?.id,
  },
  'operator adjustment': {
    url: '',
    body: async (v) => ({ currency: 'USDT', amount: v === 'a' ? '1' : '2', reason: 'goodwill' }),
    // Four eyes: the request becomes an approval request (202), once per key like any money movement.
    id: (r) => (r?.approval as Body | undefined)?.id ?? r?.journalId,
    by: () => t.admin,
    ran: [200, 202],
  },
};
let payeeId = '';

const urlOf = (name: string, route: MoneyRoute) => {
  if (name === 'card recharge') return `/api/v1/cards/${cardId}/recharge`;
  if (name === 'card to wallet') return `/api/v1/cards/${cardId}/withdraw`;
  if (name === 'operator adjustment') return `/api/v1/admin/users/${alice.profile.uid}/adjustments`;
  return route.url;
};

describe('one key sent twice at the same moment, on every money route', () => {
  beforeAll(async () => {
    payeeId = (await addPayee(t, alice, alipayPayee({ lastName: 'Lee', firstName: 'Alice' }))).id;
  });

  for (const [name, route] of Object.entries(routes)) {
    it(`${name}: the same request runs once; a different one is refused as a reused key; then each again in turn`, async () => {
      const send = (body: Body, key: string) => call(t, route.by?.() ?? alice, 'POST', urlOf(name, route), body, key);
      const ok = route.ran ?? [200];
      const status = (reply: { statusCode: number }) => (ok.includes(reply.statusCode) ? 200 : reply.statusCode);
      const same = randomUUID();
      const a = await route.body('a');
      const twins = await Promise.all([send(a, same), send(a, same)]);
      for (const reply of twins) expect([200, 409], reply.body).toContain(status(reply));
      const ran = twins.filter((r) => status(r) === 200);
      expect(ran.length, twins.map((r) => r.body).join('\n')).toBeGreaterThanOrEqual(1);
      expect(new Set(ran.map((r) => route.id(r.json())))).toHaveProperty('size', 1);
      for (const refused of twins.filter((r) => r.statusCode === 409)) expect(refused.json().error.code).toBe('IDEMPOTENCY_IN_PROGRESS');
      const first = route.id(ran[0]?.json());

      const other = randomUUID();
      const a2 = await route.body('a');
      const b = await route.body('b');
      const pair = await Promise.all([send(a2, other), send(b, other)]);
      expect(pair.map(status).sort()).toEqual([200, 409]);
      expect(pair.find((r) => r.statusCode === 409)?.json().error.code).toBe('IDEMPOTENCY_KEY_REUSED');

      // In turn: the same request is answered again, the other refused, exactly as at once.
      const again = await send(a, same);
      expect(status(again), again.body).toBe(200);
      expect(again.headers['idempotency-hit']).toBe('true');
      expect(route.id(again.json())).toEqual(first);
      const reused = await send(b, same);
      expect(reused.json().error?.code).toBe('IDEMPOTENCY_KEY_REUSED');
      expect(await ledgerViolations(t.database.handle.db)).toEqual([]);
    });
  }
});

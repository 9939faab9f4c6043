import { Decimal } from '@wallet/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CardWorld, createCardWorld, sandboxGet, waitFor } from '../../../test/cards';
import { ManualClock } from '../../../test/clock';
import { createTestDatabase, type TestDatabase } from '../../../test/database';
import { loadConfig } from '../../platform/config';
import { createLogger } from '../../platform/logger';
import { paymentPinsFrom } from '../auth/payment-pins';
import { insertUser } from '../auth/service';
import { UnconfiguredIssuer } from '../cards/issuer/http-issuer';
import { ledgerViolations } from '../ledger';
import { FRIEND_CARD_PLAN, startFriendCardActivity } from './friend-card';
import { DEMO_ACCOUNTS, seedDemoData } from './seed';

/**
 * The demo data as `npm start` makes it: the seed, then the friend's card activity against the app
 * listening on a real port, the sandbox issuer on another, signed webhooks between them and the card
 * jobs on pg-boss, as main.ts wires them.
 */
const [DEMO, FRIEND] = DEMO_ACCOUNTS;
const config = loadConfig({ NODE_ENV: 'test' });

let t: CardWorld;
beforeAll(async () => {
  t = await createCardWorld({ clock: new ManualClock(new Date()) });
  await seedDemoData(t.database.handle.db, t.app.log, paymentPinsFrom(config));
});
afterAll(() => t?.close());

const start = () =>
  startFriendCardActivity({
    config,
    db: t.database.handle.db,
    jobs: t.boss,
    issuer: t.deps.issuer,
    sandboxUrl: t.sandbox.url,
    log: t.app.log,
  });

const userId = async (email: string) =>
  (await t.database.handle.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;

const signIn = async (account: (typeof DEMO_ACCOUNTS)[number]) => {
  const login = await t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/login/password',
    payload: { email: account.email, password: account.password },
  });
  expect(login.statusCode, login.body).toBe(200);
  return { authorization: `Bearer ${login.json().token}` };
};
const get = async (headers: Record<string, string>, url: string) => {
  const res = await t.app.inject({ method: 'GET', url, headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

it('seeds the friend as invited by the demo member, in its team', async () => {
  const [demo, friend] = [await userId(DEMO.email), await userId(FRIEND.email)];
  const links = await t.database.handle.db.selectFrom('team_links').selectAll().where('member_id', '=', friend).execute();
  expect(links).toEqual([{ ancestor_id: demo, member_id: friend, depth: 1 }]);
  const inviters = await t.database.handle.db.selectFrom('users').select(['email', 'invited_by']).orderBy('email').execute();
  expect(inviters).toEqual([
    { email: DEMO.email, invited_by: null },
    { email: FRIEND.email, invited_by: demo },
  ]);
});

it('gives the friend a real card with a recharge and cleared purchases, going on after a restart cut it short', async () => {
  const friend = await userId(FRIEND.email);
  const cardsOfFriend = () => t.database.handle.db.selectFrom('cards').select(['id', 'status']).where('user_id', '=', friend).execute();

  // A restart while the card is opening: the next start goes on with the card it bought.
  const first = start();
  await waitFor(cardsOfFriend, (rows) => rows.length > 0, 20_000);
  await first.stop();
  expect(await first.done).toBe('stopped');

  expect(await start().done).toBe('done');

  const headers = await signIn(FRIEND);
  const { cards } = await get(headers, '/api/v1/cards');
  expect(cards).toHaveLength(1);
  const [card] = cards;
  expect(card).toMatchObject({ status: 'active', type: 'virtual', currency: 'USD', kycStatus: 'passed', holderName: 'DEMO FRIEND' });
  const { transactions } = await get(headers, `/api/v1/cards/${card.id}/transactions`);
  type Tx = { merchant: string; type: string; approved: boolean; settled: boolean; settledAmount: string | null };
  const purchases = (transactions as Tx[])
    .map(({ merchant, type, approved, settled, settledAmount }) => ({ merchant, type, approved, settled, settledAmount }))
    .sort((a, b) => a.merchant.localeCompare(b.merchant));
  expect(purchases).toEqual(
    FRIEND_CARD_PLAN.purchases.map((p) => ({
      merchant: p.merchant,
      type: 'authorization',
      approved: true,
      settled: true,
      settledAmount: new Decimal(p.amount).toFixed(),
    })),
  );
  // What the card received from the recharge, less what the purchases took.
  const { funding } = await get(headers, `/api/v1/cards/${card.id}/funding`);
  const recharges = funding.filter((f: { typeCode: number }) => f.typeCode === 24);
  expect(recharges).toHaveLength(1);
  const spent = FRIEND_CARD_PLAN.purchases.reduce((sum, p) => sum.plus(p.amount), new Decimal(0));
  expect(card.balance).toBe(new Decimal(recharges[0].amount).minus(spent).toFixed());

  // The opening fee and the recharge (with its fee) came out of the friend's seeded USDT.
  const { balances } = await get(headers, '/api/v1/wallet/balances');
  const usdt = balances.find((b: { currency: string }) => b.currency === 'USDT').balance;
  const { products } = await get(headers, '/api/v1/cards/products');
  const product = products.find((p: { id: string }) => p.id === card.product.id);
  const rechargeFee = new Decimal(FRIEND_CARD_PLAN.recharge).mul(product.rechargeFeeRate);
  expect(usdt).toBe(new Decimal(FRIEND.funds.USDT).minus(product.openingFee).minus(FRIEND_CARD_PLAN.recharge).minus(rechargeFee).toFixed());

  // At the issuer: one card, each purchase once, cleared.
  const { authorizations } = await sandboxGet<{ authorizations: Array<{ merchant: { name: string }; settled?: string }> }>(
    t,
    '/sandbox/authorizations',
  );
  expect(authorizations.map((a) => a.merchant.name).sort()).toEqual(FRIEND_CARD_PLAN.purchases.map((p) => p.merchant).sort());
  expect(authorizations.every((a) => a.settled !== undefined)).toBe(true);
  expect(await ledgerViolations(t.database.handle.db)).toEqual([]);
});

it('leaves a friend whose card has cleared purchases alone at the next start', async () => {
  expect(await start().done).toBe('already_done');
  const friend = await userId(FRIEND.email);
  expect(await t.database.handle.db.selectFrom('cards').select('id').where('user_id', '=', friend).execute()).toHaveLength(1);
  const { authorizations } = await sandboxGet<{ authorizations: unknown[] }>(t, '/sandbox/authorizations');
  expect(authorizations).toHaveLength(FRIEND_CARD_PLAN.purchases.length);
});

/*
 * The reward events are written by the cards' own hooks (issue 43, the SOURCES part), merged beside
 * this: until then this test fails, and it is the one that shows the demo's rewards come from the
 * friend's real card activity.
 */
it('has the card activity write the friend’s reward events (card opened, card spend)', async () => {
  const friend = await userId(FRIEND.email);
  const events = await t.database.handle.db.selectFrom('reward_events').select(['kind']).where('member_id', '=', friend).execute();
  const kinds = events.map((e) => e.kind);
  expect(kinds.filter((k) => k === 'card_opened')).toHaveLength(1);
  expect(kinds.filter((k) => k === 'card_spend')).toHaveLength(FRIEND_CARD_PLAN.purchases.length);
});

describe('a database seeded before invitations', () => {
  let old: TestDatabase;
  beforeAll(async () => {
    old = await createTestDatabase();
  });
  afterAll(() => old?.drop());

  it('keeps the friend it has, with no inviter, and adds no card activity for a team it is not in', async () => {
    const db = old.handle.db;
    await insertUser(db, {
      uid: '40000001',
      email: FRIEND.email,
      password_hash: 'seeded-before-invitations',
      bound_network: FRIEND.network,
      bound_address: FRIEND.address,
      invite_code: 'DEMO0001',
    });
    const log = createLogger('silent');
    await seedDemoData(db, log, paymentPinsFrom(config));
    const friend = await db.selectFrom('users').select(['id', 'invited_by']).where('email', '=', FRIEND.email).executeTakeFirstOrThrow();
    expect(friend.invited_by).toBeNull();
    expect(await db.selectFrom('team_links').selectAll().execute()).toEqual([]);

    const activity = startFriendCardActivity({
      config,
      db,
      jobs: null,
      issuer: new UnconfiguredIssuer(),
      sandboxUrl: 'http://127.0.0.1:1',
      log,
    });
    expect(await activity.done).toBe('not_in_team');
    expect(await db.selectFrom('cards').select('id').where('user_id', '=', friend.id).execute()).toEqual([]);
  });
});

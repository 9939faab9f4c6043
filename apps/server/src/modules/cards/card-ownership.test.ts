import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CardWorld, call, createCardWorld, fundedUser, KYC_FORM, PIN, type User } from '../../../test/cards';
import { ManualClock } from '../../../test/clock';
import { openActiveCard } from '../../../test/open-card';
import { ledgerViolations } from '../ledger';

/**
 * A card id that is not the caller's is a card that does not exist for them: 404, the same answer as
 * for an id nobody has, so a stranger learns nothing and no money moves.
 */
let t: CardWorld;
let alice: User;
let bob: User;
let aliceCard: string;

const balances = async (user: User) => (await call(t, user, 'GET', '/api/v1/wallet/balances')).json().balances;

beforeAll(async () => {
  t = await createCardWorld({ clock: new ManualClock() });
  alice = await fundedUser(t, '1000');
  bob = await fundedUser(t, '1000');
  ({ cardId: aliceCard } = await openActiveCard(t, alice));
});
afterAll(() => t?.close());

type Attempt = readonly [string, 'GET' | 'POST', (id: string) => string, (id: string) => object | undefined];
const ATTEMPTS: Attempt[] = [
  ['recharge quote', 'POST', (id) => `/api/v1/cards/${id}/recharge/quote`, () => ({ amount: '50' })],
  ['recharge', 'POST', (id) => `/api/v1/cards/${id}/recharge`, () => ({ amount: '50', paymentPassword: PIN })],
  ['card to wallet quote', 'POST', (id) => `/api/v1/cards/${id}/withdraw/quote`, () => ({ amount: '5' })],
  ['card to wallet', 'POST', (id) => `/api/v1/cards/${id}/withdraw`, () => ({ amount: '5', paymentPassword: PIN })],
  ['KYC', 'POST', () => '/api/v1/cards/kyc', (id) => ({ ...KYC_FORM, cardId: id })],
  ['card', 'GET', (id) => `/api/v1/cards/${id}`, () => undefined],
  ['transactions', 'GET', (id) => `/api/v1/cards/${id}/transactions`, () => undefined],
];

describe("another member's card", () => {
  it.each(ATTEMPTS)('is not found on %s, and nothing moves', async (_, method, url, body) => {
    const [bobBefore, aliceBefore] = [await balances(bob), await balances(alice)];
    const res = await call(t, bob, method, url(aliceCard), body(aliceCard));
    expect(res.statusCode, res.body).toBe(404);
    expect(res.json().error).toEqual({ code: 'CARD_NOT_FOUND', message: 'This card does not exist.' });
    expect(await balances(bob)).toEqual(bobBefore);
    expect(await balances(alice)).toEqual(aliceBefore);
  });

  it.each(ATTEMPTS)('is answered like an id nobody has on %s', async (_, method, url, body) => {
    const id = randomUUID();
    const res = await call(t, bob, method, url(id), body(id), randomUUID(), 'ko');
    expect(res.statusCode, res.body).toBe(404);
    expect(res.json().error).toEqual({ code: 'CARD_NOT_FOUND', message: '존재하지 않는 카드입니다.' });
  });

  it('leaves the card and the ledger as they were', async () => {
    const card = (await call(t, alice, 'GET', `/api/v1/cards/${aliceCard}`)).json();
    expect(card).toMatchObject({ status: 'active', balance: '0', held: '0' });
    expect(await ledgerViolations(t.database.handle.db)).toEqual([]);
  });
});

import { randomUUID } from 'node:crypto';
import { Decimal } from '@wallet/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CardWorld, call, createCardWorld, fundedUser, PIN, type User } from '../../../test/cards';
import { ManualClock } from '../../../test/clock';
import { openActiveCard } from '../../../test/open-card';

/** A record's detail tells what its amount alone does not: an exchange's rate and fee, a card top-up's fee split. */
let t: CardWorld;
let alice: User;
let bob: User;

type Row = { id: string; typeCode: number; currency: string; amount: string };
const records = async (user: User): Promise<Row[]> => (await call(t, user, 'GET', '/api/v1/wallet/records?limit=50')).json().records;
const detail = async (user: User, id: string) => (await call(t, user, 'GET', `/api/v1/wallet/records/${id}`)).json();

beforeAll(async () => {
  t = await createCardWorld({ clock: new ManualClock() });
  alice = await fundedUser(t, '1000');
  bob = await fundedUser(t, '10');
});
afterAll(() => t?.close());

describe('record figures', () => {
  it('gives both sides of an exchange its rate and fee, as quoted', async () => {
    const quote = (await call(t, alice, 'POST', '/api/v1/wallet/exchange/quotes', { from: 'USDT', to: 'USD', amount: '40' })).json();
    const done = await call(t, alice, 'POST', '/api/v1/wallet/exchange', { quoteId: quote.id, paymentPassword: PIN }, randomUUID());
    expect(done.statusCode, done.body).toBe(200);
    const [received, paid] = (await records(alice)).slice(0, 2);
    const figures = {
      kind: 'exchange',
      from: 'USDT',
      to: 'USD',
      amountIn: '40',
      fee: quote.fee,
      rate: quote.rate,
      amountOut: quote.amountOut,
    };
    expect(new Decimal(quote.fee).gt(0)).toBe(true);
    for (const row of [received, paid]) expect((await detail(alice, row?.id as string)).figures).toEqual(figures);
    // Another member reads neither the record nor, through it, the quote.
    expect((await detail(bob, paid?.id as string)).error.code).toBe('RECORD_NOT_FOUND');
  });

  it('gives a card top-up the amount loaded, the fee and the total', async () => {
    const { cardId } = await openActiveCard(t, alice);
    const quote = (await call(t, alice, 'POST', `/api/v1/cards/${cardId}/recharge/quote`, { amount: '50' })).json();
    const res = await call(t, alice, 'POST', `/api/v1/cards/${cardId}/recharge`, { amount: '50', paymentPassword: PIN }, randomUUID());
    expect(res.json().operation?.status, res.body).toBe('succeeded');
    const row = (await records(alice)).find((r) => r.typeCode === 24);
    expect(row?.amount).toBe(`-${quote.total}`);
    const shown = await detail(alice, row?.id as string);
    expect(shown.label).toBe('Card top-up');
    expect(shown.figures).toEqual({
      kind: 'cardTopUp',
      sourceCurrency: 'USDT',
      amount: '50',
      fee: quote.fee,
      total: quote.total,
      rate: quote.rate,
      credited: quote.credited,
      cardCurrency: 'USD',
    });
    expect(new Decimal(quote.fee).gt(0)).toBe(true);
  });

  it('gives other records none', async () => {
    const [credit] = (await records(bob)).slice(-1);
    expect((await detail(bob, credit?.id as string)).figures).toBeNull();
  });
});

import { randomUUID } from 'node:crypto';
import { CURRENCIES, Decimal } from '@wallet/contract';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type CardWorld, call, createCardWorld, fundedUser, PIN, type User } from '../../../../test/cards';
import { ManualClock } from '../../../../test/clock';
import { openActiveCard } from '../../../../test/open-card';
import { ledgerViolations } from '../../ledger';

/**
 * Card to wallet is quoted before the payment password, and the quote is what moves: same amount,
 * same rate, same arrival, to the last digit, even for an odd amount at a rate with many decimals.
 */
let t: CardWorld;
let alice: User;
let cardId: string;

const usdt = async () =>
  new Decimal(
    (await call(t, alice, 'GET', '/api/v1/wallet/balances')).json().balances.find((b: { currency: string }) => b.currency === 'USDT')
      ?.balance ?? '0',
  );
const cardBalance = async () => new Decimal((await call(t, alice, 'GET', `/api/v1/cards/${cardId}`)).json().balance);
const setUsdtPrice = (price: string) =>
  t.database.handle.db.updateTable('exchange_rates').set({ usd_price: price }).where('currency', '=', 'USDT').execute();

beforeAll(async () => {
  t = await createCardWorld({ clock: new ManualClock() });
  alice = await fundedUser(t, '1000');
  ({ cardId } = await openActiveCard(t, alice));
  const funded = await call(t, alice, 'POST', `/api/v1/cards/${cardId}/recharge`, { amount: '100', paymentPassword: PIN }, randomUUID());
  expect(funded.json().operation?.status, funded.body).toBe('succeeded');
});
afterAll(() => t?.close());

it('moves exactly what the card to wallet quote showed: 5.07 USD at a rate with many decimals', async () => {
  // 1 USD = 1 / 0.99870013 USDT = 1.00130156... : more decimals than any balance keeps.
  await setUsdtPrice('0.99870013');
  const quoted = await call(t, alice, 'POST', `/api/v1/cards/${cardId}/withdraw/quote`, { amount: '5.07' });
  expect(quoted.statusCode, quoted.body).toBe(200);
  const quote = quoted.json();
  expect(quote).toMatchObject({ amount: '5.07', cardCurrency: 'USD', walletCurrency: 'USDT' });
  expect(quote.rate).toBe(new Decimal(1).div('0.99870013').toDecimalPlaces(8, Decimal.ROUND_DOWN).toFixed());
  // What arrives is the amount at the rate as shown, cut to what USDT keeps: the sheet's sum holds.
  expect(quote.credited).toBe(new Decimal('5.07').mul(quote.rate).toDecimalPlaces(CURRENCIES.USDT.precision, Decimal.ROUND_DOWN).toFixed());
  expect(new Decimal(quote.credited).decimalPlaces()).toBeGreaterThan(2);

  const [wallet, card] = [await usdt(), await cardBalance()];
  const res = await call(t, alice, 'POST', `/api/v1/cards/${cardId}/withdraw`, { amount: '5.07', paymentPassword: PIN }, randomUUID());
  expect(res.statusCode, res.body).toBe(200);
  const reply = res.json();
  expect(reply).toMatchObject({ amount: quote.amount, rate: quote.rate, credited: quote.credited, walletCurrency: 'USDT' });
  expect(reply.operation).toMatchObject({
    status: 'succeeded',
    kind: 'withdraw',
    debited: '5.07',
    debitedCurrency: 'USD',
    fee: '0',
    rate: quote.rate,
    credited: quote.credited,
    creditedCurrency: 'USDT',
  });
  // And the balances moved by exactly those figures.
  expect(card.minus(await cardBalance()).toFixed()).toBe('5.07');
  expect((await usdt()).minus(wallet).toFixed()).toBe(new Decimal(quote.credited).toFixed());
  expect(await ledgerViolations(t.database.handle.db)).toEqual([]);
});

it('quotes a recharge the same way: the card receives the amount at the rate as shown', async () => {
  await setUsdtPrice('1.00070019');
  const quote = (await call(t, alice, 'POST', `/api/v1/cards/${cardId}/recharge/quote`, { amount: '37' })).json();
  expect(quote.rate).toBe('1.00070019');
  expect(quote.credited).toBe(new Decimal('37').mul(quote.rate).toDecimalPlaces(2, Decimal.ROUND_DOWN).toFixed());
  const [wallet, card] = [await usdt(), await cardBalance()];
  const res = await call(t, alice, 'POST', `/api/v1/cards/${cardId}/recharge`, { amount: '37', paymentPassword: PIN }, randomUUID());
  expect(res.json().operation).toMatchObject({ status: 'succeeded', debited: quote.total, fee: quote.fee, credited: quote.credited });
  expect(wallet.minus(await usdt()).toFixed()).toBe(new Decimal(quote.total).toFixed());
  expect((await cardBalance()).minus(card).toFixed()).toBe(new Decimal(quote.credited).toFixed());
});

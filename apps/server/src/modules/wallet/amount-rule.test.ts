import { randomUUID } from 'node:crypto';
import { ERRORS, formatAmount } from '@wallet/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lastCode, PIN, registerUser, sendAccountCode, setPaymentPin, TRON_ADDRESS } from '../../../test/accounts';
import { type CardWorld, call as cardCall, createCardWorld, fundedUser } from '../../../test/cards';
import { type ChainTestbed, randomAddress, startChainTestbed, userWithAddress } from '../../../test/chain';
import { ManualClock } from '../../../test/clock';
import { openActiveCard } from '../../../test/open-card';
import { ledgerViolations } from '../ledger';

/**
 * One rule for money: what a member types has at most the currency's input decimals (2 for USDT) on
 * every member money route, refused with AMOUNT_TOO_MANY_DECIMALS and the decimals allowed; what
 * arrives from the chain keeps its full precision and is shown whole.
 */
const TYPED = '10.005';

function expectTooManyDecimals(res: { statusCode: number; json: () => { error: { code: string; message: string; details?: unknown } } }) {
  expect(res.statusCode, JSON.stringify(res.json())).toBe(400);
  expect(res.json().error).toEqual({
    code: 'AMOUNT_TOO_MANY_DECIMALS',
    message: ERRORS.AMOUNT_TOO_MANY_DECIMALS.message.en,
    details: { currency: 'USDT', decimals: 2 },
  });
}

describe('wallet routes and the chain', () => {
  let bed: ChainTestbed;
  type Holder = Awaited<ReturnType<typeof userWithAddress>>;
  let alice: Holder;
  let bob: Awaited<ReturnType<typeof registerUser>>;
  const inject = (method: 'GET' | 'POST', url: string, payload?: object) =>
    bed.t.app.inject({
      method,
      url,
      headers: { ...alice.headers, 'accept-language': 'en', 'idempotency-key': randomUUID() },
      ...(payload ? { payload } : {}),
    });
  const usdt = async () =>
    (await inject('GET', '/api/v1/wallet/balances')).json().balances.find((b: { currency: string }) => b.currency === 'USDT')?.balance;

  beforeAll(async () => {
    bed = await startChainTestbed({ faucet: true });
    alice = await userWithAddress(bed.t, 'BSC', randomAddress());
    await setPaymentPin(bed.t, alice, PIN);
    bob = await registerUser(bed.t);
  });
  afterAll(async () => {
    await bed?.close();
  });

  it('credits a chain deposit of 1.234567 USDT in full and shows it as 1.234567', async () => {
    for (const amount of ['1.234567', '98.765433']) {
      const sent = await inject('POST', '/api/v1/dev/chain/deposits', { amount });
      expect(sent.statusCode, sent.body).toBe(200);
      await bed.chain.mine(3);
      await bed.t.app.chain.scan('BSC');
      await bed.t.app.chain.credit('BSC');
    }
    expect(await usdt()).toBe('100');
    const records = (await inject('GET', '/api/v1/wallet/records?family=deposits')).json().records;
    const first = records.find((r: { amount: string }) => r.amount === '1.234567');
    expect(first, JSON.stringify(records)).toBeDefined();
    expect(first.balanceAfter).toBe('1.234567');
    expect(formatAmount(first.amount, 'USDT')).toBe('1.234567');
  });

  it('refuses 3 decimals on the exchange quote, the transfer and the withdrawal, and moves nothing', async () => {
    expectTooManyDecimals(await inject('POST', '/api/v1/wallet/exchange/quotes', { from: 'USDT', to: 'USD', amount: TYPED }));
    await sendAccountCode(bed.t, alice.token, 'transfer');
    const transferCode = await lastCode(bed.t, alice.email);
    expectTooManyDecimals(
      await inject('POST', '/api/v1/wallet/transfers', {
        toUid: bob.profile.uid,
        currency: 'USDT',
        amount: TYPED,
        code: transferCode,
        paymentPassword: PIN,
      }),
    );
    expectTooManyDecimals(
      await inject('POST', '/api/v1/wallet/withdrawals', {
        network: 'TRON',
        address: TRON_ADDRESS,
        amount: TYPED,
        code: '123456',
        paymentPassword: PIN,
      }),
    );
    expectTooManyDecimals(await inject('POST', '/api/v1/payout/quotes', { kind: 'alipay', amount: TYPED }));
    expect(await usdt()).toBe('100');

    // Two decimals pass the same routes: the rule is the input decimals, not a refusal of odd amounts.
    const quote = await inject('POST', '/api/v1/wallet/exchange/quotes', { from: 'USDT', to: 'USD', amount: '10.01' });
    expect(quote.statusCode, quote.body).toBe(200);
    expect(quote.json().amountIn).toBe('10.01');
    const sent = await inject('POST', '/api/v1/wallet/transfers', {
      toUid: bob.profile.uid,
      currency: 'USDT',
      amount: '10.05',
      code: transferCode,
      paymentPassword: PIN,
    });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().amount).toBe('10.05');
    expect(await usdt()).toBe('89.95');
    expect(await ledgerViolations(bed.t.database.handle.db)).toEqual([]);
  });

  it('tells each language the decimals allowed for the currency', async () => {
    for (const language of ['zh', 'ko', 'ja'] as const) {
      const res = await bed.t.app.inject({
        method: 'POST',
        url: '/api/v1/wallet/exchange/quotes',
        headers: { ...alice.headers, 'accept-language': language },
        payload: { from: 'USDT', to: 'USD', amount: TYPED },
      });
      expect(res.json().error).toMatchObject({
        code: 'AMOUNT_TOO_MANY_DECIMALS',
        message: ERRORS.AMOUNT_TOO_MANY_DECIMALS.message[language],
        details: { currency: 'USDT', decimals: 2 },
      });
      expect(res.json().error.message).toMatch(/USDT.*2/);
    }
  });
});

describe('card routes', () => {
  let t: CardWorld;
  let cardId: string;
  let alice: Awaited<ReturnType<typeof fundedUser>>;

  beforeAll(async () => {
    t = await createCardWorld({ clock: new ManualClock() });
    alice = await fundedUser(t, '1000');
    ({ cardId } = await openActiveCard(t, alice));
  });
  afterAll(() => t?.close());

  it('refuses 3 decimals on the recharge quote, the recharge and the card-to-wallet amount', async () => {
    const usdt = async () =>
      (await cardCall(t, alice, 'GET', '/api/v1/wallet/balances')).json().balances.find((b: { currency: string }) => b.currency === 'USDT')
        ?.balance;
    const before = await usdt();
    expectTooManyDecimals(await cardCall(t, alice, 'POST', `/api/v1/cards/${cardId}/recharge/quote`, { amount: TYPED }));
    expectTooManyDecimals(await cardCall(t, alice, 'POST', `/api/v1/cards/${cardId}/recharge`, { amount: TYPED, paymentPassword: PIN }));
    const toWallet = await cardCall(t, alice, 'POST', `/api/v1/cards/${cardId}/withdraw/quote`, { amount: TYPED });
    expect(toWallet.statusCode).toBe(400);
    expect(toWallet.json().error).toMatchObject({ code: 'AMOUNT_TOO_MANY_DECIMALS', details: { currency: 'USD', decimals: 2 } });
    expect(await usdt()).toBe(before);
  });
});

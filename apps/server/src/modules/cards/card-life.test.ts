import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type CardWorld,
  call,
  createCardWorld,
  fundedUser,
  issuerCardId,
  JPEG,
  KYC_FORM,
  PIN,
  sandboxGet,
  sandboxPost,
  type User,
  waitFor,
} from '../../../test/cards';
import { ManualClock } from '../../../test/clock';
import { testOperator } from '../../../test/operators';
import { ledgerViolations } from '../ledger';
import { chargeMonthlyFees } from './funding/monthly-fee';

/**
 * The whole life of a virtual card over real HTTP: the app and the sandbox issuer on their own ports,
 * signed webhooks between them, the opening job on pg-boss. One user, step by step; each step leans
 * on the state the one before left.
 */
let t: CardWorld;
const clock = new ManualClock(new Date('2026-11-22T08:00:00.000Z'));
let alice: User;
let productId: string;
let cardId: string;
let issuerId: string;

const usdt = async (user: User) => {
  const res = await call(t, user, 'GET', '/api/v1/wallet/balances');
  return res.json().balances.find((b: { currency: string }) => b.currency === 'USDT')?.balance ?? '0';
};
const card = async (id = cardId, language = 'en') => {
  const res = await call(t, alice, 'GET', `/api/v1/cards/${id}`, undefined, null, language);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const purchase = (amount: string, merchant = 'Sandbox Coffee') =>
  sandboxPost<{ id: string; approved: boolean; reason: string | null }>(t, `/sandbox/cards/${issuerId}/purchase`, { amount, merchant });
const open = (key = randomUUID()) =>
  call(t, alice, 'POST', '/api/v1/cards', { productId, firstName: 'Alice', lastName: 'Lee', paymentPassword: PIN }, key);

beforeAll(async () => {
  t = await createCardWorld({ clock });
  alice = await fundedUser(t, '1000');
  const products = await call(t, alice, 'GET', '/api/v1/cards/products');
  productId = products.json().products.find((p: { name: string }) => p.name === 'Virtual USD Classic').id;
});
afterAll(() => t?.close());

describe('a virtual card, from purchase to monthly fee', () => {
  it('answers KYC for a card that does not exist as not found', async () => {
    expect((await call(t, alice, 'GET', '/api/v1/cards')).json().cards).toEqual([]);
    const res = await call(t, alice, 'POST', '/api/v1/cards/kyc', { ...KYC_FORM, cardId: randomUUID() });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('CARD_NOT_FOUND');
  });

  it('takes the opening fee, and refunds it with the spec message when the issuer fails', async () => {
    await sandboxPost(t, '/sandbox/openings/fail-next', { count: 1 });
    const res = await open();
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'opening', maskedNumber: null });
    expect(await usdt(alice)).toBe('990');
    const failed = await waitFor(
      () => card(res.json().id, 'zh'),
      (c) => c.status === 'failed',
    );
    expect(failed.failureMessage).toBe('网络波动导致开卡失败，费用已退回。');
    expect(await usdt(alice)).toBe('1000');
    const records = await call(t, alice, 'GET', '/api/v1/wallet/records');
    const codes = records.json().records.map((r: { typeCode: number }) => r.typeCode);
    expect(codes).toEqual(expect.arrayContaining([21, 115]));
  });

  it('opens the card in the background; a retried request opens nothing more', async () => {
    const key = randomUUID();
    const res = await open(key);
    expect(res.statusCode, res.body).toBe(200);
    cardId = res.json().id;
    const again = await open(key);
    expect(again.headers['idempotency-hit']).toBe('true');
    const opened = await waitFor(
      () => card(),
      (c) => c.status !== 'opening',
    );
    expect(opened).toMatchObject({ status: 'awaiting_kyc', kycStatus: 'none', balance: '0', frozen: false });
    expect(opened.maskedNumber).toMatch(/^\*{4} \*{4} \*{4} \d{4}$/);
    expect(await usdt(alice)).toBe('990');
    issuerId = await issuerCardId(t, cardId);
    const reveal = await call(t, alice, 'POST', `/api/v1/cards/${cardId}/reveal`, { paymentPassword: PIN });
    expect(reveal.json().error.code).toBe('KYC_REQUIRED');
  });

  it('checks document photos by content and size, and keeps them private', async () => {
    const upload = (side: string, body: Buffer, type = 'image/jpeg') =>
      t.app.inject({
        method: 'PUT',
        url: `/api/v1/cards/kyc/photos/${side}`,
        headers: { ...alice.headers, 'content-type': type },
        payload: body,
      });
    expect((await upload('front', Buffer.from('this is not a picture at all'))).json().error.code).toBe('KYC_PHOTO_INVALID');
    const tooBig = Buffer.concat([JPEG, Buffer.alloc(5 * 1024 * 1024)]);
    expect((await upload('front', tooBig)).json().error.code).toBe('KYC_PHOTO_TOO_LARGE');
    expect((await upload('front', Buffer.from('GIF89a'), 'image/gif')).statusCode).toBe(415);
    expect((await upload('front', JPEG)).statusCode).toBe(200);
    const missing = await call(t, alice, 'POST', '/api/v1/cards/kyc', { ...KYC_FORM, cardId });
    expect(missing.json().error.code).toBe('KYC_PHOTOS_MISSING');
    expect((await upload('back', JPEG)).statusCode).toBe(200);

    const mine = await t.app.inject({ method: 'GET', url: '/api/v1/cards/kyc/photos/front', headers: alice.headers });
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['content-type']).toBe('image/jpeg');
    expect(mine.headers['cache-control']).toContain('no-store');
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/cards/kyc/photos/front' })).statusCode).toBe(401);
    const bob = await fundedUser(t, '0');
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/cards/kyc/photos/front', headers: bob.headers })).statusCode).toBe(404);
    const asOperator = await t.app.inject({
      method: 'GET',
      url: `/api/v1/admin/kyc/${alice.profile.uid}/photos/front`,
      headers: t.admin.headers,
    });
    expect(asOperator.statusCode).toBe(200);
    const views = await t.database.handle.db
      .selectFrom('operator_audit')
      .select(['action', 'operator_id', 'member_uid'])
      .where('member_uid', '=', alice.profile.uid)
      .execute();
    expect(views).toEqual([{ action: 'kyc.photo.view', operator_id: t.admin.id, member_uid: alice.profile.uid }]);
    const photoAs = async (headers: Record<string, string>) =>
      (await t.app.inject({ method: 'GET', url: `/api/v1/admin/kyc/${alice.profile.uid}/photos/front`, headers })).statusCode;
    expect(await photoAs(bob.headers)).toBe(401);
    // KYC documents are compliance's alone, even for an operator who reads everything else.
    expect(await photoAs((await testOperator(t, ['auditor'])).headers)).toBe(403);
  });

  it('refuses bad dates and names not in English letters', async () => {
    const badDate = await call(t, alice, 'POST', '/api/v1/cards/kyc', { ...KYC_FORM, cardId, expiryDate: '2020-02-30' });
    expect(badDate.json().error.code).toBe('KYC_DATES_INVALID');
    const name = await call(t, alice, 'POST', '/api/v1/cards/kyc', { ...KYC_FORM, cardId, firstName: '爱丽丝' });
    expect(name.json().error.details.fields[0].code).toBe('NAME_NOT_ENGLISH');
  });

  it('goes through KYC: rejected with a reason, redone, approved, and the card becomes active', async () => {
    const submitted = await call(t, alice, 'POST', '/api/v1/cards/kyc', { ...KYC_FORM, cardId });
    expect(submitted.statusCode, submitted.body).toBe(200);
    expect(submitted.json().status).toBe('in_progress');
    expect((await call(t, alice, 'POST', '/api/v1/cards/kyc', { ...KYC_FORM, cardId })).json().error.code).toBe('KYC_IN_PROGRESS');
    const { cardholders } = await sandboxGet<{ cardholders: Array<{ id: string; reference: string }> }>(t, '/sandbox/cardholders');
    const holder = cardholders.find((h) => h.reference === alice.profile.uid || h.reference.length > 0) as { id: string };
    await sandboxPost(t, `/sandbox/cardholders/${holder.id}/kyc`, { decision: 'reject', reason: 'photo unreadable' });
    expect(await card()).toMatchObject({ status: 'awaiting_kyc', kycStatus: 'failed', kycReason: 'photo unreadable' });

    expect((await call(t, alice, 'POST', '/api/v1/cards/kyc', { ...KYC_FORM, cardId })).json().status).toBe('in_progress');
    await sandboxPost(t, `/sandbox/cardholders/${holder.id}/kyc`, { decision: 'approve' });
    expect(await card()).toMatchObject({ status: 'active', kycStatus: 'passed', kycReason: null });
  });

  it('reveals number and CVV only after the payment password, uncached and unlogged', async () => {
    const wrong = await call(t, alice, 'POST', `/api/v1/cards/${cardId}/reveal`, { paymentPassword: '000000' });
    expect(wrong.json().error.code).toBe('PAYMENT_PASSWORD_WRONG');
    const res = await call(t, alice, 'POST', `/api/v1/cards/${cardId}/reveal`, { paymentPassword: PIN });
    expect(res.statusCode, res.body).toBe(200);
    const { pan, cvv, hideAfterSeconds } = res.json();
    expect(pan).toMatch(/^49999912\d{8}$/);
    expect(cvv).toMatch(/^\d{3}$/);
    expect(hideAfterSeconds).toBe(60);
    expect(res.headers['cache-control']).toBe('no-store');
    expect((await card()).maskedNumber.endsWith(pan.slice(-4))).toBe(true);
    const logged = t.logs.join('\n');
    expect(logged).not.toContain(pan);
    expect(logged).not.toContain(`"${cvv}"`);
    const stored = JSON.stringify(await t.database.handle.db.selectFrom('cards').selectAll().execute());
    expect(stored).not.toContain(pan);
  });

  it('quotes a recharge with the fee first: at least 20, whole numbers', async () => {
    const quote = (amount: string) => call(t, alice, 'POST', `/api/v1/cards/${cardId}/recharge/quote`, { amount });
    expect((await quote('20.5')).json().error.code).toBe('RECHARGE_WHOLE_NUMBER');
    expect((await quote('19')).json().error.code).toBe('AMOUNT_BELOW_MINIMUM');
    // 1.5% fee on 100 USDT; 100 USDT at 0.9998 USD each.
    expect((await quote('100')).json()).toMatchObject({
      sourceCurrency: 'USDT',
      amount: '100',
      fee: '1.5',
      total: '101.5',
      credited: '99.98',
    });
  });

  it('recharges once per idempotency key, converted at the current rate', async () => {
    const key = randomUUID();
    const first = await call(t, alice, 'POST', `/api/v1/cards/${cardId}/recharge`, { amount: '100', paymentPassword: PIN }, key);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().operation).toMatchObject({ status: 'succeeded', debited: '101.5', credited: '99.98', creditedCurrency: 'USD' });
    // The same key answers the operation as it stands, without moving anything again.
    const again = await call(t, alice, 'POST', `/api/v1/cards/${cardId}/recharge`, { amount: '100', paymentPassword: PIN }, key);
    expect(again.json().operation).toEqual(first.json().operation);
    expect(await usdt(alice)).toBe('888.5');
    expect(await card()).toMatchObject({ balance: '99.98', held: '0' });
    const atIssuer = await sandboxGet<{ cards: Array<{ id: string; balance: string }> }>(t, '/sandbox/cards');
    expect(atIssuer.cards.find((c) => c.id === issuerId)?.balance).toBe('99.98');
  });

  it('approves a purchase as a hold, declines one beyond the balance, and a reversal releases the hold', async () => {
    const coffee = await purchase('30');
    expect(coffee).toMatchObject({ approved: true });
    expect(await card()).toMatchObject({ balance: '69.98', held: '30' });
    const tooMuch = await purchase('1000', 'Big Store');
    expect(tooMuch).toMatchObject({ approved: false, reason: 'insufficient_funds' });
    const list = await call(t, alice, 'GET', `/api/v1/cards/${cardId}/transactions`, undefined, null, 'ko');
    expect(list.json().transactions[0]).toMatchObject({
      merchant: 'Big Store',
      approved: false,
      declineReason: '카드 잔액 부족',
      balanceChange: '0',
    });
    expect(list.json().transactions[1]).toMatchObject({ type: 'authorization', amount: '30', balanceChange: '-30', settled: false });

    await sandboxPost(t, `/sandbox/authorizations/${coffee.id}/reversal`);
    expect(await card()).toMatchObject({ balance: '99.98', held: '0' });
    const after = await call(t, alice, 'GET', `/api/v1/cards/${cardId}/transactions`);
    expect(after.json().transactions[0]).toMatchObject({ type: 'reversal', amount: '30', balanceChange: '30' });
    const detail = await call(
      t,
      alice,
      'GET',
      `/api/v1/cards/${cardId}/transactions/${after.json().transactions[2].id}`,
      undefined,
      null,
      'zh',
    );
    expect(detail.json()).toMatchObject({
      merchant: 'Sandbox Coffee',
      type: 'authorization',
      amount: '30',
      balanceChange: '0',
      settled: false,
    });
    const bob = await fundedUser(t, '0');
    const foreign = await call(t, bob, 'GET', `/api/v1/cards/${cardId}/transactions/${after.json().transactions[2].id}`);
    expect(foreign.json().error.code).toBe('CARD_NOT_FOUND');

    // Paged from the newest: two, then the next ones from the cursor.
    const ids = (page: { transactions: Array<{ id: string }> }) => page.transactions.map((x) => x.id);
    const all = ids(after.json());
    const first = (await call(t, alice, 'GET', `/api/v1/cards/${cardId}/transactions?limit=2`)).json();
    expect(ids(first)).toEqual(all.slice(0, 2));
    const next = (await call(t, alice, 'GET', `/api/v1/cards/${cardId}/transactions?limit=2&cursor=${first.nextCursor}`)).json();
    expect(ids(next)).toEqual(all.slice(2, 4));
  });

  it('settles a clearing below the authorization and one above it; a refund credits the card', async () => {
    const below = await purchase('20');
    await sandboxPost(t, `/sandbox/authorizations/${below.id}/clearing`, { amount: '18' });
    expect(await card()).toMatchObject({ balance: '81.98', held: '0' });
    const above = await purchase('10');
    await sandboxPost(t, `/sandbox/authorizations/${above.id}/clearing`, { amount: '12' });
    expect(await card()).toMatchObject({ balance: '69.98', held: '0' });
    const txs = (await call(t, alice, 'GET', `/api/v1/cards/${cardId}/transactions`)).json().transactions;
    expect(txs.find((x: { amount: string; type: string }) => x.type === 'authorization' && x.amount === '20')).toMatchObject({
      settled: true,
      settledAmount: '18',
      balanceChange: '-18',
    });
    expect(txs.find((x: { amount: string; type: string }) => x.type === 'authorization' && x.amount === '10')).toMatchObject({
      settled: true,
      settledAmount: '12',
      balanceChange: '-12',
    });

    const refund = await sandboxPost<{ delivered: { eventId: string } }>(t, `/sandbox/authorizations/${above.id}/refund`, { amount: '5' });
    expect(await card()).toMatchObject({ balance: '74.98' });
    // The issuer sends the same event again (newly signed): received, changes nothing.
    const duplicate = await sandboxPost<{ status: number; body: { duplicate: boolean } }>(
      t,
      `/sandbox/events/${refund.delivered.eventId}/redeliver`,
    );
    expect(duplicate).toMatchObject({ status: 200, body: { duplicate: true } });
    expect(await card()).toMatchObject({ balance: '74.98' });
    // A reversal after the clearing finds nothing held and changes nothing.
    await sandboxPost(t, `/sandbox/authorizations/${below.id}/reversal`);
    expect(await card()).toMatchObject({ balance: '74.98', held: '0' });
  });

  it('freezes the card by itself after more than 5 consecutive declines for funds, and the user unfreezes it', async () => {
    for (let i = 1; i <= 5; i++) expect(await purchase('500')).toMatchObject({ approved: false, reason: 'insufficient_funds' });
    expect((await card()).frozen).toBe(false);
    expect(await purchase('500')).toMatchObject({ approved: false, reason: 'insufficient_funds' });
    expect(await card()).toMatchObject({ frozen: true, freezeReason: 'consecutive_funds_failures' });
    expect(await purchase('1')).toMatchObject({ approved: false, reason: 'card_frozen' });

    const unfreeze = await call(t, alice, 'POST', `/api/v1/cards/${cardId}/freeze`, { frozen: false });
    expect(unfreeze.json()).toMatchObject({ frozen: false, freezeReason: null });
    expect(await purchase('1')).toMatchObject({ approved: true });
    const freeze = await call(t, alice, 'POST', `/api/v1/cards/${cardId}/freeze`, { frozen: true });
    expect(freeze.json()).toMatchObject({ frozen: true, freezeReason: 'user' });
    expect(await purchase('1')).toMatchObject({ approved: false, reason: 'card_frozen' });
    await call(t, alice, 'POST', `/api/v1/cards/${cardId}/freeze`, { frozen: false });
  });

  it('freezes the card when its failure rate over the last 20 authorizations goes above 15%', async () => {
    // 16 approvals and 4 declines (never 6 in a row): 4/20 = 20% > 15% on the 20th.
    const plan = [...Array(16).fill('0.01'), '900', '900', '900', '900'];
    plan.splice(4, 0, plan.splice(16, 1)[0] as string);
    plan.splice(9, 0, plan.splice(17, 1)[0] as string);
    for (const [i, amount] of plan.entries()) {
      const result = await purchase(amount);
      expect(result.approved, `attempt ${i + 1}`).toBe(amount === '0.01');
      if (i < plan.length - 1) expect((await card()).frozen, `after attempt ${i + 1}`).toBe(false);
    }
    expect(await card()).toMatchObject({ frozen: true, freezeReason: 'failure_rate' });
    await call(t, alice, 'POST', `/api/v1/cards/${cardId}/freeze`, { frozen: false });
    expect(await purchase('0.01')).toMatchObject({ approved: true });
  });

  it('moves card balance back to the wallet (code 17)', async () => {
    const before = (await card()).balance;
    const res = await call(t, alice, 'POST', `/api/v1/cards/${cardId}/withdraw`, { amount: '10', paymentPassword: PIN });
    expect(res.statusCode, res.body).toBe(200);
    // 10 USD at 1/0.9998 USDT each, rounded down to 6 decimals.
    expect(res.json()).toMatchObject({ amount: '10', credited: '10.002', walletCurrency: 'USDT' });
    expect(Number((await card()).balance)).toBeCloseTo(Number(before) - 10, 6);
    const funding = await call(t, alice, 'GET', `/api/v1/cards/${cardId}/funding`);
    expect(funding.json().funding.map((f: { typeCode: number }) => f.typeCode)).toEqual([17, 24]);
    const tooMuch = await call(t, alice, 'POST', `/api/v1/cards/${cardId}/withdraw`, { amount: '100000', paymentPassword: PIN });
    expect(tooMuch.json().error.code).toBe('INSUFFICIENT_BALANCE');
  });

  it('charges the monthly fee once per card per month, however often the job runs', async () => {
    const before = Number((await card()).balance);
    expect((await chargeMonthlyFees(t.deps)).charged).toBe(1);
    expect((await chargeMonthlyFees(t.deps)).charged).toBe(0);
    expect(Number((await card()).balance)).toBeCloseTo(before - 1, 6);
    clock.advance(10 * 24 * 3600);
    expect((await chargeMonthlyFees(t.deps)).charged).toBe(1);
    expect((await chargeMonthlyFees(t.deps)).charged).toBe(0);
    expect(Number((await card()).balance)).toBeCloseTo(before - 2, 6);
    const funding = await call(t, alice, 'GET', `/api/v1/cards/${cardId}/funding`, undefined, null, 'ja');
    expect(funding.json().funding.filter((f: { typeCode: number }) => f.typeCode === 22)).toHaveLength(2);
    expect(funding.json().funding[0].label).toBe('月額サービス料');
  });

  it('pages the funding history, newest first, with nothing lost or repeated between pages', async () => {
    const all = (await call(t, alice, 'GET', `/api/v1/cards/${cardId}/funding`)).json();
    expect(all.nextCursor).toBeNull();
    expect(all.funding.map((f: { typeCode: number }) => f.typeCode)).toEqual([22, 22, 17, 24]);
    expect(all.funding.map((f: { currency: string }) => f.currency)).toEqual(['USD', 'USD', 'USD', 'USD']);
    const first = (await call(t, alice, 'GET', `/api/v1/cards/${cardId}/funding?limit=3`)).json();
    expect(first.funding).toHaveLength(3);
    expect(first.nextCursor).toMatch(/^\d+$/);
    const second = (await call(t, alice, 'GET', `/api/v1/cards/${cardId}/funding?limit=3&cursor=${first.nextCursor}`)).json();
    expect(second).toMatchObject({ nextCursor: null });
    expect([...first.funding, ...second.funding]).toEqual(all.funding);
    const bad = await call(t, alice, 'GET', `/api/v1/cards/${cardId}/funding?cursor=abc`);
    expect(bad.json().error.code).toBe('VALIDATION_FAILED');
  });

  it('keeps the books balanced', async () => {
    expect(await ledgerViolations(t.database.handle.db)).toEqual([]);
  });
});

import { randomUUID } from 'node:crypto';
import { Decimal } from '@wallet/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../../test/clock';
import { failNotificationWrites, mailsTo, notificationsAbout, setLanguage, userIdOf } from '../../../test/notifications';
import {
  addPayee,
  bankPayee,
  call,
  createPayoutWorld,
  fundedMember,
  type Member,
  type PayoutWorld,
  PIN,
  sell,
  usdtOf,
} from '../../../test/payout';
import { ledgerViolations } from '../ledger';
import { finishOrder } from './order-money';

/**
 * Orders with no payout partner: the desk marks them arrived or rejected. Quotes and each limit's
 * refusal, the hold at submit, retries, records, the operator's decisions, and 100 orders racing a
 * balance that affords 10.
 */
const clock = new ManualClock(new Date('2026-11-24T02:00:00.000Z'));
let t: PayoutWorld;

beforeAll(async () => {
  t = await createPayoutWorld({ clock, partner: false });
});
afterAll(() => t?.close());

const quote = (member: Member, amount: string, kind = 'alipay', language = 'en') =>
  call(t, member, 'POST', '/api/v1/payout/quotes', { kind, amount }, undefined, language);
const records = async (member: Member) => (await call(t, member, 'GET', '/api/v1/wallet/records?limit=20')).json().records;

describe('quotes', () => {
  it('shows rate, fee and CNY before the password, and refuses each limit with its own code', async () => {
    const alice = await fundedMember(t, '30000');
    const terms = (await call(t, alice, 'GET', '/api/v1/payout/terms')).json();
    expect(terms).toMatchObject({
      enabled: true,
      minimum: '10',
      maximum: '5000',
      dailyLimit: '20000',
      usedToday: '0',
      feeRate: '0.003',
      quoteSeconds: 30,
    });
    // 0.9998 / 0.1381 = 7.23968..., less the 0.5% spread = 7.2034 (4 decimals, down).
    expect(terms.rate).toBe('7.2034');
    const ok = (await quote(alice, '100')).json();
    expect(ok).toMatchObject({ kind: 'alipay', amount: '100', fee: '0.3', rate: '7.2034', amountOut: '718.17' });
    // (100 - 0.30) x 7.2034 = 718.17898 -> 718.17 CNY: the member is never shown more than is paid.
    expect(new Decimal(ok.amount).minus(ok.fee).mul(ok.rate).toDecimalPlaces(2, Decimal.ROUND_DOWN).toFixed(2)).toBe(ok.amountOut);
    const refusals: Array<[string, string]> = [
      ['9.99', 'PAYOUT_BELOW_MINIMUM'],
      ['5000.01', 'PAYOUT_ABOVE_MAXIMUM'],
      ['10.001', 'AMOUNT_TOO_MANY_DECIMALS'],
      ['abc', 'VALIDATION_FAILED'],
      ['0', 'AMOUNT_NOT_POSITIVE'],
    ];
    for (const [amount, code] of refusals) expect((await quote(alice, amount, 'alipay', 'ko')).json().error.code, amount).toBe(code);
    const poor = await fundedMember(t, '50');
    expect((await quote(poor, '60')).json().error.code).toBe('INSUFFICIENT_BALANCE');
  });

  it('holds the price 30 seconds, then refuses it', async () => {
    const bob = await fundedMember(t, '100');
    const payee = await addPayee(t, bob);
    const q = (await quote(bob, '20')).json();
    clock.advance(31);
    const late = await call(
      t,
      bob,
      'POST',
      '/api/v1/payout/orders',
      { quoteId: q.id, payeeId: payee.id, paymentPassword: PIN },
      randomUUID(),
    );
    expect(late.json().error.code).toBe('QUOTE_EXPIRED');
    expect(await usdtOf(t, bob)).toBe('100');
  });
});

describe('an order', () => {
  it('holds the USDT at once, returns the same order on a retry, and settles when the desk marks it arrived', async () => {
    const carol = await fundedMember(t, '250.5');
    const payee = await addPayee(t, carol);
    const key = randomUUID();
    const q = (await quote(carol, '100')).json();
    const body = { quoteId: q.id, payeeId: payee.id, paymentPassword: PIN };
    const first = await call(t, carol, 'POST', '/api/v1/payout/orders', body, key);
    expect(first.statusCode, first.body).toBe(200);
    const order = first.json();
    expect(order).toMatchObject({ status: 'in_progress', amount: '100', fee: '0.3', amountOut: '718.17', reference: null });
    expect(order.payee).toMatchObject({ kind: 'alipay', name: '张三', accountLast4: '8000' });
    expect(order.history.map((h: { step: string }) => h.step)).toEqual(['submitted', 'sent']);
    expect(await usdtOf(t, carol)).toBe('150.5');
    expect((await call(t, carol, 'POST', '/api/v1/payout/orders', body, key)).json()).toEqual(order);
    expect((await sell(t, carol, payee.id, '100', 'alipay', key)).json().error.code).toBe('IDEMPOTENCY_KEY_REUSED');
    // A lost reply retried under a new key finds the order its quote already made.
    expect((await call(t, carol, 'POST', '/api/v1/payout/orders', body, randomUUID())).json().id).toBe(order.id);
    expect(await usdtOf(t, carol)).toBe('150.5');
    const [held] = await records(carol);
    expect(held).toMatchObject({ typeCode: 118, amount: '-100', currency: 'USDT' });

    const arrived = await call(t, t.admin, 'POST', `/api/v1/admin/payout/orders/${order.id}/arrived`, { reference: 'DESK-1' });
    expect(arrived.statusCode, arrived.body).toBe(200);
    const again = await call(t, t.admin, 'POST', `/api/v1/admin/payout/orders/${order.id}/rejected`, { reason: 'too late' });
    expect(again.json().error.code).toBe('PAYOUT_ORDER_FINISHED');
    const done = (await call(t, carol, 'GET', `/api/v1/payout/orders/${order.id}`)).json();
    expect(done).toMatchObject({ status: 'arrived', reference: 'DESK-1' });
    expect(done.finishedAt).not.toBeNull();
    expect(await usdtOf(t, carol)).toBe('150.5');
    const audit = await t.database.handle.db
      .selectFrom('operator_audit')
      .select(['action', 'operator_id', 'member_uid'])
      .where('object', '=', `payout_order:${order.id}`)
      .execute();
    expect(audit).toEqual([{ action: 'payout.arrived', operator_id: t.admin.id, member_uid: carol.profile.uid }]);
    const mail = await t.database.handle.db
      .selectFrom('mail_outbox')
      .select('subject')
      .where('to_address', '=', carol.email)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(mail.subject).toBe('Flash exchange arrived');
    expect(await ledgerViolations(t.database.handle.db)).toEqual([]);
    // The same end again (a partner's redelivered webhook) returns the order as it stands, and tells nothing more.
    expect((await call(t, t.admin, 'POST', `/api/v1/admin/payout/orders/${order.id}/arrived`, {})).statusCode).toBe(409);
    expect((await finishOrder(t.deps, order.id, { outcome: 'arrived', reference: 'DESK-1', actor: 'test' })).stage).toBe('arrived');
    expect(await notificationsAbout(t, 'payout', order.id)).toEqual([
      { user_id: await userIdOf(t, carol.email), code: 'payout_arrived', params: { amount: '100', currency: 'USDT', cny: '718.17' } },
    ]);
    expect((await mailsTo(t, carol.email)).filter((m) => m.subject === 'Flash exchange arrived')).toHaveLength(1);
  });

  it('returns the USDT exactly when the desk rejects, with the reason and the notice in the member language', async () => {
    const dan = await fundedMember(t, '123.45');
    const danId = await userIdOf(t, dan.email);
    await setLanguage(t, danId, 'zh');
    const bankId = (await addPayee(t, dan, bankPayee())).id;
    const order = (await sell(t, dan, bankId, '100.45', 'bank')).json();
    expect(await usdtOf(t, dan)).toBe('23');
    const [held] = await records(dan);
    expect(held).toMatchObject({ typeCode: 244, amount: '-100.45' });
    const res = await call(t, t.admin, 'POST', `/api/v1/admin/payout/orders/${order.id}/rejected`, { reason: '收款银行维护中' });
    expect(res.statusCode, res.body).toBe(200);
    expect(await usdtOf(t, dan)).toBe('123.45');
    const seen = (await call(t, dan, 'GET', `/api/v1/payout/orders/${order.id}`, undefined, undefined, 'zh')).json();
    expect(seen).toMatchObject({ status: 'rejected', reason: '收款银行维护中' });
    expect(seen.history.at(-1)).toMatchObject({ step: 'rejected', note: '收款银行维护中' });
    const [returned] = await records(dan);
    expect(returned).toMatchObject({ typeCode: 112, amount: '100.45' });
    expect(await ledgerViolations(t.database.handle.db)).toEqual([]);
    expect((await finishOrder(t.deps, order.id, { outcome: 'rejected', reason: 'again', actor: 'test' })).stage).toBe('rejected');
    expect(await notificationsAbout(t, 'payout', order.id)).toEqual([
      { user_id: danId, code: 'payout_rejected', params: { amount: '100.45', currency: 'USDT' } },
    ]);
    const mails = (await mailsTo(t, dan.email)).filter((m) => m.subject === '闪兑被拒绝，金额已退回');
    expect(mails).toEqual([{ subject: '闪兑被拒绝，金额已退回', text_body: expect.stringContaining('100.45 USDT') }]);
  });

  it('tells nothing and mails nothing when the desk decision rolls back, and once when it is made again', async () => {
    const fay = await fundedMember(t, '50');
    const order = (await sell(t, fay, (await addPayee(t, fay)).id, '20')).json();
    const restore = await failNotificationWrites(t);
    const failed = await call(t, t.admin, 'POST', `/api/v1/admin/payout/orders/${order.id}/rejected`, { reason: 'desk closed' });
    await restore();
    expect(failed.statusCode).toBe(500);
    expect((await call(t, fay, 'GET', `/api/v1/payout/orders/${order.id}`)).json().status).toBe('in_progress');
    expect(await usdtOf(t, fay)).toBe('30');
    expect(await notificationsAbout(t, 'payout', order.id)).toEqual([]);
    expect((await mailsTo(t, fay.email)).filter((m) => m.subject.startsWith('Flash exchange'))).toEqual([]);
    expect((await call(t, t.admin, 'POST', `/api/v1/admin/payout/orders/${order.id}/rejected`, { reason: 'desk closed' })).statusCode).toBe(
      200,
    );
    expect((await notificationsAbout(t, 'payout', order.id)).map((n) => n.code)).toEqual(['payout_rejected']);
    expect((await mailsTo(t, fay.email)).filter((m) => m.subject.startsWith('Flash exchange'))).toHaveLength(1);
  });

  it('refuses a payee of the other kind, a deleted payee, a wrong password and the daily limit', async () => {
    const erin = await fundedMember(t, '30000');
    const alipay = await addPayee(t, erin);
    const bank = await addPayee(t, erin, bankPayee());
    const q = (await quote(erin, '50')).json();
    const wrongKind = await call(
      t,
      erin,
      'POST',
      '/api/v1/payout/orders',
      { quoteId: q.id, payeeId: bank.id, paymentPassword: PIN },
      randomUUID(),
    );
    expect(wrongKind.json().error.code).toBe('PAYEE_KIND_MISMATCH');
    const wrongPin = await call(
      t,
      erin,
      'POST',
      '/api/v1/payout/orders',
      { quoteId: q.id, payeeId: alipay.id, paymentPassword: '000000' },
      randomUUID(),
    );
    expect(wrongPin.json().error.code).toBe('PAYMENT_PASSWORD_WRONG');
    const noKey = await call(t, erin, 'POST', '/api/v1/payout/orders', { quoteId: q.id, payeeId: alipay.id, paymentPassword: PIN });
    expect(noKey.json().error.code).toBe('IDEMPOTENCY_KEY_REQUIRED');
    await call(t, erin, 'DELETE', `/api/v1/payout/payees/${alipay.id}`);
    const gone = await call(
      t,
      erin,
      'POST',
      '/api/v1/payout/orders',
      { quoteId: q.id, payeeId: alipay.id, paymentPassword: PIN },
      randomUUID(),
    );
    expect(gone.json().error.code).toBe('PAYEE_NOT_FOUND');

    const set = await call(t, t.admin, 'PUT', '/api/v1/admin/payout/settings', {
      enabled: true,
      minimum: '10',
      maximum: '5000',
      dailyLimit: '6000',
      spread: '0.005',
      feeRate: '0.003',
    });
    expect(set.statusCode, set.body).toBe(200);
    expect((await sell(t, erin, bank.id, '5000', 'bank')).statusCode).toBe(200);
    expect((await quote(erin, '1000.01', 'bank')).json().error.code).toBe('PAYOUT_DAILY_LIMIT_EXCEEDED');
    const terms = (await call(t, erin, 'GET', '/api/v1/payout/terms')).json();
    expect(terms).toMatchObject({ usedToday: '5000', dailyLimit: '6000' });
    // The next calendar day (UTC+8) starts afresh.
    clock.advance(24 * 3600);
    expect((await quote(erin, '1000.01', 'bank')).statusCode).toBe(200);
    const off = await call(t, t.admin, 'PUT', '/api/v1/admin/payout/settings', {
      ...{ enabled: false, minimum: '10', maximum: '5000', dailyLimit: '20000' },
      spread: '0.005',
      feeRate: '0.003',
    });
    expect(off.statusCode).toBe(200);
    expect((await quote(erin, '20', 'bank')).json().error.code).toBe('PAYOUT_UNAVAILABLE');
    await call(t, t.admin, 'PUT', '/api/v1/admin/payout/settings', {
      enabled: true,
      minimum: '10',
      maximum: '5000',
      dailyLimit: '20000',
      spread: '0.005',
      feeRate: '0.003',
    });
  });

  it('lists orders newest first, page by page', async () => {
    const fay = await fundedMember(t, '1000');
    const payee = await addPayee(t, fay);
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      ids.unshift((await sell(t, fay, payee.id, `${10 + i}`)).json().id);
      clock.advance(1);
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: { orders: Array<{ id: string }>; nextCursor: string | null } = (
        await call(t, fay, 'GET', `/api/v1/payout/orders?limit=2${cursor ? `&cursor=${cursor}` : ''}`)
      ).json();
      seen.push(...page.orders.map((o) => o.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual(ids);
    // A list row shows the amounts as the detail does, without the timeline.
    const [newest] = (await call(t, fay, 'GET', '/api/v1/payout/orders?limit=1')).json().orders;
    const { history, ...summary } = (await call(t, fay, 'GET', `/api/v1/payout/orders/${newest.id}`)).json();
    expect(history).toHaveLength(2);
    expect(newest).toEqual(summary);
    expect(newest).toMatchObject({ amount: '14', fee: '0.05', rate: '7.2034' });
    expect(newest.amountOut).toMatch(/^\d+\.\d{2}$/);
    expect((await call(t, fay, 'GET', '/api/v1/payout/orders?cursor=nonsense')).statusCode).toBe(400);
  });
});

describe('racing', () => {
  it('100 orders of 100 USDT against 1,000 USDT: exactly 10 are placed, the rest refused, nothing lost', async () => {
    const gus = await fundedMember(t, '1000');
    const payee = await addPayee(t, gus);
    const quotes = await Promise.all(Array.from({ length: 100 }, () => quote(gus, '100')));
    // Quotes check the balance when they are made; all 100 were affordable then.
    expect(quotes.every((r) => r.statusCode === 200)).toBe(true);
    const replies = await Promise.all(
      quotes.map((q) =>
        call(t, gus, 'POST', '/api/v1/payout/orders', { quoteId: q.json().id, payeeId: payee.id, paymentPassword: PIN }, randomUUID()),
      ),
    );
    const placed = replies.filter((r) => r.statusCode === 200);
    const refused = replies.filter((r) => r.statusCode !== 200);
    expect(placed).toHaveLength(10);
    expect(new Set(refused.map((r) => r.json().error.code))).toEqual(new Set(['INSUFFICIENT_BALANCE']));
    expect(await usdtOf(t, gus)).toBe('0');
    const rows = await t.database.handle.db.selectFrom('payout_orders').select('id').where('payee_id', '=', payee.id).execute();
    expect(rows).toHaveLength(10);
    expect(await ledgerViolations(t.database.handle.db)).toEqual([]);
  });
});

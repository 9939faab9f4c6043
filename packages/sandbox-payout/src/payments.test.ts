import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { storeFromJson, storeToJson } from './persist';
import { alipay, call, type Partner, start, startReceiver, submit } from './test-kit';

let receiver: Awaited<ReturnType<typeof startReceiver>>;
let partner: Partner;
beforeEach(async () => {
  receiver = await startReceiver();
  partner = await start({ webhookUrl: receiver.url, prefunding: '5000' });
});
afterEach(async () => {
  await partner.close();
  await receiver.close();
});

type Page = {
  asOf: string;
  payouts: Array<{ id: string; reference: string; amount: string; currency: string; paidAt: string }>;
  nextCursor: string | null;
};

async function paidList(limit: number) {
  const pages: Page[] = [];
  let cursor: string | null = null;
  do {
    const res = await call(partner, 'GET', `/v1/payouts?status=paid&limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`);
    expect(res.status).toBe(200);
    pages.push(res.json as unknown as Page);
    cursor = (res.json as unknown as Page).nextCursor;
  } while (cursor);
  return pages;
}

describe('payments, totals and prefunding for reconciliation', () => {
  it('lists each payment made, a payout paid twice twice, with totals and prefunding that follow', async () => {
    for (const id of ['order-pay-1', 'order-pay-2', 'order-pay-3']) await submit(partner, alipay(id, { amount: '100.50' }));
    await call(partner, 'POST', '/sandbox/payouts/order-pay-1/paid');
    await call(partner, 'POST', '/sandbox/payouts/order-pay-2/paid');
    await call(partner, 'POST', '/sandbox/payouts/order-pay-3/rejected');
    expect((await call(partner, 'POST', '/sandbox/payouts/order-pay-3/pay-twice')).status).toBe(409);
    const twice = await call(partner, 'POST', '/sandbox/payouts/order-pay-2/pay-twice');
    expect(twice.status).toBe(200);

    const pages = await paidList(2);
    expect(pages).toHaveLength(2);
    expect(new Set(pages.map((page) => page.asOf)).size).toBe(1);
    const payments = pages.flatMap((page) => page.payouts);
    expect(payments.map((payment) => payment.reference)).toEqual(['order-pay-1', 'order-pay-2', 'order-pay-2']);
    expect(new Set(payments.map((payment) => payment.id)).size).toBe(3);
    expect(payments[2]).toMatchObject({ amount: '100.50', currency: 'CNY' });

    expect((await call(partner, 'GET', '/v1/totals')).json).toMatchObject({ paid: { CNY: { count: 3, amount: '301.5' } } });
    expect((await call(partner, 'GET', '/v1/prefunding')).json).toMatchObject({ balances: { CNY: '4698.5' } });
  });

  it('keeps a listing to the payments made before its first page', async () => {
    for (const id of ['order-list-1', 'order-list-2']) {
      await submit(partner, alipay(id));
      await call(partner, 'POST', `/sandbox/payouts/${id}/paid`);
    }
    const first = await call(partner, 'GET', '/v1/payouts?status=paid&limit=1');
    await call(partner, 'POST', '/sandbox/payouts/order-list-1/pay-twice');
    const second = await call(partner, 'GET', `/v1/payouts?status=paid&limit=5&cursor=${first.json.nextCursor}`);
    expect((second.json.payouts as unknown[]).length).toBe(1);
    expect(second.json.nextCursor).toBeNull();
    expect(second.json.asOf).toBe(first.json.asOf);
    expect((await call(partner, 'GET', '/v1/payouts?status=paid&cursor=bm9wZQ')).json.error?.code).toBe('invalid_cursor');
    expect((await call(partner, 'GET', '/v1/payouts?status=pending')).status).toBe(400);
  });

  it('keeps payments and prefunding across a restart, and reads payments out of an older file', async () => {
    await submit(partner, alipay('order-keep-1'));
    await call(partner, 'POST', '/sandbox/payouts/order-keep-1/paid');
    const saved = storeToJson(partner.store);
    expect(storeFromJson(saved).payments).toEqual(partner.store.payments);
    expect(storeFromJson(saved).prefundingMinor).toBe(partner.store.prefundingMinor);
    const { payments: _payments, prefundingMinor: _left, ...older } = JSON.parse(saved) as Record<string, unknown>;
    expect(storeFromJson(JSON.stringify(older)).payments.map((payment) => payment.reference)).toEqual(['order-keep-1']);
  });
});

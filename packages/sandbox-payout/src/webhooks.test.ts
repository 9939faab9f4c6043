import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { PayoutEvent } from './store';
import { alipay, bank, call, lookup, type Partner, sleep, start, startReceiver, submit, waitFor } from './test-kit';

let receiver: Awaited<ReturnType<typeof startReceiver>>;
const partners: Partner[] = [];
beforeEach(async () => {
  receiver = await startReceiver();
});
afterEach(async () => {
  for (const partner of partners.splice(0)) await partner.close();
  await receiver.close();
});

async function open(options: Parameters<typeof start>[0] = { webhookUrl: receiver.url }) {
  const partner = await start(options);
  partners.push(partner);
  return partner;
}

const events = async (partner: Partner) => (await call(partner, 'GET', '/sandbox/events')).json.events as PayoutEvent[];

describe('status webhooks', () => {
  it('marking paid sends a signed payout.paid with the payout as it now is', async () => {
    const partner = await open();
    await submit(partner, alipay('order-1001'));
    expect(receiver.received).toEqual([]);
    await call(partner, 'POST', '/sandbox/payouts/order-1001/paid');
    await waitFor(() => receiver.received.length === 1);
    const [hook] = receiver.received;
    expect(hook).toMatchObject({ type: 'payout.paid', signed: true, eventId: expect.stringMatching(/^evt_/) });
    expect(hook?.payout).toEqual((await lookup(partner, 'order-1001')).json);
    expect(hook?.payout).toMatchObject({ id: 'order-1001', status: 'paid', reason: null });
    // The payee never travels back to the app.
    expect(JSON.stringify(hook)).not.toContain('13800138000');

    await waitFor(async () => (await events(partner))[0]?.deliveries.length === 1);
    expect((await events(partner))[0]).toMatchObject({ type: 'payout.paid', deliveries: [{ status: 200, error: null }] });
  });

  it('rejecting sends payout.rejected with the reason, which a lookup shows too', async () => {
    const partner = await open();
    await submit(partner, bank('order-1002'));
    const reply = await call(partner, 'POST', '/sandbox/payouts/order-1002/rejected', { body: { reason: 'Account closed' } });
    expect(reply.json).toMatchObject({ status: 'rejected', reason: 'Account closed' });
    await waitFor(() => receiver.received.length === 1);
    expect(receiver.received[0]).toMatchObject({
      type: 'payout.rejected',
      signed: true,
      payout: { status: 'rejected', reason: 'Account closed' },
    });
    expect((await lookup(partner, 'order-1002')).json).toMatchObject({ status: 'rejected', reason: 'Account closed' });
  });

  it('retries after a 500 (and a 409), signing each attempt afresh', async () => {
    const partner = await open();
    receiver.answers.push(500, 409);
    await submit(partner, alipay('order-1003'));
    await call(partner, 'POST', '/sandbox/payouts/order-1003/paid');
    await waitFor(() => receiver.received.length === 3);
    expect(receiver.received.map(({ status, signed }) => [status, signed])).toEqual([
      [500, true],
      [409, true],
      [200, true],
    ]);
    expect(new Set(receiver.received.map(({ eventId }) => eventId)).size).toBe(1);
    expect(new Set(receiver.received.map(({ deliveryId }) => deliveryId)).size).toBe(3);
    await waitFor(async () => (await events(partner))[0]?.deliveries.length === 3);
    expect((await events(partner))[0]?.deliveries.map(({ status }) => status)).toEqual([500, 409, 200]);
  });

  it('does not retry after a 400, and redelivers on request', async () => {
    const partner = await open();
    receiver.answers.push(400);
    await submit(partner, alipay('order-1004'));
    await call(partner, 'POST', '/sandbox/payouts/order-1004/rejected');
    await waitFor(() => receiver.received.length === 1);
    await sleep(200);
    expect(receiver.received).toHaveLength(1);
    const [event] = await events(partner);
    expect(event?.deliveries).toEqual([{ at: expect.any(String), status: 400, error: expect.stringMatching(/^HTTP 400/) }]);

    const again = await call(partner, 'POST', `/sandbox/events/${event?.id}/redeliver`);
    expect((again.json as unknown as PayoutEvent).deliveries.map(({ status }) => status)).toEqual([400, 200]);
    expect(receiver.received.map(({ eventId, signed }) => [eventId, signed])).toEqual([
      [event?.id, true],
      [event?.id, true],
    ]);
  });

  it('gives up after the configured attempts and records why each failed', async () => {
    await receiver.close();
    const partner = await open({ webhookUrl: receiver.url, delivery: { attempts: 3, retryDelayMs: 5 } });
    await submit(partner, alipay('order-1005'));
    await call(partner, 'POST', '/sandbox/payouts/order-1005/paid');
    await waitFor(async () => (await events(partner))[0]?.deliveries.length === 3);
    await sleep(60);
    const deliveries = (await events(partner))[0]?.deliveries ?? [];
    expect(deliveries).toHaveLength(3);
    for (const delivery of deliveries) expect(delivery).toMatchObject({ status: null, error: expect.stringContaining('ECONNREFUSED') });
    receiver = await startReceiver();
  });

  it('does not hold up the reply, nor close, while a delivery is under way', async () => {
    // Nobody answers on port 9: every attempt fails at once and waits a long time before the next.
    const partner = await open({ webhookUrl: 'http://127.0.0.1:9/hook', delivery: { retryDelayMs: 60_000 } });
    await submit(partner, alipay('order-1006'));
    expect((await call(partner, 'POST', '/sandbox/payouts/order-1006/paid')).status).toBe(200);
    await waitFor(() => (partner.store.events.values().next().value?.deliveries.length ?? 0) === 1);
    const started = Date.now();
    await partners.splice(0)[0]?.close();
    expect(Date.now() - started, 'closed in seconds, not the minute a held connection takes').toBeLessThan(10_000);
  });
});

describe('automatic settlement', () => {
  it('pays a payout about a second after submission', async () => {
    const partner = await open({ webhookUrl: receiver.url, autoSettleSeconds: 1 });
    const started = Date.now();
    expect((await submit(partner, alipay('order-2001'))).json.status).toBe('pending');
    await sleep(500);
    expect((await lookup(partner, 'order-2001')).json.status).toBe('pending');
    await waitFor(() => receiver.received.length === 1);
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    expect(receiver.received[0]).toMatchObject({ type: 'payout.paid', signed: true, payout: { id: 'order-2001', status: 'paid' } });
    expect((await lookup(partner, 'order-2001')).json.status).toBe('paid');
  });

  it('rejects instead when the settings say so, for payouts submitted afterwards', async () => {
    const partner = await open();
    await submit(partner, alipay('order-2002'));
    const set = await call(partner, 'PUT', '/sandbox/settings', { body: { autoSettleSeconds: 1, autoOutcome: 'rejected' } });
    expect(set.json).toEqual({ autoSettleSeconds: 1, autoOutcome: 'rejected' });
    await submit(partner, alipay('order-2003'));
    await waitFor(() => receiver.received.length === 1);
    expect(receiver.received[0]).toMatchObject({
      type: 'payout.rejected',
      payout: { id: 'order-2003', status: 'rejected', reason: 'Payee account could not receive the payment' },
    });
    expect((await lookup(partner, 'order-2002')).json.status).toBe('pending');
  });

  it('leaves alone a payout marked by hand before it was due', async () => {
    const partner = await open({ webhookUrl: receiver.url, autoSettleSeconds: 0.2, autoOutcome: 'rejected' });
    await submit(partner, alipay('order-2004'));
    await call(partner, 'POST', '/sandbox/payouts/order-2004/paid');
    await sleep(350);
    expect(receiver.received.map(({ type }) => type)).toEqual(['payout.paid']);
    expect((await lookup(partner, 'order-2004')).json.status).toBe('paid');
  });
});

import { createHmac, randomUUID } from 'node:crypto';
import http from 'node:http';
import { startSandboxIssuer } from '@wallet/sandbox-issuer';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
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
  WEBHOOK_SECRET,
  waitFor,
} from '../../../../test/cards';
import { ManualClock } from '../../../../test/clock';
import { ledgerViolations } from '../../ledger';
import { WEBHOOK_PATH } from '../issuer/client';

/** Webhook security and concurrency: signed deliveries only, fresh only, once only; 500 parallel authorizations. */
let t: CardWorld;
const clock = new ManualClock(new Date('2026-11-22T08:00:00.000Z'));
let cardId: string;
let issuerId: string;
let user: Awaited<ReturnType<typeof fundedUser>>;

function signed(
  body: string,
  { timestamp = Math.floor(Date.now() / 1000), delivery = randomUUID().replaceAll('-', ''), secret = WEBHOOK_SECRET } = {},
) {
  const mac = createHmac('sha256', secret).update(`${timestamp}.${delivery}.${body}`).digest('hex');
  return { 'content-type': 'application/json', 'x-webhook-signature': `t=${timestamp},d=${delivery},v1=${mac}` };
}
const deliver = async (body: string, headers: Record<string, string>) => {
  const res = await fetch(`${t.url}${WEBHOOK_PATH}`, { method: 'POST', headers, body });
  return { status: res.status, json: (await res.json()) as Record<string, unknown> & { error?: { code: string } } };
};
const balances = async () => (await call(t, user, 'GET', `/api/v1/cards/${cardId}`)).json() as { balance: string; held: string };

beforeAll(async () => {
  t = await createCardWorld({ clock });
  user = await fundedUser(t, '5000');
  const products = (await call(t, user, 'GET', '/api/v1/cards/products')).json().products;
  const productId = products.find((p: { name: string }) => p.name === 'Virtual USD Gold').id;
  cardId = (await call(t, user, 'POST', '/api/v1/cards', { productId, firstName: 'Bo', lastName: 'Chan', paymentPassword: PIN })).json().id;
  await waitFor(
    () => call(t, user, 'GET', `/api/v1/cards/${cardId}`).then((r) => r.json()),
    (c) => c.status === 'awaiting_kyc',
  );
  issuerId = await issuerCardId(t, cardId);
  for (const side of ['front', 'back'])
    await t.app.inject({
      method: 'PUT',
      url: `/api/v1/cards/kyc/photos/${side}`,
      headers: { ...user.headers, 'content-type': 'image/jpeg' },
      payload: JPEG,
    });
  expect((await call(t, user, 'POST', '/api/v1/cards/kyc', { ...KYC_FORM, cardId })).statusCode).toBe(200);
  const { cardholders } = await sandboxGet<{ cardholders: Array<{ id: string }> }>(t, '/sandbox/cardholders');
  await sandboxPost(t, `/sandbox/cardholders/${cardholders[0]?.id}/kyc`, { decision: 'approve' });
  const recharge = await call(t, user, 'POST', `/api/v1/cards/${cardId}/recharge`, { amount: '3000', paymentPassword: PIN });
  expect(recharge.statusCode, recharge.body).toBe(200);
});
afterAll(() => t?.close());

describe('issuer webhooks', () => {
  const request = (id = `evt_${randomUUID()}`, authorizationId = `iauth_${randomUUID()}`) =>
    JSON.stringify({
      id,
      type: 'authorization.request',
      created: new Date().toISOString(),
      data: { authorizationId, cardId: issuerId, amount: '5', currency: 'USD', merchant: { name: 'Signed Shop' } },
    });

  it('refuses a bad signature, a wrong secret and a missing one', async () => {
    const body = request();
    const tampered = signed(body);
    const header = tampered['x-webhook-signature'];
    tampered['x-webhook-signature'] = header.slice(0, -1) + (header.endsWith('0') ? '1' : '0');
    expect((await deliver(body, tampered)).json.error?.code).toBe('WEBHOOK_SIGNATURE_INVALID');
    expect((await deliver(body, signed(body, { secret: 'another-secret-entirely' }))).status).toBe(401);
    expect((await deliver(body, { 'content-type': 'application/json' })).status).toBe(401);
    // The signature covers the body: the same header on a changed body fails.
    expect((await deliver(body.replace('"5"', '"500"'), signed(body))).status).toBe(401);
    expect(await balances()).toMatchObject({ held: '0' });
  });

  it('refuses a stale (or future) timestamp even when correctly signed', async () => {
    // Freshness is judged on the wall clock (Date), not the app's: held still here, so the tolerance's
    // 300 seconds are exact however long a delivery takes on a busy machine.
    const now = Math.floor(Date.now() / 1000);
    vi.useFakeTimers({ toFake: ['Date'], now: now * 1000 });
    try {
      const body = request();
      const stale = await deliver(body, signed(body, { timestamp: now - 301 }));
      expect(stale).toMatchObject({ status: 401, json: { error: { code: 'WEBHOOK_TIMESTAMP_STALE' } } });
      const future = await deliver(body, signed(body, { timestamp: now + 301 }));
      expect(future.status).toBe(401);
      // 300 seconds old is still fresh: this one passes the check and meets the event's own rule.
      const clearing = JSON.stringify({
        id: `evt_${randomUUID()}`,
        type: 'authorization.clearing',
        created: new Date().toISOString(),
        data: { authorizationId: 'iauth_unknown', cardId: issuerId, amount: '5', currency: 'USD', merchant: { name: 'Later' } },
      });
      expect(await deliver(clearing, signed(clearing, { timestamp: now - 300 }))).toMatchObject({
        status: 409,
        json: { error: { code: 'CARD_EVENT_TOO_EARLY' } },
      });
    } finally {
      vi.useRealTimers();
    }
    expect(await balances()).toMatchObject({ held: '0' });
  });

  it('refuses a replayed delivery, and answers a re-sent event with the first decision, holding once', async () => {
    const body = request();
    const headers = signed(body);
    expect(await deliver(body, headers)).toMatchObject({ status: 200, json: { approved: true, reason: null } });
    expect(await deliver(body, headers)).toMatchObject({ status: 409, json: { error: { code: 'WEBHOOK_REPLAYED' } } });
    const resent = await deliver(body, signed(body));
    expect(resent).toMatchObject({ status: 200, json: { approved: true } });
    expect(await balances()).toMatchObject({ held: '5' });
  });

  it('processes an event once by its id, whatever the delivery', async () => {
    const authorizationId = `iauth_${randomUUID()}`;
    const purchase = request(undefined, authorizationId);
    expect((await deliver(purchase, signed(purchase))).status).toBe(200);
    const held = Number((await balances()).held);
    const reversal = JSON.stringify({
      id: `evt_${randomUUID()}`,
      type: 'authorization.reversal',
      created: new Date().toISOString(),
      data: { authorizationId, cardId: issuerId, amount: '5', currency: 'USD', merchant: { name: 'Signed Shop' } },
    });
    expect(await deliver(reversal, signed(reversal))).toMatchObject({ status: 200, json: { duplicate: false } });
    expect(await deliver(reversal, signed(reversal))).toMatchObject({ status: 200, json: { duplicate: true } });
    expect(Number((await balances()).held)).toBe(held - 5);
  });

  it('asks the issuer to retry an event about an authorization it has not seen yet', async () => {
    const clearing = JSON.stringify({
      id: `evt_${randomUUID()}`,
      type: 'authorization.clearing',
      created: new Date().toISOString(),
      data: { authorizationId: 'iauth_unknown', cardId: issuerId, amount: '5', currency: 'USD', merchant: { name: 'Later' } },
    });
    expect(await deliver(clearing, signed(clearing))).toMatchObject({ status: 409, json: { error: { code: 'CARD_EVENT_TOO_EARLY' } } });
  });

  it('lets the sandbox stand in with its default (decline) when the app does not answer within 2 seconds', async () => {
    // Told by the order of events rather than by reading the clock, which a busy machine stretches: a
    // mark set 1.9 s before the purchase is asked for, the app's answer due 3 s after the delivery reached
    // it, and the moment the issuer gives up on the delivery, between the two.
    const seen: string[] = [];
    const slow = http.createServer((_req, res) => {
      res.on('close', () => seen.push(res.writableFinished ? 'answered' : 'given up'));
      setTimeout(() => res.end('{"approved":true}'), 3000);
    });
    await new Promise<void>((resolve) => slow.listen(0, '127.0.0.1', resolve));
    const port = (slow.address() as { port: number }).port;
    const issuer = await startSandboxIssuer({
      webhookUrl: `http://127.0.0.1:${port}/`,
      webhookSecret: WEBHOOK_SECRET,
      apiKey: 'k',
      attempts: 1,
    } as never);
    try {
      issuer.store.cards.set('ic_slow', {
        id: 'ic_slow',
        cardholderId: 'ich',
        reference: 'r',
        type: 'virtual',
        currency: 'USD',
        state: 'open',
        pan: null,
        cvv: null,
        expMonth: null,
        expYear: null,
        pinSet: false,
        balanceMinor: 0n,
        shipping: { status: 'none', trackingNumber: null, address: null },
        createdAt: '',
      });
      const mark = setTimeout(() => seen.push('1.9 s'), 1900);
      const res = await fetch(`${issuer.url}/sandbox/cards/ic_slow/purchase`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ amount: '1' }),
      });
      clearTimeout(mark);
      expect(await res.json()).toMatchObject({ approved: false, reason: 'issuer_timeout', timedOut: true });
      await expect.poll(() => seen).toEqual(['1.9 s', 'given up']);
    } finally {
      await issuer.close();
      slow.closeAllConnections();
      slow.close();
    }
  });

  it('releases a hold the app placed when the issuer says the authorization expired (stand-in decline)', async () => {
    const authorizationId = `iauth_${randomUUID()}`;
    const body = request(undefined, authorizationId);
    await deliver(body, signed(body));
    const before = await balances();
    const expired = JSON.stringify({
      id: `evt_${randomUUID()}`,
      type: 'authorization.expired',
      created: new Date().toISOString(),
      data: { authorizationId, cardId: issuerId, amount: '5', currency: 'USD', merchant: { name: 'Signed Shop' }, approved: false },
    });
    expect((await deliver(expired, signed(expired))).status).toBe(200);
    const after = await balances();
    expect(Number(after.held)).toBe(Number(before.held) - 5);
    // Expired first, request later (any order): the late request finds the tombstone and holds nothing.
    const lateId = `iauth_${randomUUID()}`;
    const early = JSON.stringify({
      id: `evt_${randomUUID()}`,
      type: 'authorization.expired',
      created: new Date().toISOString(),
      data: { authorizationId: lateId, cardId: issuerId, amount: '5', currency: 'USD', merchant: { name: 'Late' }, approved: false },
    });
    expect((await deliver(early, signed(early))).status).toBe(200);
    const late = request(undefined, lateId);
    expect(await deliver(late, signed(late))).toMatchObject({ status: 200, json: { approved: false, reason: 'issuer_timeout' } });
    expect(await balances()).toEqual(after);
  });
});

describe('500 parallel authorizations on one card', () => {
  it('never approves more than the balance, agrees with the issuer, and keeps the books balanced', { timeout: 180_000 }, async () => {
    const start = await balances();
    const total = Number(start.balance) + Number(start.held);
    const results = await Promise.all(
      Array.from({ length: 500 }, (_, i) =>
        fetch(`${t.sandbox.url}/sandbox/cards/${issuerId}/purchase`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ amount: i % 2 ? '7.5' : '10', merchant: `Shop ${i}` }),
        }).then((r) => r.json() as Promise<{ approved: boolean; amount: string; reason: string | null }>),
      ),
    );
    // Decisions of one card are taken one after another; those the sandbox stopped waiting for (2 s)
    // were declined by it and announced with authorization.expired, which releases any late hold.
    const approvedAtIssuer = results.filter((r) => r.approved).reduce((sum, r) => sum + Number(r.amount), 0);
    const db = t.database.handle.db;
    const end = await waitFor(
      () => balances(),
      (b) => Math.abs(Number(b.held) - Number(start.held) - approvedAtIssuer) < 1e-9,
      90_000,
    );
    const rows = await db
      .selectFrom('card_transactions')
      .selectAll()
      .where('card_id', '=', cardId)
      .where('type', '=', 'authorization')
      .execute();
    const heldByRows = rows.reduce((sum, r) => sum + Number(r.held), 0);
    expect(Number(end.held)).toBeCloseTo(heldByRows, 6);
    expect(Number(end.balance)).toBeGreaterThanOrEqual(0);
    expect(Number(end.balance) + Number(end.held)).toBeCloseTo(total, 6);
    expect(approvedAtIssuer).toBeLessThanOrEqual(Number(start.balance));
    expect(results.some((r) => r.approved)).toBe(true);
    expect(await ledgerViolations(db)).toEqual([]);
  });
});

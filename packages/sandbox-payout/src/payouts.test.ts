import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { alipay, bank, call, lookup, type Partner, start, startReceiver, submit } from './test-kit';

let receiver: Awaited<ReturnType<typeof startReceiver>>;
let partner: Partner;
beforeEach(async () => {
  receiver = await startReceiver();
  partner = await start({ webhookUrl: receiver.url });
});
afterEach(async () => {
  await partner.close();
  await receiver.close();
});

describe('submitting a payout', () => {
  it('records it pending and answers a repeat of the key with the same payout as it stands now', async () => {
    const first = await submit(partner, alipay('order-0001'));
    expect(first).toEqual({
      status: 200,
      json: {
        id: 'order-0001',
        reference: expect.stringMatching(/^PO[0-9A-Z]{12}$/),
        status: 'pending',
        amount: '687.50',
        currency: 'CNY',
        method: 'alipay',
        reason: null,
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
      },
    });
    expect(await submit(partner, alipay('order-0001'))).toEqual(first);
    // The same amount written differently is the same request.
    expect(await submit(partner, alipay('order-0001', { amount: '687.5' }))).toEqual(first);
    expect(partner.store.payouts.size).toBe(1);

    await call(partner, 'POST', '/sandbox/payouts/order-0001/paid');
    const repeat = await submit(partner, alipay('order-0001'));
    expect(repeat.json).toMatchObject({ reference: first.json.reference, status: 'paid' });
  });

  it('takes bank payouts and writes amounts with 2 decimals', async () => {
    const res = await submit(partner, bank('order-bank-1', { amount: '100' }));
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ method: 'bank', amount: '100.00', status: 'pending' });
  });

  it('refuses the same key for a different amount, method or account (409) and keeps the first', async () => {
    expect((await submit(partner, alipay('order-0002'))).status).toBe(200);
    for (const body of [
      alipay('order-0002', { amount: '687.51' }),
      bank('order-0002', { amount: '687.50' }),
      alipay('order-0002', { payee: { name: '张三', idNumber: '11010519491231002X', account: 'zhang@example.com' } }),
    ]) {
      const res = await submit(partner, body);
      expect(res.status, JSON.stringify(body)).toBe(409);
      expect(res.json.error?.code).toBe('idempotency_conflict');
    }
    expect((await lookup(partner, 'order-0002')).json).toMatchObject({ amount: '687.50', method: 'alipay' });
  });

  it('asks for the API key on every partner call (401)', async () => {
    for (const auth of [false, 'wrong-key'] as const) {
      const submitted = await call(partner, 'POST', '/v1/payouts', { body: alipay('order-0003'), key: 'order-0003', auth });
      expect(submitted).toEqual({ status: 401, json: { error: { code: 'unauthorized', message: expect.any(String) } } });
      expect((await call(partner, 'GET', '/v1/payouts/order-0003', { auth })).status).toBe(401);
    }
    expect(partner.store.payouts.size).toBe(0);
  });

  it('refuses each kind of bad request (400 invalid_request) and records nothing', async () => {
    const payee = alipay('x').payee;
    const cases: Array<{ what: string; body?: unknown; raw?: string; key?: string }> = [
      { what: 'no Idempotency-Key', body: alipay('order-0004') },
      { what: 'short key', body: alipay('order'), key: 'order' },
      { what: 'key with a space', body: alipay('order 0004'), key: 'order 0004' },
      { what: 'id not the key', body: alipay('order-0005'), key: 'order-0004' },
      { what: 'not JSON', raw: '{"id":', key: 'order-0004' },
      { what: 'not an object', body: ['order-0004'], key: 'order-0004' },
      { what: 'amount as a number', body: alipay('order-0004', { amount: 687.5 }) },
      { what: 'amount zero', body: alipay('order-0004', { amount: '0.00' }) },
      { what: 'amount negative', body: alipay('order-0004', { amount: '-1' }) },
      { what: 'amount with 3 decimals', body: alipay('order-0004', { amount: '1.234' }) },
      { what: 'amount in exponent form', body: alipay('order-0004', { amount: '1e3' }) },
      { what: 'amount with a leading zero', body: alipay('order-0004', { amount: '01.00' }) },
      { what: 'currency', body: alipay('order-0004', { currency: 'USD' }) },
      { what: 'method', body: alipay('order-0004', { method: 'wechat' }) },
      { what: 'no payee', body: alipay('order-0004', { payee: undefined }) },
      { what: 'empty name', body: alipay('order-0004', { payee: { ...payee, name: ' ' } }) },
      { what: 'no idNumber', body: alipay('order-0004', { payee: { ...payee, idNumber: undefined } }) },
      { what: 'empty account', body: alipay('order-0004', { payee: { ...payee, account: '' } }) },
      { what: 'bank without bankName', body: bank('order-0004', { payee: { ...bank('x').payee, bankName: undefined } }) },
      { what: 'bank without phone', body: bank('order-0004', { payee: { ...bank('x').payee, phone: '' } }) },
    ];
    for (const { what, body, raw, key } of cases) {
      const id = (body as { id?: string } | undefined)?.id;
      const res = await call(partner, 'POST', '/v1/payouts', {
        ...(raw === undefined ? { body } : { raw }),
        ...(key !== undefined ? { key } : what === 'no Idempotency-Key' ? {} : { key: id }),
      });
      expect(res.status, what).toBe(400);
      expect(res.json.error?.code, what).toBe('invalid_request');
      expect(res.json.error?.message, what).toEqual(expect.any(String));
    }
    expect(partner.store.payouts.size).toBe(0);
  });
});

describe('looking a payout up', () => {
  it('is 404 before it was submitted and the payout after', async () => {
    expect(await lookup(partner, 'order-0006')).toEqual({
      status: 404,
      json: { error: { code: 'not_found', message: expect.any(String) } },
    });
    const submitted = await submit(partner, bank('order-0006'));
    expect(await lookup(partner, 'order-0006')).toEqual(submitted);
  });
});

describe('back office', () => {
  it('marks paid once, refuses to pay a rejected payout, and knows no unknown one', async () => {
    await submit(partner, alipay('order-0007'));
    await submit(partner, alipay('order-0008'));
    const paid = await call(partner, 'POST', '/sandbox/payouts/order-0007/paid');
    expect(paid.json).toMatchObject({ id: 'order-0007', status: 'paid', reason: null });
    expect(await call(partner, 'POST', '/sandbox/payouts/order-0007/paid')).toEqual(paid);
    expect((await call(partner, 'POST', '/sandbox/payouts/order-0007/rejected')).status).toBe(409);

    expect((await call(partner, 'POST', '/sandbox/payouts/order-0008/rejected', { body: {} })).json).toMatchObject({
      status: 'rejected',
      reason: 'Payee account could not receive the payment',
    });
    expect((await call(partner, 'POST', '/sandbox/payouts/order-0008/paid')).status).toBe(409);
    for (const reason of ['', 'x'.repeat(201), 42]) {
      expect((await call(partner, 'POST', '/sandbox/payouts/order-0008/rejected', { body: { reason } })).status).toBe(400);
    }
    expect((await call(partner, 'POST', '/sandbox/payouts/order-none/paid')).status).toBe(404);
    expect((await call(partner, 'POST', '/sandbox/events/evt_none/redeliver')).status).toBe(404);
  });

  it('lists payouts newest first with ID, account and phone numbers masked to their last 4', async () => {
    await submit(partner, alipay('order-0009'));
    await submit(partner, bank('order-0010'));
    await call(partner, 'POST', '/sandbox/payouts/order-0010/paid');
    const listed = await call(partner, 'GET', '/sandbox/payouts', { auth: false });
    expect((listed.json.payouts as Array<{ id: string }>).map(({ id }) => id)).toEqual(['order-0010', 'order-0009']);
    expect((listed.json.payouts as unknown[])[0]).toMatchObject({
      payee: { name: '李四', idNumber: '****0021', account: '****3445', bankName: '中国工商银行', phone: '****9000' },
    });
    expect((listed.json.payouts as unknown[])[1]).toMatchObject({
      payee: { name: '张三', idNumber: '****002X', account: '****8000', bankName: null, phone: null },
    });

    const shown = JSON.stringify([listed.json, (await call(partner, 'GET', '/sandbox/events')).json]);
    for (const secret of ['13800138000', '11010519491231002X', '6222020200112233445', '110105194912310021', '13900139000'])
      expect(shown).not.toContain(secret);
  });

  it('checks the settings asked for', async () => {
    expect((await call(partner, 'GET', '/sandbox/settings')).json).toEqual({ autoSettleSeconds: null, autoOutcome: 'paid' });
    for (const body of [
      { autoSettleSeconds: -1 },
      { autoSettleSeconds: 3601 },
      { autoSettleSeconds: '5' },
      { autoOutcome: 'lost' },
      { delay: 1 },
    ])
      expect((await call(partner, 'PUT', '/sandbox/settings', { body })).status, JSON.stringify(body)).toBe(400);
    expect((await call(partner, 'PUT', '/sandbox/settings', { body: { autoSettleSeconds: 30 } })).json).toEqual({
      autoSettleSeconds: 30,
      autoOutcome: 'paid',
    });
  });
});

describe('dev page', () => {
  it('loads nothing from other hosts and shows no full account or ID number', async () => {
    await submit(partner, bank('order-0011'));
    const res = await fetch(`${partner.url}/`);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await res.text();
    expect(html).toContain('<title>Sandbox payout partner</title>');
    expect(html).not.toMatch(/https?:\/\//);
    expect(html).not.toMatch(/\/\/[a-z0-9.-]+\.[a-z]{2,}/i);
    for (const secret of ['6222020200112233445', '110105194912310021']) expect(html).not.toContain(secret);
  });
});

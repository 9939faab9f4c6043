import { once } from 'node:events';
import { connect } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { alipay, call, lookup, type Partner, sleep, start, submit, waitFor } from './test-kit';

let partner: Partner;
let closed = false;
beforeEach(async () => {
  closed = false;
  // No webhooks in these tests: nobody needs to listen.
  partner = await start({ webhookUrl: 'http://127.0.0.1:9/hook' });
});
afterEach(async () => {
  if (!closed) await partner.close();
});

const arm = (fault: object) => call(partner, 'POST', '/sandbox/faults', { body: fault, auth: false });
const armed = async () => (await call(partner, 'GET', '/sandbox/faults')).json as { faults: unknown[]; down: { until: string } | null };

describe('arming faults', () => {
  it('refuses bad requests, lists what is armed with its defaults, and clears it all', async () => {
    for (const body of [{}, { mode: 'explode' }, { mode: 'refuse', count: 0 }, { mode: 'down', ms: -1 }, { mode: 'refuse', times: 2 }]) {
      const res = await arm(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.json.error?.code).toBe('invalid_request');
    }
    await arm({ mode: 'timeout-before' });
    await arm({ mode: 'refuse', count: 2 });
    expect((await armed()).faults).toEqual([
      { id: 1, mode: 'timeout-before', ms: 15_000, remaining: 1 },
      { id: 2, mode: 'refuse', ms: 0, remaining: 2 },
    ]);
    expect((await call(partner, 'DELETE', '/sandbox/faults')).json).toEqual({ faults: [], down: null });
    expect((await submit(partner, alipay('order-3000'))).status).toBe(200);
  });
});

describe('fault modes on submissions', () => {
  it('refuse: 422 payee_rejected, nothing recorded, and a retry with the same key then goes through', async () => {
    await arm({ mode: 'refuse' });
    expect(await submit(partner, alipay('order-3001'))).toEqual({
      status: 422,
      json: { error: { code: 'payee_rejected', message: expect.any(String) } },
    });
    expect((await lookup(partner, 'order-3001')).status).toBe(404);
    const retried = await submit(partner, alipay('order-3001'));
    expect(retried.status).toBe(200);
    expect(retried.json).toMatchObject({ id: 'order-3001', status: 'pending' });
  });

  it('timeout-after: recorded although the caller gave up, so a lookup and a repeat find it', async () => {
    await arm({ mode: 'timeout-after', ms: 400 });
    await expect(submit(partner, alipay('order-3002'), AbortSignal.timeout(100))).rejects.toThrow(/abort|timeout/i);
    // On a loaded machine the caller can give up before the sandbox has even read the request: wait for
    // the record, which is what this mode promises, rather than assume it was made within 100 ms.
    await waitFor(async () => (await lookup(partner, 'order-3002')).status === 200);
    const found = await lookup(partner, 'order-3002');
    expect(found.json).toMatchObject({ id: 'order-3002', status: 'pending', amount: '687.50' });
    expect(await submit(partner, alipay('order-3002'))).toEqual(found);
    expect(partner.store.payouts.size).toBe(1);
  });

  it('timeout-after: a caller that waits gets 504', async () => {
    await arm({ mode: 'timeout-after', ms: 100 });
    expect((await submit(partner, alipay('order-3003'))).json.error?.code).toBe('gateway_timeout');
    expect((await lookup(partner, 'order-3003')).status).toBe(200);
  });

  it('timeout-before: 504 after the hold, nothing recorded, and a retry with the key goes through', async () => {
    await arm({ mode: 'timeout-before', ms: 150 });
    // A mark set before the call, due before the hold it starts can end: the reply comes after it.
    let markPassed = false;
    const mark = setTimeout(() => {
      markPassed = true;
    }, 140);
    expect(await submit(partner, alipay('order-3004'))).toEqual({
      status: 504,
      json: { error: { code: 'gateway_timeout', message: expect.any(String) } },
    });
    clearTimeout(mark);
    expect(markPassed, 'the reply waited out the hold').toBe(true);
    expect((await lookup(partner, 'order-3004')).status).toBe(404);
    expect((await submit(partner, alipay('order-3004'))).status).toBe(200);
  });

  it('timeout-before: nothing recorded when the caller gave up either', async () => {
    await arm({ mode: 'timeout-before', ms: 300 });
    await expect(submit(partner, alipay('order-3005'), AbortSignal.timeout(50))).rejects.toThrow(/abort|timeout/i);
    await sleep(300);
    expect((await lookup(partner, 'order-3005')).status).toBe(404);
    expect(partner.store.payouts.size).toBe(0);
  });

  it('down: submissions and lookups answer 503 for the whole outage, then work again', async () => {
    expect((await submit(partner, alipay('order-3006'))).status).toBe(200);
    await arm({ mode: 'down', ms: 300 });
    for (const res of [
      await submit(partner, alipay('order-3007')),
      await submit(partner, alipay('order-3006')),
      await lookup(partner, 'order-3006'),
    ])
      expect(res).toEqual({ status: 503, json: { error: { code: 'unavailable', message: expect.any(String) } } });
    expect((await armed()).down).not.toBeNull();

    await waitFor(async () => (await armed()).down === null);
    expect((await lookup(partner, 'order-3006')).status).toBe(200);
    expect((await lookup(partner, 'order-3007')).status).toBe(404);
    expect((await submit(partner, alipay('order-3007'))).status).toBe(200);
  });
});

describe('closing with a held reply', () => {
  it("closes promptly after the client's own timeout gave up on a held reply", async () => {
    await arm({ mode: 'timeout-before', ms: 60_000 });
    await expect(submit(partner, alipay('order-3008'), AbortSignal.timeout(50))).rejects.toThrow(/abort|timeout/i);
    // A connection that never carries a request, which Node's close() would otherwise wait about a minute for.
    const unused = connect(Number(new URL(partner.url).port), '127.0.0.1');
    unused.on('error', () => {});
    await once(unused, 'connect');

    const started = Date.now();
    closed = true;
    await partner.close();
    expect(Date.now() - started, 'closed in seconds, not the minute a held connection takes').toBeLessThan(10_000);
    expect(partner.store.payouts.size).toBe(0);
  });

  it('answers a held timeout-after reply and closes promptly, the payout kept', async () => {
    await arm({ mode: 'timeout-after', ms: 60_000 });
    const held = submit(partner, alipay('order-3009'));
    await waitFor(() => partner.store.payouts.has('order-3009'));
    const started = Date.now();
    closed = true;
    await partner.close();
    expect(Date.now() - started, 'closed in seconds, not the minute a held connection takes').toBeLessThan(10_000);
    expect((await held).status).toBe(504);
  });
});

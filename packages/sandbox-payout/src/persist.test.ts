import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildSandboxPayout } from './server';
import { API_KEY, alipay, bank, call, lookup, type Partner, SECRET, sleep, start, startReceiver, submit, waitFor } from './test-kit';

let receiver: Awaited<ReturnType<typeof startReceiver>>;
let dir: string;
let file: string;
const running: Partner[] = [];
beforeEach(async () => {
  receiver = await startReceiver();
  dir = await mkdtemp(path.join(os.tmpdir(), 'sandbox-payout-'));
  file = path.join(dir, 'nested', 'sandbox-payout.json');
});
afterEach(async () => {
  for (const partner of running.splice(0)) await partner.close();
  await receiver.close();
  await rm(dir, { recursive: true, force: true });
});

async function open(options: Partial<Parameters<typeof start>[0]> = {}) {
  const partner = await start({ webhookUrl: receiver.url, stateFile: file, ...options });
  running.push(partner);
  return partner;
}

async function stop(partner: Partner) {
  running.splice(running.indexOf(partner), 1);
  await partner.close();
}

describe('state file', () => {
  it('keeps payouts, their outcome and events across a restart, and idempotency with them', async () => {
    const first = await open();
    const paid = await submit(first, alipay('order-4001'));
    const pending = await submit(first, bank('order-4002'));
    await call(first, 'POST', '/sandbox/payouts/order-4001/paid');
    // The delivery's answer recorded, not just the request received: close() abandons an attempt still
    // waiting for its answer (recording nothing), and a loaded machine can stop the sandbox in between.
    const delivered = async () => {
      const { events } = (await call(first, 'GET', '/sandbox/events')).json as { events: Array<{ deliveries: unknown[] }> };
      return events[0]?.deliveries.length === 1;
    };
    await waitFor(delivered);
    await stop(first);
    expect((await stat(file)).mode & 0o777).toBe(0o600);

    const second = await open();
    expect((await lookup(second, 'order-4001')).json).toMatchObject({ reference: paid.json.reference, status: 'paid' });
    expect(await lookup(second, 'order-4002')).toEqual(pending);
    expect(await submit(second, bank('order-4002'))).toEqual(pending);
    expect((await submit(second, bank('order-4002', { amount: '1' }))).status).toBe(409);
    const events = (await call(second, 'GET', '/sandbox/events')).json.events as Array<{ type: string; deliveries: unknown[] }>;
    expect(events).toMatchObject([{ type: 'payout.paid', deliveries: [{ status: 200 }] }]);
    // Delivered before the restart: not sent again.
    await sleep(100);
    expect(receiver.received).toHaveLength(1);
  });

  it('settles promptly after a restart a payout that fell due while the sandbox was down', async () => {
    const first = await open({ autoSettleSeconds: 0.2, autoOutcome: 'rejected' });
    await submit(first, alipay('order-4003'));
    await stop(first);
    await sleep(300);
    expect(receiver.received).toHaveLength(0);

    // The settlement it was submitted under, whatever this run's settings.
    const second = await open({ autoSettleSeconds: null });
    await waitFor(() => receiver.received.length === 1, 500);
    expect(receiver.received[0]).toMatchObject({ type: 'payout.rejected', payout: { id: 'order-4003', status: 'rejected' } });
    expect((await lookup(second, 'order-4003')).json.status).toBe('rejected');
  });

  it('delivers after a restart an event the app had not taken yet', async () => {
    receiver.answers.push(503);
    const first = await open({ delivery: { attempts: 1, retryDelayMs: 20 } });
    await submit(first, alipay('order-4004'));
    await call(first, 'POST', '/sandbox/payouts/order-4004/paid');
    await waitFor(() => receiver.received.length === 1);
    await stop(first);

    await open();
    await waitFor(() => receiver.received.length === 2);
    expect(receiver.received.map(({ status, type }) => [status, type])).toEqual([
      [503, 'payout.paid'],
      [200, 'payout.paid'],
    ]);
  });

  it('refuses to start from a file it cannot read', async () => {
    await writeFile(path.join(dir, 'broken.json'), '{"format":');
    expect(() =>
      buildSandboxPayout({ webhookUrl: receiver.url, webhookSecret: SECRET, apiKey: API_KEY, stateFile: path.join(dir, 'broken.json') }),
    ).toThrow(/delete it to start the sandbox afresh/);
    expect(await readFile(path.join(dir, 'broken.json'), 'utf8')).toBe('{"format":');
  });
});

import { once } from 'node:events';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../test/free-port';
import { processesNaming, startServer, waitForReady } from '../test/server-process';

function postgresProcessesFor(dataDir: string): string[] {
  return processesNaming(dataDir);
}

/** The demo account (development data) buys a virtual card; resolves once the sandbox opened it. */
async function openDemoCard(base: string): Promise<string> {
  const json = async <T>(path: string, init?: { body: object; token?: string }): Promise<T> => {
    const res = await fetch(`${base}${path}`, {
      method: init ? 'POST' : 'GET',
      headers: {
        ...(init ? { 'content-type': 'application/json', 'idempotency-key': crypto.randomUUID() } : {}),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: init ? JSON.stringify(init.body) : undefined,
    });
    expect(res.status, `${path}: ${await res.clone().text()}`).toBe(200);
    return (await res.json()) as T;
  };
  let token = '';
  token = (
    await json<{ token: string }>('/api/v1/auth/login/password', { body: { email: 'demo@sbc-wallet.local', password: 'demo12345' } })
  ).token;
  const { products } = await json<{ products: Array<{ id: string; type: string }> }>('/api/v1/cards/products');
  const card = await json<{ id: string }>('/api/v1/cards', {
    body: { productId: products.find((p) => p.type === 'virtual')?.id, firstName: 'Demo', lastName: 'User', paymentPassword: '123456' },
  });
  const deadline = Date.now() + 30_000;
  while ((await json<{ status: string }>(`/api/v1/cards/${card.id}`)).status === 'opening' && Date.now() < deadline)
    await new Promise((r) => setTimeout(r, 250));
  expect((await json<{ status: string }>(`/api/v1/cards/${card.id}`)).status).toBe('awaiting_kyc');
  return card.id;
}

/** The app's card ids the development sandbox issuer holds cards for. */
async function sandboxCardReferences(base: string): Promise<string[]> {
  const sandbox = (await fetch(`${base}/dev/issuer`, { redirect: 'manual' })).headers.get('location') ?? '';
  const { cards } = (await (await fetch(`${sandbox.replace(/\/$/, '')}/sandbox/cards`)).json()) as { cards: Array<{ reference: string }> };
  return cards.map((card) => card.reference);
}

describe('the server process with an embedded PostgreSQL', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'wallet-main-'));
    await chmod(dataDir, 0o755);
  });
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it('starts, stops on SIGTERM leaving no PostgreSQL behind, and restarts on the same data, sandbox cards included', async () => {
    const env = {
      DATA_DIR: dataDir,
      EMBEDDED_PG_PORT: String(await freePort()),
      PORT: String(await freePort()),
      // The local chain starts too (development), on a port of its own.
      DEVCHAIN_PORT: String(await freePort()),
    };

    let cardId = '';
    for (const round of ['first start (initialises)', 'second start (reuses the data folder)']) {
      const server = startServer(env);
      await waitForReady(Number(env.PORT), server.child).catch((error) => {
        throw new Error(`${round}: ${error.message}\n${server.output()}`);
      });
      expect(postgresProcessesFor(dataDir).length, round).toBeGreaterThan(0);
      const base = `http://127.0.0.1:${env.PORT}`;
      if (round.startsWith('first')) cardId = await openDemoCard(base);
      // The sandbox issuer still knows the card the app remembers, so the app can go on with it.
      else expect(await sandboxCardReferences(base), server.output()).toContain(cardId);

      server.child.kill('SIGTERM');
      const [code] = await once(server.child, 'exit');
      expect(code, server.output()).toBe(0);
      expect(server.output()).toContain('"msg":"stopped"');
      expect(postgresProcessesFor(dataDir), round).toEqual([]);
    }
  });

  it('refuses to start with bad configuration and names each bad variable', async () => {
    const server = startServer({ PORT: 'eighty', LOG_LEVEL: 'loud' });
    const [code] = await once(server.child, 'exit');
    expect(code).toBe(1);
    expect(server.output()).toContain('PORT: must be a whole number');
    expect(server.output()).toContain('LOG_LEVEL: must be a pino level');
  });
});

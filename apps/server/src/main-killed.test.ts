import { once } from 'node:events';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Decimal } from '@wallet/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../test/free-port';
import { processesNaming, type ServerProcess, startServer, waitForReady } from '../test/server-process';
import { ledgerViolations } from './modules/ledger';
import { openDatabase } from './platform/db/database';
import { postmasterPid } from './platform/db/leftover-postgres';
import { WATCHDOG_NAME } from './platform/db/postgres-watchdog';

const DEMO = { email: 'demo@sbc-wallet.local', password: 'demo12345', paymentPassword: '123456' };
/** A mainland resident ID number born 1990-01-01, with its MOD 11-2 check character. */
const ID_NUMBER = '110105199001011232';
const ORDERS_A_ROUND = 4;
const EXCHANGES_A_ROUND = 4;

type Reply = { status: number; body: { error?: { code: string }; id?: string; amount?: string; quote?: { amountIn: string } } };

/** A money request as a phone sends it: retried with the same Idempotency-Key when its answer is lost. */
interface MoneyRequest {
  kind: 'order' | 'exchange';
  route: string;
  key: string;
  body: object;
  answer?: Reply;
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, what: string, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`waited ${timeoutMs} ms for ${what}; last: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

describe('a server killed with SIGKILL in the middle of money operations', () => {
  let dataDir: string;
  let server: ServerProcess | undefined;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'wallet-killed-'));
    await chmod(dataDir, 0o755);
  });
  afterAll(async () => {
    if (server?.child.exitCode === null) {
      server.child.kill('SIGTERM');
      await once(server.child, 'exit');
    }
    await rm(dataDir, { recursive: true, force: true });
  });

  it('starts again on the same data folder and finishes every operation exactly once', { timeout: 600_000 }, async () => {
    const env = {
      DATA_DIR: dataDir,
      EMBEDDED_PG_PORT: String(await freePort()),
      PORT: String(await freePort()),
      DEVCHAIN_PORT: String(await freePort()),
      // The sandbox partner pays each order by itself, two seconds after it arrives.
      SANDBOX_PAYOUT_AUTO_SETTLE_SECONDS: '2',
    };
    const base = `http://127.0.0.1:${env.PORT}`;
    const databaseUrl = `postgres://postgres:wallet-embedded@127.0.0.1:${env.EMBEDDED_PG_PORT}/wallet`;
    const databaseDir = path.join(dataDir, 'postgres');
    const start = async (what: string) => {
      server = startServer(env);
      const started = server;
      await waitForReady(Number(env.PORT), started.child).catch((error) => {
        throw new Error(`${what}: ${error.message}\n${started.output()}`);
      });
      return started;
    };
    let token = '';
    const call = async (method: string, route: string, body?: object, key: string = crypto.randomUUID()): Promise<Reply> => {
      const res = await fetch(`${base}${route}`, {
        method,
        headers: {
          ...(body ? { 'content-type': 'application/json', 'idempotency-key': key } : {}),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: body ? JSON.stringify(body) : undefined,
      });
      return { status: res.status, body: (await res.json()) as Reply['body'] };
    };
    const ok = async (method: string, route: string, body?: object) => {
      const reply = await call(method, route, body);
      expect(reply.status, `${method} ${route}: ${JSON.stringify(reply.body)}`).toBe(200);
      return reply.body as Record<string, unknown>;
    };
    const usdt = async () => {
      const { balances } = (await ok('GET', '/api/v1/wallet/balances')) as { balances: Array<{ currency: string; balance: string }> };
      return new Decimal(balances.find((b) => b.currency === 'USDT')?.balance ?? '0');
    };

    let first = await start('first start');
    token = ((await ok('POST', '/api/v1/auth/login/password', { email: DEMO.email, password: DEMO.password })) as { token: string }).token;
    const payee = (await ok('POST', '/api/v1/payout/payees', {
      payee: {
        kind: 'alipay',
        alipayAccount: '13800138000',
        lastName: 'User',
        firstName: 'Demo',
        birthDate: '1990-01-01',
        city: 'Hangzhou',
        address: '969 Wenyi West Road',
        idNumber: ID_NUMBER,
      },
      paymentPassword: DEMO.paymentPassword,
    })) as { id: string };
    const startingUsdt = await usdt();

    const requests: MoneyRequest[] = [];
    const rounds = [
      { name: 'the server and its watchdog killed: the next start stops the PostgreSQL left running', killWatchdog: true },
      { name: 'the server alone killed: its watchdog stops PostgreSQL', killWatchdog: false },
    ];
    for (const [index, round] of rounds.entries()) {
      const pgPid = await postmasterPid(databaseDir);
      expect(pgPid, round.name).not.toBeNull();
      const watchdogs = processesNaming(`${WATCHDOG_NAME} ${pgPid}`);
      expect(watchdogs, round.name).toHaveLength(1);

      // Orders (each a hold until the partner pays) and exchanges, all at once; each asks its own quote first.
      const send = async (kind: MoneyRequest['kind'], amount: string) => {
        const quote =
          kind === 'order'
            ? await call('POST', '/api/v1/payout/quotes', { kind: 'alipay', amount })
            : await call('POST', '/api/v1/wallet/exchange/quotes', { from: 'USDT', to: 'USD', amount });
        if (quote.status !== 200) return;
        const request: MoneyRequest =
          kind === 'order'
            ? {
                kind,
                route: '/api/v1/payout/orders',
                key: crypto.randomUUID(),
                body: { quoteId: quote.body.id, payeeId: payee.id, paymentPassword: DEMO.paymentPassword },
              }
            : {
                kind,
                route: '/api/v1/wallet/exchange',
                key: crypto.randomUUID(),
                body: { quoteId: quote.body.id, paymentPassword: DEMO.paymentPassword },
              };
        requests.push(request);
        request.answer = await call('POST', request.route, request.body, request.key);
      };
      const inFlight = [
        ...Array.from({ length: ORDERS_A_ROUND }, (_, i) => send('order', `${10 + index * 10 + i}.25`)),
        ...Array.from({ length: EXCHANGES_A_ROUND }, (_, i) => send('exchange', `${1 + i}.5`)),
      ].map((p) => p.catch(() => undefined));
      // Killed as soon as one order is held: the others are anywhere between their quote and their reply.
      await until(async () => requests.some((r) => r.kind === 'order' && r.answer?.status === 200), Boolean, 'an order answered');
      first.child.kill('SIGKILL');
      if (round.killWatchdog) process.kill(Number(watchdogs[0]?.split(' ')[0]), 'SIGKILL');
      await once(first.child, 'exit');
      await Promise.all(inFlight);

      if (round.killWatchdog) {
        // Nothing stops it now: PostgreSQL runs on without its server, holding the port and the folder.
        await new Promise((resolve) => setTimeout(resolve, 1000));
        expect(alive(pgPid as number), round.name).toBe(true);
        // And with it the holds of the orders in flight, frozen until a server drives them again.
        const orphan = openDatabase(databaseUrl, 1);
        const frozen = await orphan.db.selectFrom('ledger_holds').select('key').where('state', '=', 'held').execute();
        await orphan.close();
        expect(frozen.length, round.name).toBeGreaterThan(0);
      } else {
        await until(
          async () => alive(pgPid as number),
          (running) => !running,
          'the watchdog to stop PostgreSQL',
          30_000,
        );
      }

      first = await start(`${round.name}: the start after it`);
      if (round.killWatchdog) expect(first.output()).toContain(`stopping PostgreSQL (pid ${pgPid}) left running`);
      // The phones send again what got no answer, with the same keys; a request cut short stays
      // "in progress" until it is taken as abandoned (30 s, platform/idempotency).
      for (const request of requests.filter((r) => r.answer?.status !== 200)) {
        request.answer = await until(
          () => call('POST', request.route, request.body, request.key),
          (reply) => reply.body.error?.code !== 'IDEMPOTENCY_IN_PROGRESS',
          `${request.route} ${request.key} answered`,
        );
      }
    }

    // Every order that exists was paid once; none was paid twice; no hold is left frozen.
    const { orders } = (await ok('GET', '/api/v1/payout/orders')) as { orders: Array<{ id: string; status: string; amount: string }> };
    const paid = await until(
      async () => ((await ok('GET', '/api/v1/payout/orders')) as { orders: Array<{ id: string; status: string; amount: string }> }).orders,
      (list) => list.every((o) => o.status === 'arrived'),
      'every order paid',
      // An order whose partner webhook came while no server ran is learnt by looking it up, a minute after it was sent.
      200_000,
    );
    const answeredOrders = requests.filter((r) => r.kind === 'order' && r.answer?.status === 200);
    expect(new Set(answeredOrders.map((r) => r.answer?.body.id)).size).toBe(answeredOrders.length);
    expect(paid.map((o) => o.id).sort()).toEqual(answeredOrders.map((r) => r.answer?.body.id).sort());
    expect(orders.length).toBeGreaterThan(0);
    const answeredExchanges = requests.filter((r) => r.kind === 'exchange' && r.answer?.status === 200);

    const database = openDatabase(databaseUrl, 2);
    try {
      const db = database.db;
      // The demo data's withdrawal waits for an operator (the console's first task): its hold stays.
      const inReview = await db.selectFrom('withdrawals').select('id').where('status', '=', 'pending_review').execute();
      const reviewKeys = new Set(inReview.map((w) => `withdrawal:${w.id}`));
      const held = await db.selectFrom('ledger_holds').select(['key', 'amount']).where('state', '=', 'held').execute();
      expect(held.filter((h) => !reviewKeys.has(h.key))).toEqual([]);
      const executed = await db
        .selectFrom('exchange_quotes')
        .innerJoin('users', 'users.id', 'exchange_quotes.user_id')
        .select(['exchange_quotes.amount_in'])
        .where('users.email', '=', DEMO.email)
        .where('exchange_quotes.journal_id', 'is not', null)
        .execute();
      expect(executed).toHaveLength(answeredExchanges.length);
      expect(await ledgerViolations(db)).toEqual([]);
      // What left the wallet is exactly the orders paid and the exchanges made, each once.
      const spent = [...paid.map((o) => o.amount), ...executed.map((e) => e.amount_in)].reduce((sum, a) => sum.plus(a), new Decimal(0));
      expect((await usdt()).toFixed()).toBe(startingUsdt.minus(spent).toFixed());
    } finally {
      await database.close();
    }

    const lastPgPid = await postmasterPid(databaseDir);
    first.child.kill('SIGTERM');
    const [code] = await once(first.child, 'exit');
    expect(code, first.output()).toBe(0);
    expect(processesNaming(databaseDir)).toEqual([]);
    expect(processesNaming(`${WATCHDOG_NAME} ${lastPgPid}`)).toEqual([]);
  });
});

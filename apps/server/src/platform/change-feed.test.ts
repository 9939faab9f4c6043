import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PASSWORD, registerUser, setPaymentPin } from '../../test/accounts';
import { createTestApp, type TestApp } from '../../test/app';
import { creditMember } from '../../test/ledger-fixtures';
import { publishChange } from './changes';

/**
 * Two servers on one database, as in production behind a load balancer: a member's change answered
 * by one must be what the other shows on the member's next request. The second server is built from
 * a fresh copy of every module (vi.resetModules), so, like another process, it shares nothing with
 * the first but the database: it hears of the first one's changes only through NOTIFY.
 */
let a: TestApp;
let b: { app: TestApp['app']; close(): Promise<void> };
const PIN = '135790';
type Member = Awaited<ReturnType<typeof registerUser>>;
let member: Member;
let memberId: string;

async function anotherServer(url: string, directUrl: string) {
  vi.resetModules();
  const { buildApp } = await import('../app');
  const { openDatabase } = await import('./db/database');
  const { loadConfig } = await import('./config');
  const { createLogger } = await import('./logger');
  const changes = await import('./changes');
  // Without its own modules, this "server" would hear the first one's changes in memory.
  expect(changes.publishChange).not.toBe(publishChange);
  const database = openDatabase(url, 5, directUrl);
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'warn', DATABASE_URL: url, RATE_LIMIT_LOGINS_PER_MINUTE: '10000' });
  const quiet = new Writable({ write: (_chunk, _encoding, done) => done() });
  const app = await buildApp({ config, database, logger: createLogger(config.LOG_LEVEL, quiet) });
  return {
    app,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

async function waitFor(check: () => Promise<boolean>, ms = 5000): Promise<void> {
  const until = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > until) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 20));
  }
}

/**
 * Keeps the first server's request pool as busy as under load, with queries always waiting for a
 * connection: what made a NOTIFY sent through the pool arrive after the reply.
 */
function keepPoolBusy(): () => Promise<void> {
  const pool = a.database.handle.pool;
  let busy = true;
  // Queries of uneven length, so connections come free one at a time, not in waves.
  const worker = async () => {
    while (busy) await pool.query('select pg_sleep($1)', [0.005 + Math.random() * 0.045]);
  };
  const workers = Array.from({ length: 2 * (pool.options.max ?? 5) }, worker);
  return async () => {
    busy = false;
    await Promise.all(workers);
  };
}

async function listen() {
  const listener = new pg.Client({ connectionString: a.database.handle.directUrl });
  await listener.connect();
  const heard: unknown[] = [];
  listener.on('notification', (m) => heard.push(JSON.parse(m.payload ?? '{}').change));
  await listener.query('listen wallet_changes');
  return { listener, heard };
}

const feeds = async () => {
  const { rows } = await sql<{ n: string }>`select count(*) as n from pg_stat_activity
    where application_name = 'wallet-change-feed' and datname = current_database()`.execute(a.database.handle.db);
  return Number(rows[0]?.n);
};

const call = (app: TestApp['app'], user: Member, method: 'GET' | 'POST', url: string, payload?: object) =>
  app.inject({ method, url, headers: { ...user.headers, 'idempotency-key': randomUUID() }, ...(payload ? { payload } : {}) });

async function usdt(app: TestApp['app'], user: Member): Promise<string> {
  const res = await call(app, user, 'GET', '/api/v1/wallet/balances');
  expect(res.statusCode, res.body).toBe(200);
  return res.json().balances.find((x: { currency: string }) => x.currency === 'USDT')?.balance ?? '0';
}

beforeAll(async () => {
  a = await createTestApp();
  b = await anotherServer(a.database.url, a.database.handle.directUrl);
  member = await registerUser(a);
  await setPaymentPin(a, member, PIN);
  ({ id: memberId } = await a.database.handle.db
    .selectFrom('users')
    .select('id')
    .where('email', '=', member.email)
    .executeTakeFirstOrThrow());
  await creditMember(a, memberId, 'USDT', '1000');
  await waitFor(async () => (await feeds()) === 2);
});
afterAll(async () => {
  await b?.close();
  await a?.close();
});

describe('read-your-writes across servers', () => {
  it('shows an exchange answered by one server on the other as soon as the reply arrives', async () => {
    const { listener, heard } = await listen();
    try {
      let expected = 1000;
      await waitFor(async () => (await usdt(b.app, member)) === '1000');
      for (let i = 0; i < 20; i++) {
        // Cached on the second server: this read is answered from memory.
        expect(await usdt(b.app, member)).toBe(String(expected));
        const quote = await call(a.app, member, 'POST', '/api/v1/wallet/exchange/quotes', { from: 'USDT', to: 'USD', amount: '10' });
        expect(quote.statusCode, quote.body).toBe(200);
        heard.length = 0;
        const idle = keepPoolBusy();
        try {
          const done = await call(a.app, member, 'POST', '/api/v1/wallet/exchange', { quoteId: quote.json().id, paymentPassword: PIN });
          expect(done.statusCode, done.body).toBe(200);
          // The reply is out, so the NOTIFY has committed: PostgreSQL hands a listener every
          // notification committed before its query ends, ahead of the query's own answer.
          await listener.query('select 1');
          expect(heard, `exchange ${i + 1}`).toContainEqual({ topic: 'balances', userIds: expect.arrayContaining([memberId]) });
        } finally {
          await idle();
        }
        expected -= 10;
        // The other server has it as soon as it reads its connection: within a few milliseconds here,
        // far less than a member's next request takes to arrive (ADR 0004). No database read: the
        // entry is dropped, not expired.
        await waitFor(async () => (await usdt(b.app, member)) === String(expected), 1000);
      }
    } finally {
      await listener.end();
    }
  });

  it('refuses on the other server a session ended on this one as soon as the reply arrives', async () => {
    const { listener, heard } = await listen();
    try {
      for (let i = 0; i < 5; i++) {
        const login = await a.app.inject({
          method: 'POST',
          url: '/api/v1/auth/login/password',
          payload: { email: member.email, password: PASSWORD },
        });
        expect(login.statusCode, login.body).toBe(200);
        const headers = { authorization: `Bearer ${login.json().token}` };
        const onB = async () => (await b.app.inject({ url: '/api/v1/wallet/balances', headers })).statusCode;
        // Twice: the second answer comes from the session cache.
        expect(await onB()).toBe(200);
        expect(await onB()).toBe(200);
        heard.length = 0;
        const idle = keepPoolBusy();
        try {
          const out = await a.app.inject({ method: 'POST', url: '/api/v1/auth/logout', headers });
          expect(out.statusCode, out.body).toBe(200);
          await listener.query('select 1');
          expect(heard, `logout ${i + 1}`).toContainEqual({ topic: 'sessions', userIds: [memberId] });
        } finally {
          await idle();
        }
        await waitFor(async () => (await onB()) === 401, 1000);
      }
    } finally {
      await listener.end();
    }
  });

  it('tells the other servers even while every connection of the request pool is busy', async () => {
    const listener = new pg.Client({ connectionString: a.database.handle.directUrl });
    await listener.connect();
    const heard: string[] = [];
    listener.on('notification', (m) => heard.push(m.payload ?? ''));
    await listener.query('listen wallet_changes');
    const pool = a.database.handle.pool;
    try {
      const busy = Array.from({ length: pool.options.max ?? 5 }, () => pool.query('select pg_sleep(1)'));
      await waitFor(async () => pool.idleCount === 0 && pool.totalCount === (pool.options.max ?? 5));
      const heardIt = new Promise<void>((resolve) =>
        listener.on('notification', (m) => {
          if (m.payload?.includes('u-busy')) resolve();
        }),
      );
      publishChange({ topic: 'balances', userIds: ['u-busy'] });
      await Promise.race([heardIt, ...busy]);
      // Heard before any pool connection was free again.
      expect(heard.map((h) => JSON.parse(h).change)).toContainEqual({ topic: 'balances', userIds: ['u-busy'] });
      await Promise.all(busy);
    } finally {
      await listener.end();
    }
  });
});

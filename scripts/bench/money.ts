import { createHash, createHmac, randomBytes, randomInt, randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { CODE_TTL_SECONDS, consumeCode } from '../../apps/server/src/modules/auth/codes';
import { hashSecret, verifySecret } from '../../apps/server/src/modules/auth/passwords';
import { type PaymentPins, paymentPinsFrom } from '../../apps/server/src/modules/auth/payment-pins';
import { accountId, type Posting, postBatch, SYSTEM_PURPOSES, USER_WALLET } from '../../apps/server/src/modules/ledger';
import { systemClock } from '../../apps/server/src/platform/clock';
import { loadConfig } from '../../apps/server/src/platform/config';
import type { Db } from '../../apps/server/src/platform/db/database';
import { createSecretLimits } from '../../apps/server/src/platform/secret-limits';
import { loadInChild } from './child';
import type { MoneyLoad, MoneyLoadResult } from './money-load';
import { type RequestCost, withCost } from './request-cost';
import { startServer } from './server';

const PAYMENT_PASSWORD = '135790';
const TRON_ADDRESS = 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7';
const CODE_TTL_MS = CODE_TTL_SECONDS * 1000;
const FUNDING = '1000000';
/** The server's connection pool (DATABASE_POOL_MAX). */
export const SERVER_POOL = Number(process.env.BENCH_SERVER_POOL ?? 20);
/** The server's log level: the configuration's default, as production runs it (its log goes to a file). */
export const SERVER_LOG_LEVEL = process.env.BENCH_SERVER_LOG_LEVEL ?? 'info';

export interface MoneyFigures {
  users: number;
  codesPerUser: number;
  transfer: MoneyLoadResult & { cost: RequestCost };
  /** Exchanges, each client through its own pair of SPREAD_PAIRS. */
  exchangeSpread: MoneyLoadResult & { waits: LockWaits; cost: RequestCost };
  /** Exchanges, every client through USDT to USD at once: the house-account case. */
  exchange: MoneyLoadResult & { waits: LockWaits; cost: RequestCost };
  /** Rows the database holds after the run, to set against the 2xx answers. */
  stored: { transfers: number; exchanges: number };
  /** The payment-password check alone (argon2id verify as every money request runs it), 64 at once in one process. */
  /** The payment password's keyed check (HMAC-SHA-256, as the app stores it) per second in this process. */
  passwordChecksPerSecond: number;
  /** The same PIN stored as argon2id, as it was before: the baseline of the check. */
  argon2ChecksPerSecond: number;
  /** What the server logged at error level, when something failed with a 5xx. */
  serverErrors: string[];
}

export interface MoneyOptions {
  connections: number;
  seconds: number;
  warmupSeconds: number;
  users: number;
  /** The TPC-B rate of the same run: transfer codes are stored for twice it. */
  tpcbTps: number;
}

/** The environment of the server the HTTP benchmarks start (startServer), on the bench database `url`. */
export function serverEnv(url: string): Record<string, string> {
  // Per-IP and per-email limits raised as the tests raise them: every request comes from 127.0.0.1.
  return {
    NODE_ENV: 'test',
    LOG_LEVEL: SERVER_LOG_LEVEL,
    DATABASE_URL: url,
    DATABASE_POOL_MAX: String(SERVER_POOL),
    APP_SECRET: `bench-${randomBytes(16).toString('hex')}`,
    RATE_LIMIT_CODES_PER_HOUR: '1000000',
    RATE_LIMIT_LOGINS_PER_MINUTE: '1000000',
    CODES_PER_EMAIL_PER_HOUR: '1000000',
    DEMO_DATA: 'false',
    DEVCHAIN: 'false',
    // The limiter's counts in Redis, as ADR 0016's step 4 would run it; on PostgreSQL without it.
    ...(process.env.BENCH_REDIS_URL ? { REDIS_URL: process.env.BENCH_REDIS_URL } : {}),
  };
}

interface BenchUser {
  id: string;
  uid: string;
  email: string;
  token: string;
}

/**
 * Transfers by UID and exchanges over real HTTP, as the app's users make them: the server started as
 * `npm start` starts it (its own process, listening on a port) and the load from another process,
 * `connections` clients over `users` funded users signed in with bearer tokens, each request with a
 * fresh Idempotency-Key and the payment password, each one answered after its journals committed.
 *
 * A transfer also needs the emailed code. The codes are stored before the counted load, hashed as the
 * app hashes them (checked once through the app's consumeCode), enough per user for twice the TPC-B
 * rate: the timed requests then take exactly the production path, code check included.
 */
export async function moneyOverHttp(
  db: Db,
  url: string,
  { connections, seconds, warmupSeconds, users: userCount, tpcbTps }: MoneyOptions,
): Promise<MoneyFigures> {
  const env = serverEnv(url);
  const config = loadConfig(env);
  const pins = paymentPinsFrom(config);
  const users = await fundedUsers(db, userCount, (id) => pins.hash(id, PAYMENT_PASSWORD));
  const passwordChecksPerSecond = await keyedPinChecks(pins, users[0]?.id ?? randomUUID(), connections, 1);
  const argon2ChecksPerSecond = await argon2PinChecks(await hashSecret(PAYMENT_PASSWORD), connections, 2);

  const server = await startServer(env);
  try {
    // Enough codes for twice the target rate over warm-up and window: a faster server runs out, and says so.
    const codesPerUser = Math.max(4, Math.ceil((2 * tpcbTps * (seconds + warmupSeconds)) / userCount));
    const codes = await transferCodes(db, config.APP_SECRET, users, codesPerUser);
    const load = { baseUrl: server.baseUrl, connections, seconds, warmupSeconds, paymentPassword: PAYMENT_PASSWORD };
    const transfer = await withCost(
      db,
      server.pid,
      () =>
        loadInChild<MoneyLoad, MoneyLoadResult>('./money-load.ts', {
          ...load,
          kind: 'transfer',
          amount: '1',
          users: users.map((u, i) => ({ token: u.token, uid: u.uid, codes: codes[i] as string[] })),
        }),
      (r) => r.okTotal,
    );
    const exchanges = async (exchangeTo: string[]) => {
      const run = await withCost(
        db,
        server.pid,
        () =>
          whileSampling(db, () =>
            loadInChild<MoneyLoad, MoneyLoadResult>('./money-load.ts', {
              ...load,
              kind: 'exchange',
              amount: '10',
              exchangeTo,
              users: users.map((u) => ({ token: u.token, uid: u.uid })),
            }),
          ),
        (r) => r.okTotal,
      );
      // The sampler's own statements are transactions of this database too.
      run.cost.transactions -= run.waits.samples / Math.max(1, run.okTotal);
      return run;
    };
    const exchangeSpread = await exchanges(SPREAD_PAIRS);
    const exchange = await exchanges(['USD']);
    const serverErrors = transfer.serverErrors + exchange.serverErrors + exchangeSpread.serverErrors > 0 ? await server.errors(10) : [];
    const countOf = async (query: Promise<{ n: string }>) => Number((await query).n);
    const stored = {
      transfers: await countOf(
        db
          .selectFrom('transfers')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .executeTakeFirstOrThrow(),
      ),
      exchanges: await countOf(
        db
          .selectFrom('exchange_quotes')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .where('journal_id', 'is not', null)
          .executeTakeFirstOrThrow(),
      ),
    };
    return {
      users: userCount,
      codesPerUser,
      transfer,
      exchange,
      exchangeSpread,
      stored,
      passwordChecksPerSecond,
      argon2ChecksPerSecond,
      serverErrors,
    };
  } finally {
    await server.stop();
  }
}

/** The pairs of the spread-out exchanges: USDT to each of these (all of USDT's pairs). */
export const SPREAD_PAIRS = ['USD', 'HKD', 'CNY', 'JPY', 'KRW'];

export interface LockWaits {
  samples: number;
  /** Sessions waiting for a lock while reading or writing ledger accounts: the most seen at once, and summed over samples. */
  max: number;
  total: number;
  /** Sessions waiting for any lock at all, summed over samples. */
  anyLock: number;
}

/**
 * Runs `load` while sampling pg_stat_activity every 10 ms for sessions waiting on a lock in a
 * statement on ledger_accounts. Each client sends one member's requests in turn, its own members
 * only, so a member's rows never make two of them wait: what is seen is waits for a house account.
 */
async function whileSampling<T>(db: Db, load: () => Promise<T>): Promise<T & { waits: LockWaits }> {
  const waits: LockWaits = { samples: 0, max: 0, total: 0, anyLock: 0 };
  let running = true;
  const sampler = (async () => {
    while (running) {
      const row = await sql<{ n: number; any: number }>`select count(*) filter (where query ilike '%ledger_accounts%')::integer as n,
          count(*)::integer as any
        from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`.execute(db);
      const n = row.rows[0]?.n ?? 0;
      waits.anyLock += row.rows[0]?.any ?? 0;
      waits.samples += 1;
      waits.total += n;
      waits.max = Math.max(waits.max, n);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  })();
  try {
    return { ...(await load()), waits };
  } finally {
    running = false;
    await sampler;
  }
}

/**
 * Users with a payment password, a session and USDT in their wallet, made straight in the database
 * (sign-up is not what is measured). Each payment password is keyed by its user's id, as the app
 * stores it, so the ids are made here.
 */
async function fundedUsers(db: Db, count: number, paymentHash: (userId: string) => string): Promise<BenchUser[]> {
  const ids = Array.from({ length: count }, () => randomUUID());
  const rows = ids.map((id, i) => ({
    id,
    uid: String(30_000_000 + i),
    email: `money-${i}@bench.example.com`,
    password_hash: 'not-a-real-hash',
    payment_password_hash: paymentHash(id),
    bound_network: 'TRON' as const,
    bound_address: TRON_ADDRESS,
    invite_code: `MB${i}`,
  }));
  const inserted = await db.insertInto('users').values(rows).returning(['id', 'uid', 'email']).execute();
  const now = new Date();
  const users = inserted.map((u) => ({ ...u, token: randomBytes(32).toString('base64url') }));
  // Sessions as createSession makes them: only the token's SHA-256 is stored.
  await db
    .insertInto('sessions')
    .values(
      users.map((u) => ({
        user_id: u.id,
        token_hash: createHash('sha256').update(u.token).digest(),
        device: 'bench',
        ip: null,
        created_at: now,
        last_used_at: now,
      })),
    )
    .execute();

  const adjustments = await accountId(db, { userId: null, currency: 'USDT', purpose: SYSTEM_PURPOSES.adjustments });
  for (let i = 0; i < users.length; i += 256) {
    const chunk = users.slice(i, i + 256);
    const wallets = await Promise.all(chunk.map((u) => accountId(db, { userId: u.id, currency: 'USDT', purpose: USER_WALLET })));
    const postings: Posting[] = chunk.map((u, j) => ({
      typeCode: 13,
      userId: u.id,
      idempotencyKey: `bench-money-fund-${u.uid}`,
      legs: [
        { accountId: adjustments, amount: `-${FUNDING}` },
        { accountId: wallets[j] as string, amount: FUNDING },
      ],
    }));
    const refused = (await postBatch(db, postings)).find((r) => r.status === 'rejected');
    if (refused) throw new Error(`funding the bench users failed: ${(refused as PromiseRejectedResult).reason}`);
  }
  return users;
}

/** As modules/auth/codes.ts keeps them: an HMAC under the server secret of purpose, email and code. */
const codeHash = (secret: string, email: string, code: string) =>
  createHmac('sha256', secret).update(`transfer\0${email}\0${code}`).digest();

/**
 * `perUser` live transfer codes for each user, as the code-issuing function would store them, the
 * first of each list being the newest (the one the server takes first). The hashing is checked
 * first through the app's own consumeCode, so a change in how codes are kept fails here, loudly,
 * rather than as a run of CODE_INVALID.
 */
export async function transferCodes(db: Db, secret: string, users: Array<Pick<BenchUser, 'email'>>, perUser: number): Promise<string[][]> {
  const probe = users[0] as Pick<BenchUser, 'email'>;
  const probeCode = newCode();
  const at = new Date();
  await db
    .insertInto('email_codes')
    .values({
      email: probe.email,
      purpose: 'transfer',
      code_hash: codeHash(secret, probe.email, probeCode),
      created_at: at,
      expires_at: new Date(at.getTime() + CODE_TTL_MS),
    })
    .execute();
  const deps = {
    db,
    clock: systemClock,
    secret,
    codesPerEmailPerHour: 1,
    limits: createSecretLimits({ db, clock: systemClock }),
    mailer: { kind: 'outbox' as const, send: async () => {} },
  };
  await consumeCode(deps, probe.email, 'transfer', probeCode, '127.0.0.1').catch((error) => {
    throw new Error(`the bench stores transfer codes unlike the app (consumeCode refused one: ${error})`);
  });

  const base = Date.now();
  const codes = users.map(() => Array.from({ length: perUser }, newCode));
  const rows = users.flatMap((u, i) =>
    (codes[i] as string[]).map((code, k) => {
      const created = base - k;
      return {
        email: u.email,
        purpose: 'transfer',
        code_hash: codeHash(secret, u.email, code),
        created_at: new Date(created),
        expires_at: new Date(created + CODE_TTL_MS),
      };
    }),
  );
  for (let i = 0; i < rows.length; i += 5000)
    await db
      .insertInto('email_codes')
      .values(rows.slice(i, i + 5000))
      .execute();
  return codes;
}

const newCode = () => randomInt(0, 1_000_000).toString().padStart(6, '0');

/** Right checks of the payment password per second, `concurrency` at once, in this process. */
async function checksPerSecond(check: () => Promise<boolean>, concurrency: number, seconds: number): Promise<number> {
  const started = performance.now();
  const deadline = started + seconds * 1000;
  let done = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < deadline) {
        if (!(await check())) throw new Error('payment password check failed');
        done += 1;
      }
    }),
  );
  return done / ((performance.now() - started) / 1000);
}

const keyedPinChecks = (pins: PaymentPins, userId: string, concurrency: number, seconds: number) => {
  const stored = pins.hash(userId, PAYMENT_PASSWORD);
  return checksPerSecond(async () => (await pins.check(userId, stored, PAYMENT_PASSWORD)).ok, concurrency, seconds);
};

const argon2PinChecks = (hash: string, concurrency: number, seconds: number) =>
  checksPerSecond(() => verifySecret(hash, PAYMENT_PASSWORD), concurrency, seconds);

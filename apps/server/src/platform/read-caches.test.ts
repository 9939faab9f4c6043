import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerUser } from '../../test/accounts';
import { createTestApp, type TestApp } from '../../test/app';
import { publishChange } from './changes';

/**
 * The read caches against what another server would do: write the database without this process
 * hearing of it, then NOTIFY as the other server's change feed would.
 */
let t: TestApp;
let user: Awaited<ReturnType<typeof signUp>>;

async function signUp() {
  const registered = await registerUser(t);
  const { id } = await t.database.handle.db
    .selectFrom('users')
    .select('id')
    .where('email', '=', registered.email)
    .executeTakeFirstOrThrow();
  return { ...registered, id };
}

beforeAll(async () => {
  t = await createTestApp();
  user = await signUp();
  await waitFor(async () => (await feedBackends()) === 1);
});
afterAll(() => t.close());

async function waitFor(check: () => Promise<boolean>, ms = 3000): Promise<void> {
  const until = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > until) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 20));
  }
}

async function feedBackends(): Promise<number> {
  const { rows } = await sql<{ n: string }>`select count(*) as n from pg_stat_activity
    where application_name = 'wallet-change-feed' and datname = current_database()`.execute(t.database.handle.db);
  return Number(rows[0]?.n);
}

const balances = async () => (await t.app.inject({ url: '/api/v1/wallet/balances', headers: user.headers })).json();
const usdt = async () => balances().then((b) => b.balances.find((x: { currency: string }) => x.currency === 'USDT')?.balance ?? '0');

/** A balance written straight to the database, as a posting on another server would. */
async function otherServerSetsBalance(amount: string) {
  await sql`update ledger_accounts set balance = ${amount}::numeric
    where user_id = ${user.id}::uuid and currency = 'USDT' and purpose = 'wallet'`.execute(t.database.handle.db);
}

async function otherServerNotifies(change: object) {
  await sql`select pg_notify('wallet_changes', ${JSON.stringify({ origin: 'another-server', change })})`.execute(t.database.handle.db);
}

describe('read caches across servers', () => {
  it('serve balances from memory until another server reports a change', async () => {
    await sql`insert into ledger_accounts (user_id, currency, purpose) values (${user.id}::uuid, 'USDT', 'wallet')
      on conflict do nothing`.execute(t.database.handle.db);
    expect(await usdt()).toBe('0');
    await otherServerSetsBalance('5');
    // Cached: this server has not been told yet.
    expect(await usdt()).toBe('0');
    await otherServerNotifies({ topic: 'balances', userIds: [user.id] });
    await waitFor(async () => (await usdt()) === '5');
  });

  it('refuse a session another server revoked once it says so', async () => {
    const me = () => t.app.inject({ url: '/api/v1/wallet/balances', headers: user.headers });
    expect((await me()).statusCode).toBe(200);
    await sql`update sessions set revoked_at = now() where user_id = ${user.id}::uuid`.execute(t.database.handle.db);
    await otherServerNotifies({ topic: 'sessions', userIds: [user.id] });
    await waitFor(async () => (await me()).statusCode === 401);
  });

  it('tell other servers about this one’s changes', async () => {
    // LISTEN keeps a session: on PostgreSQL itself, never through a pooler in transaction mode.
    const listener = new pg.Client({ connectionString: t.database.handle.directUrl });
    await listener.connect();
    const heard: string[] = [];
    listener.on('notification', (m) => heard.push(m.payload ?? ''));
    await listener.query('listen wallet_changes');
    try {
      publishChange({ topic: 'balances', userIds: ['u1', 'u2'] });
      publishChange({ topic: 'balances', userIds: ['u2', 'u3'] });
      await waitFor(async () => heard.length > 0);
      const [message] = heard.map((h) => JSON.parse(h));
      // One tick's changes travel together.
      expect(message.change).toEqual({ topic: 'balances', userIds: ['u1', 'u2', 'u3'] });
      expect(message.origin).toEqual(expect.any(String));
    } finally {
      await listener.end();
    }
  });

  it('serve a member’s first pages of records, cards and card transactions from memory until another server reports a change', async () => {
    const member = await signUp();
    const db = t.database.handle.db;
    const read = async (url: string) => (await t.app.inject({ url, headers: { ...member.headers, 'accept-language': 'en' } })).json();
    const records = () => read('/api/v1/wallet/records?limit=20').then((r) => r.records.length);
    const frozen = () => read('/api/v1/cards').then((r) => r.cards.map((c: { frozen: boolean }) => c.frozen));

    // The ledger as another server's posting leaves it: a journal and an entry of the member's wallet.
    expect(await records()).toBe(0);
    const { rows } = await sql<{ id: string }>`insert into ledger_accounts (user_id, currency, purpose)
      values (${member.id}::uuid, 'USDT', 'wallet') on conflict do nothing returning id`.execute(db);
    await sql`with j as (insert into ledger_journal (type_code, user_id, idempotency_key)
        values (1, ${member.id}::uuid, ${`other-server:${member.id}`}) returning id)
      insert into ledger_entries (journal_id, account_id, currency, amount, balance_before, balance_after, account_version)
      select j.id, ${rows[0]?.id}::bigint, 'USDT', 3, 0, 3, 1 from j`.execute(db);
    expect(await records()).toBe(0);
    await otherServerNotifies({ topic: 'balances', userIds: [member.id] });
    await waitFor(async () => (await records()) === 1);

    // A card another server opened, then froze, then gave a transaction.
    expect(await frozen()).toEqual([]);
    const { rows: cards } = await sql<{ id: string }>`insert into cards (user_id, product_id, type, currency, holder_first_name,
        holder_last_name, status, opening_fee, opening_key, created_at, updated_at)
      select ${member.id}::uuid, id, type, currency, 'A', 'B', 'active', 0, ${`other-server:${member.id}`}, now(), now()
      from card_products where type = 'virtual' limit 1 returning id`.execute(db);
    const cardId = cards[0]?.id as string;
    expect(await frozen()).toEqual([]);
    await otherServerNotifies({ topic: 'cards', userIds: [member.id] });
    await waitFor(async () => (await frozen()).length === 1);
    await sql`update cards set frozen = true where id = ${cardId}::uuid`.execute(db);
    const transactions = () => read(`/api/v1/cards/${cardId}/transactions?limit=20`).then((r) => r.transactions.length);
    expect(await transactions()).toBe(0);
    await sql`insert into card_transactions (card_id, type, issuer_ref, authorization_id, currency, amount, merchant, approved,
        held, balance_change, created_at, updated_at)
      values (${cardId}::uuid, 'authorization', 'ref-1', 'auth-1', 'USD', 1, '{"name":"Shop"}', true, 1, -1, now(), now())`.execute(db);
    // Neither change reached this server yet.
    expect(await frozen()).toEqual([false]);
    expect(await transactions()).toBe(0);
    await otherServerNotifies({ topic: 'cards', userIds: [member.id] });
    await waitFor(async () => (await frozen())[0] === true && (await transactions()) === 1);
  });

  it('read the estimates’ prices and the card catalogue once for every member, until another server changes them', async () => {
    const member = await signUp();
    const db = t.database.handle.db;
    const read = async (url: string) => (await t.app.inject({ url, headers: { ...member.headers, 'accept-language': 'en' } })).json();
    const estimate = () => read('/api/v1/wallet/balances').then((r) => r.totalEstimate as string);
    const monthlyFees = () =>
      read('/api/v1/cards').then((r) => r.cards.map((c: { product: { monthlyFee: string } }) => c.product.monthlyFee));
    const { rows } = await sql<{ id: string }>`insert into ledger_accounts (user_id, currency, purpose, balance)
      values (${member.id}::uuid, 'USDT', 'wallet', 100) on conflict do nothing returning id`.execute(db);
    expect(rows).toHaveLength(1);
    const before = await estimate();

    // Another member's balances read the cached prices; a rate another server changed reaches both once announced.
    await sql`update exchange_rates set usd_price = usd_price * 2 where currency = 'USDT'`.execute(db);
    await otherServerNotifies({ topic: 'balances', userIds: [member.id] });
    await waitFor(async () => (await estimate()) === before);
    await otherServerNotifies({ topic: 'rates' });
    await waitFor(async () => (await estimate()) !== before);
    expect(Number(await estimate())).toBeCloseTo(Number(before) * 2, 1);
    await sql`update exchange_rates set usd_price = usd_price / 2 where currency = 'USDT'`.execute(db);
    await otherServerNotifies({ topic: 'rates' });

    // A card of a product another server added and has not announced yet: the catalogue is read again for it.
    const product = await sql<{
      id: string;
    }>`insert into card_products (name, level, type, currency, opening_fee, monthly_fee, recharge_fee_rate)
      values ('Added elsewhere', 9, 'virtual', 'USD', 1, 3, 0.01) returning id`.execute(db);
    await sql`insert into cards (user_id, product_id, type, currency, holder_first_name, holder_last_name, status, opening_fee,
        opening_key, created_at, updated_at)
      values (${member.id}::uuid, ${product.rows[0]?.id}::uuid, 'virtual', 'USD', 'A', 'B', 'active', 0,
        ${`other-server-product:${member.id}`}, now(), now())`.execute(db);
    await otherServerNotifies({ topic: 'cards', userIds: [member.id] });
    await waitFor(async () => (await monthlyFees()).length === 1);
    expect(await monthlyFees()).toEqual(['3']);

    // The product's fee changed by another server shows once it says so, and not before.
    await sql`update card_products set monthly_fee = 4 where id = ${product.rows[0]?.id}::uuid`.execute(db);
    await otherServerNotifies({ topic: 'cards', userIds: [member.id] });
    await new Promise((r) => setTimeout(r, 200));
    expect(await monthlyFees()).toEqual(['3']);
    await otherServerNotifies({ topic: 'cardProducts' });
    await waitFor(async () => (await monthlyFees())[0] === '4');
  });

  it('stop caching while the feed is down and forget everything when it is back', async () => {
    const fresh = await signUp();
    const read = async () =>
      (await t.app.inject({ url: '/api/v1/wallet/balances', headers: fresh.headers }))
        .json()
        .balances.find((x: { currency: string }) => x.currency === 'USDT')?.balance ?? '0';
    await sql`insert into ledger_accounts (user_id, currency, purpose) values (${fresh.id}::uuid, 'USDT', 'wallet')
      on conflict do nothing`.execute(t.database.handle.db);
    expect(await read()).toBe('0');
    await sql`select pg_terminate_backend(pid) from pg_stat_activity
      where application_name = 'wallet-change-feed' and datname = current_database()`.execute(t.database.handle.db);
    await sql`update ledger_accounts set balance = 7 where user_id = ${fresh.id}::uuid and currency = 'USDT'`.execute(t.database.handle.db);
    // No message will come for this change (the feed was down), yet the stale value must not survive.
    await waitFor(async () => (await read()) === '7');
    await waitFor(async () => (await feedBackends()) === 1);
  });
});

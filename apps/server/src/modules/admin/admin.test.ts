import { randomUUID } from 'node:crypto';
import { Decimal } from '@wallet/contract';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { registerUser } from '../../../test/accounts';
import { createTestApp, type TestApp } from '../../../test/app';
import { ledgerViolations } from '../ledger';

/**
 * Every operator action and its audit row commit together: no action stands without its record, and
 * no record tells of an action that did not happen. A replayed adjustment finds both already there.
 */
type User = Awaited<ReturnType<typeof registerUser>>;
let t: TestApp;
let admin: User;
let adminId: string;

beforeAll(async () => {
  t = await createTestApp({ env: { ADMIN_EMAILS: 'root@example.com' } });
  admin = await registerUser(t, { email: 'root@example.com' });
  adminId = (await db().selectFrom('users').select('id').where('email', '=', 'root@example.com').executeTakeFirstOrThrow()).id;
});
afterAll(() => t.close());
afterEach(() => auditWorks());

const db = () => t.database.handle.db;

/** The audit log refuses every insert, as a full disk or a broken constraint would. */
async function auditFails() {
  await sql`create or replace function refuse_audit() returns trigger language plpgsql as $$
    begin raise exception 'audit log unavailable'; end $$`.execute(db());
  await sql`create or replace trigger refuse_audit before insert on audit_log for each row execute function refuse_audit()`.execute(db());
}
const auditWorks = () => sql`drop trigger if exists refuse_audit on audit_log`.execute(db());

const adjust = (user: User, amount: string, key: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/admin/users/${user.profile.uid}/adjustments`,
    headers: { ...admin.headers, 'idempotency-key': key },
    payload: { currency: 'USDT', amount, reason: 'goodwill credit' },
  });

async function usdtBalance(user: User) {
  const res = await t.app.inject({ method: 'GET', url: '/api/v1/wallet/balances', headers: user.headers });
  return res.json().balances.find((b: { currency: string }) => b.currency === 'USDT')?.balance ?? '0';
}

const journalsOf = (key: string) =>
  db().selectFrom('ledger_journal').select('id').where('idempotency_key', '=', `adjustment:${adminId}:${key}`).execute();

const auditRows = (action: string, subject: string) =>
  db().selectFrom('audit_log').select(['actor_id', 'details']).where('action', '=', action).where('subject', '=', subject).execute();

describe('a balance adjustment', () => {
  it('does not stand when its audit row cannot be written, and a retry then posts it with its record', async () => {
    const user = await registerUser(t);
    const userId = (await db().selectFrom('users').select('id').where('email', '=', user.email).executeTakeFirstOrThrow()).id;
    const key = `adj-${randomUUID()}`;

    await auditFails();
    const refused = await adjust(user, '250', key);
    expect(refused.statusCode, refused.body).toBe(500);
    expect(await usdtBalance(user)).toBe('0');
    expect(await journalsOf(key)).toEqual([]);
    expect(await auditRows('balance.credit', `user:${userId}`)).toEqual([]);

    await auditWorks();
    const posted = await adjust(user, '250', key);
    expect(posted.statusCode, posted.body).toBe(200);
    expect(posted.json()).toMatchObject({ replayed: false });
    expect(await usdtBalance(user)).toBe('250');
    const audit = await auditRows('balance.credit', `user:${userId}`);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actor_id: adminId, details: { currency: 'USDT', amount: '250', reason: 'goodwill credit' } });
    expect(await ledgerViolations(db())).toEqual([]);
  });

  it('replayed (one after another or all at once) returns the first result and writes one audit row', async () => {
    const user = await registerUser(t);
    const userId = (await db().selectFrom('users').select('id').where('email', '=', user.email).executeTakeFirstOrThrow()).id;
    const key = `adj-${randomUUID()}`;
    const all = await Promise.all(Array.from({ length: 8 }, () => adjust(user, '40', key)));
    // At the same moment as the first, a repeat is told it is still running (platform/idempotency).
    for (const reply of all.filter((r) => r.statusCode !== 200)) expect(reply.json().error.code).toBe('IDEMPOTENCY_IN_PROGRESS');
    const replies = all.filter((r) => r.statusCode === 200);
    const again = await adjust(user, '40', key);
    expect(again.statusCode, again.body).toBe(200);
    const bodies = [...replies, again].map((r) => r.json() as { journalId: string; replayed: boolean });
    expect(new Set(bodies.map((b) => b.journalId)).size).toBe(1);
    expect(bodies.filter((b) => !b.replayed)).toHaveLength(1);
    expect(await usdtBalance(user)).toBe('40');
    expect(await journalsOf(key)).toHaveLength(1);
    expect(await auditRows('balance.credit', `user:${userId}`)).toHaveLength(1);

    // A replay while the audit log is down still answers: it writes nothing, so it needs nothing.
    await auditFails();
    const replayed = await adjust(user, '40', key);
    expect(replayed.json()).toEqual({ journalId: bodies[0]?.journalId, replayed: true });
    expect(await ledgerViolations(db())).toEqual([]);
  });

  it('debits with a balance.debit record, and a debit the balance cannot cover leaves neither', async () => {
    const user = await registerUser(t);
    const userId = (await db().selectFrom('users').select('id').where('email', '=', user.email).executeTakeFirstOrThrow()).id;
    expect((await adjust(user, '10', `adj-${randomUUID()}`)).statusCode).toBe(200);
    const tooMuch = await adjust(user, '-11', `adj-${randomUUID()}`);
    expect(tooMuch.json().error.code).toBe('INSUFFICIENT_BALANCE');
    expect(await auditRows('balance.debit', `user:${userId}`)).toEqual([]);
    expect((await adjust(user, '-4', `adj-${randomUUID()}`)).statusCode).toBe(200);
    expect(await usdtBalance(user)).toBe('6');
    const debits = await auditRows('balance.debit', `user:${userId}`);
    expect(debits.map((d) => (d.details as { amount: string }).amount)).toEqual(['-4']);
  });
});

describe('rates and pairs', () => {
  const rate = async (currency: string) =>
    (await db().selectFrom('exchange_rates').select('usd_price').where('currency', '=', currency).executeTakeFirst())?.usd_price;
  const pair = () =>
    db()
      .selectFrom('exchange_pairs')
      .select(['spread', 'fee_rate', 'enabled'])
      .where('from_currency', '=', 'USDT')
      .where('to_currency', '=', 'USD')
      .executeTakeFirstOrThrow();
  const setRate = (usdPrice: string) =>
    t.app.inject({ method: 'PUT', url: '/api/v1/admin/rates/BTC', headers: admin.headers, payload: { usdPrice } });
  const setPair = (spread: string) =>
    t.app.inject({
      method: 'PUT',
      url: '/api/v1/admin/pairs/USDT/USD',
      headers: admin.headers,
      payload: { spread, feeRate: '0.001', enabled: true },
    });

  it('leave the rate and the pair as they were when the audit row cannot be written', async () => {
    const rateBefore = await rate('BTC');
    const pairBefore = await pair();
    await auditFails();
    expect((await setRate('12345.67')).statusCode).toBe(500);
    expect((await setPair('0.0421')).statusCode).toBe(500);
    expect(await rate('BTC')).toEqual(rateBefore);
    expect(await pair()).toEqual(pairBefore);
  });

  it('change with one audit row each', async () => {
    expect((await setRate('54321.5')).statusCode).toBe(200);
    expect(new Decimal((await rate('BTC')) ?? '0').toFixed()).toBe('54321.5');
    expect(await auditRows('rate.set', 'currency:BTC')).toEqual([{ actor_id: adminId, details: { usdPrice: '54321.5' } }]);
    expect((await setPair('0.0042')).statusCode).toBe(200);
    expect(new Decimal((await pair()).spread).toFixed()).toBe('0.0042');
    expect(await auditRows('pair.set', 'pair:USDT-USD')).toHaveLength(1);
    const unknown = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/admin/pairs/JPY/KRW',
      headers: admin.headers,
      payload: { spread: '0.001', feeRate: '0.001', enabled: true },
    });
    expect(unknown.json().error.code).toBe('EXCHANGE_PAIR_UNSUPPORTED');
    expect(await auditRows('pair.set', 'pair:JPY-KRW')).toEqual([]);
  });
});

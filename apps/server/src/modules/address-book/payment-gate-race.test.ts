import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lastCode, PASSWORD, requestCode, sendAccountCode, TRON_ADDRESS } from '../../../test/accounts';
import { ManualClock } from '../../../test/clock';
import { mailsTo } from '../../../test/notifications';
import { addPayee, call, createPayoutWorld, fundedMember, type Member, type PayoutWorld, PIN } from '../../../test/payout';
import { ledgerViolations } from '../ledger';

/*
 * ADR 0014: every rule that decides whether money may leave (the account lock, the hold after a
 * password or bound-address change, the bound address, the address book's wait) is read in the
 * transaction that holds the money, behind a lock each change of those rules takes too. Each change
 * here races 100 withdrawals and 100 flash exchange sells of the same member.
 *
 * What "none may pass" means is checked from the database's side: a deferred trigger (installed for
 * this test only) numbers each withdrawal, order and account_security write as its transaction
 * commits, so a payment accepted after the change that holds or locks it shows up with the higher
 * number. The address change is checked outright: its payments could pass neither before it (the
 * address was still waiting) nor after it (the hold).
 */

const clock = new ManualClock(new Date('2026-11-24T02:00:00.000Z'));
let t: PayoutWorld;
const RACERS = 100;

beforeAll(async () => {
  t = await createPayoutWorld({ clock, partner: false, env: { WITHDRAW_NEW_ADDRESS_DELAY_HOURS: '24' } });
  const db = t.database.handle.db;
  await sql`create sequence test_commit_order`.execute(db);
  await sql`create table test_commit_log (what text not null, id text not null, seq bigint not null)`.execute(db);
  await sql`create function test_log_commit() returns trigger language plpgsql as $$
    begin
      insert into test_commit_log values (tg_table_name, coalesce(to_jsonb(new)->>'id', to_jsonb(new)->>'user_id'), nextval('test_commit_order'));
      return null;
    end $$`.execute(db);
  for (const table of ['withdrawals', 'payout_orders', 'account_security'])
    await sql`create constraint trigger ${sql.raw(`${table}_commit_order`)} after insert or update on ${sql.table(table)}
      deferrable initially deferred for each row execute function test_log_commit()`.execute(db);
});
afterAll(() => t?.close());

const newBscAddress = () => `0x${randomUUID().replaceAll('-', '')}${'cd'.repeat(4)}`;

async function emailedCode(member: Member, purpose: string): Promise<string> {
  clock.advance(61);
  await sendAccountCode(t, member.token, purpose);
  return lastCode(t, member.email);
}

async function userId(member: Member): Promise<string> {
  const row = await t.database.handle.db.selectFrom('users').select('id').where('email', '=', member.email).executeTakeFirstOrThrow();
  return row.id;
}

/** The commit number of the newest account_security write of the member: the change. */
async function changeCommitted(member: Member): Promise<bigint> {
  const { rows } = await sql<{ seq: string }>`
    select max(seq) as seq from test_commit_log where what = 'account_security' and id = ${await userId(member)}`.execute(
    t.database.handle.db,
  );
  return BigInt(rows[0]?.seq ?? '0');
}

/** The commit numbers of the member's withdrawals and orders that were accepted. */
async function paymentsCommitted(member: Member): Promise<bigint[]> {
  const id = await userId(member);
  const rows = await sql<{ seq: string }>`
    select l.seq from test_commit_log l
    where (l.what = 'withdrawals' and l.id in (select id::text from withdrawals where user_id = ${id}))
       or (l.what = 'payout_orders' and l.id in (select id::text from payout_orders where user_id = ${id}))`.execute(t.database.handle.db);
  return rows.rows.map((r) => BigInt(r.seq));
}

/**
 * Sends `RACERS` withdrawals of 10 USDT to `address` and as many sells of 20 USDT, ten at a time in
 * each kind so they span the whole race, and `change` once a fifth of them have answered, so it lands
 * in the middle of the rest.
 */
async function race(member: Member, address: { network: 'TRON' | 'BSC'; address: string }, change: () => Promise<{ statusCode: number }>) {
  const withdrawCode = await emailedCode(member, 'withdraw');
  const payee = await addPayee(t, member);
  const quotes = await Promise.all(
    Array.from({ length: RACERS }, () => call(t, member, 'POST', '/api/v1/payout/quotes', { kind: 'alipay', amount: '20' })),
  );
  expect(quotes.every((q) => q.statusCode === 200)).toBe(true);
  let answered = 0;
  let startChange!: () => void;
  const changeMayStart = new Promise<void>((resolve) => {
    startChange = resolve;
  });
  type Reply = Awaited<ReturnType<typeof call>>;
  const lanes = async (sends: Array<() => Promise<Reply>>, width: number) => {
    const replies: Reply[] = [];
    const next = async (): Promise<void> => {
      const send = sends.shift();
      if (!send) return;
      replies.push(await send());
      answered += 1;
      if (answered === (2 * RACERS) / 5) startChange();
      return next();
    };
    await Promise.all(Array.from({ length: width }, next));
    return replies;
  };
  const withdrawals = Array.from(
    { length: RACERS },
    () => () =>
      call(
        t,
        member,
        'POST',
        '/api/v1/wallet/withdrawals',
        { ...address, amount: '10', paymentPassword: PIN, code: withdrawCode },
        randomUUID(),
      ),
  );
  const sells = quotes.map(
    (q) => () =>
      call(t, member, 'POST', '/api/v1/payout/orders', { quoteId: q.json().id, payeeId: payee.id, paymentPassword: PIN }, randomUUID()),
  );
  const changed = changeMayStart.then(change);
  const [withdrawn, sold] = await Promise.all([lanes(withdrawals, 10), lanes(sells, 10)]);
  expect((await changed).statusCode).toBe(200);
  expect(await ledgerViolations(t.database.handle.db)).toEqual([]);
  return { withdrawals: withdrawn, sells: sold, payeeId: payee.id };
}

/** Every payment the race accepted committed before the change did. */
async function expectAcceptedOnlyBefore(member: Member) {
  const change = await changeCommitted(member);
  const accepted = await paymentsCommitted(member);
  expect(accepted.filter((seq) => seq > change)).toEqual([]);
}

describe('a change of the rules racing 100 withdrawals and 100 flash exchange sells', () => {
  it('a bound address changed to one still waiting in the address book: no withdrawal to it passes', async () => {
    const member = await fundedMember(t, '5000');
    const target = newBscAddress();
    const saved = await call(t, member, 'POST', '/api/v1/wallet/address-book', {
      network: 'BSC',
      address: target,
      label: 'later',
      paymentPassword: PIN,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const changeCode = await emailedCode(member, 'change_address');
    const { withdrawals } = await race(member, { network: 'BSC', address: target }, () =>
      call(t, member, 'POST', '/api/v1/me/address', { network: 'BSC', address: target, code: changeCode, paymentPassword: PIN }),
    );
    expect(withdrawals.filter((r) => r.statusCode === 200)).toEqual([]);
    const codes = new Set(withdrawals.map((r) => r.json().error.code));
    expect([...codes].every((c) => ['WITHDRAW_ADDRESS_NOT_YET_USABLE', 'WITHDRAWALS_HELD_ADDRESS_CHANGED'].includes(c))).toBe(true);
    const rows = await t.database.handle.db
      .selectFrom('withdrawals')
      .select('id')
      .where('user_id', '=', await userId(member))
      .execute();
    expect(rows).toEqual([]);
    await expectAcceptedOnlyBefore(member);
  });

  it('a changed login password: nothing is accepted after the hold begins', async () => {
    const member = await fundedMember(t, '5000');
    const { payeeId } = await race(member, { network: 'TRON', address: TRON_ADDRESS }, () =>
      call(t, member, 'POST', '/api/v1/me/password', {
        oldPassword: PASSWORD,
        password: 'new password 7',
        confirmPassword: 'new password 7',
      }),
    );
    await expectAcceptedOnlyBefore(member);
    const after = await call(t, member, 'POST', '/api/v1/payout/quotes', { kind: 'alipay', amount: '20' });
    const sell = await call(
      t,
      member,
      'POST',
      '/api/v1/payout/orders',
      { quoteId: after.json().id, payeeId, paymentPassword: PIN },
      randomUUID(),
    );
    expect(sell.json().error.code).toBe('WITHDRAWALS_HELD_PASSWORD_CHANGED');
  });

  it('a password reset with an emailed code: nothing is accepted after the hold begins', async () => {
    const member = await fundedMember(t, '5000');
    clock.advance(61);
    await requestCode(t, member.email, 'reset_password');
    const resetCode = await lastCode(t, member.email);
    await race(member, { network: 'TRON', address: TRON_ADDRESS }, () =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/password/reset',
        payload: { email: member.email, code: resetCode, password: 'reset pass 9', confirmPassword: 'reset pass 9' },
      }),
    );
    await expectAcceptedOnlyBefore(member);
  });

  it('the lock link: nothing is accepted after the account locks', async () => {
    const member = await fundedMember(t, '5000');
    await call(t, member, 'POST', '/api/v1/wallet/address-book', {
      network: 'BSC',
      address: newBscAddress(),
      label: 'x',
      paymentPassword: PIN,
    });
    const mails = await mailsTo(t, member.email);
    const token = mails.flatMap((m) => [...m.text_body.matchAll(/token=([A-Za-z0-9_-]{43})/g)].map((x) => x[1])).at(-1);
    await race(member, { network: 'TRON', address: TRON_ADDRESS }, () =>
      t.app.inject({ method: 'POST', url: '/api/v1/account/lock', payload: { token } }),
    );
    await expectAcceptedOnlyBefore(member);
    expect((await call(t, member, 'GET', '/api/v1/me')).statusCode).toBe(401);
  });
});

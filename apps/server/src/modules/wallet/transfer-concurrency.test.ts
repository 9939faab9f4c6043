import { randomUUID } from 'node:crypto';
import { Decimal } from '@wallet/contract';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lastCode, registerUser, sendAccountCode, setPaymentPin } from '../../../test/accounts';
import { createTestApp, type TestApp } from '../../../test/app';
import { ManualClock } from '../../../test/clock';
import { type Random, seededRandom, troubleIn, waitForLockWaiter } from '../../../test/concurrency-kit';
import { creditMember } from '../../../test/ledger-fixtures';
import { accountId, ledgerViolations, post, SYSTEM_PURPOSES, USER_WALLET, walletBalances } from '../ledger';

/**
 * Transfers by UID fired at the same instant through the real app (HTTP via inject, a real
 * PostgreSQL). A transfer is one journal whose two wallets are locked in id order, so two users
 * paying each other at once queue instead of deadlocking; the emailed code is checked first and
 * spent only in the transaction that moves the money.
 *
 * How many can be in flight at once: a user has one live transfer code at a time (a new code
 * supersedes the old, and the API sends at most one per 60 s), and a transfer needs a live code of
 * its own. So a user can have exactly one transfer that may succeed in flight, and no request can be
 * given a live code for a later round while an earlier one still runs (asking for it would kill the
 * code in use). The tests therefore go in rounds: the clock moves 61 s, every user gets a fresh code,
 * and all users fire together (Promise.all), A->B and B->A in the same instant, or 20 users at once.
 * Within a round each user's requests form a chain: a first attempt (sometimes made to be refused:
 * too much money, a wrong payment password, a wrong code) and, when refused, a retry with THE SAME
 * code, which must go through: a refused transfer leaves its code live.
 *
 * Every reply is checked against a model: a first attempt of at most the sender's balance at the
 * start of the round must succeed (only the sender's own requests take money from the wallet, and
 * they run one at a time); one above the balance plus everything that could arrive must be refused;
 * in between, either outcome is right (it depends on whether the other side's transfer committed
 * first). The model's balances are then built from the successful replies alone and compared with
 * the ledger.
 */
type User = Awaited<ReturnType<typeof registerUser>>;
type Party = User & { id: string };
type Reply = LightMyRequestResponse;
type Variant = 'fits' | 'race' | 'tooMuch' | 'wrongPin' | 'wrongCode';

let t: TestApp;
const clock = new ManualClock();
const PIN = '135790';
const WRONG_PIN = '864200';
/** More than all the money in this test: always refused. */
const TOO_MUCH = new Decimal('1000000');
const EXPECTED_REFUSAL: Record<Variant, string[]> = {
  fits: [],
  race: ['INSUFFICIENT_BALANCE'],
  tooMuch: ['INSUFFICIENT_BALANCE'],
  wrongPin: ['PAYMENT_PASSWORD_WRONG'],
  wrongCode: ['CODE_INVALID'],
};

const db = () => t.database.handle.db;

async function party(): Promise<Party> {
  const user = await registerUser(t);
  await setPaymentPin(t, user, PIN);
  const row = await db().selectFrom('users').select('id').where('email', '=', user.email).executeTakeFirstOrThrow();
  return { ...user, id: row.id };
}

const fund = (p: Party, amount: string) => creditMember(db(), p.id, 'USDT', amount);

async function usdt(p: Party): Promise<Decimal> {
  const found = (await walletBalances(db(), p.id)).find((b) => b.currency === 'USDT');
  return new Decimal(found?.balance ?? 0);
}

function send(from: Party, body: { toUid: string; amount: string; code: string; paymentPassword: string }, key = randomUUID()) {
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/wallet/transfers',
    headers: { ...from.headers, 'idempotency-key': key },
    payload: { currency: 'USDT', ...body },
  });
}

/** Moves the clock past the 60 s resend wait and mails every party a fresh transfer code (the old one dies). */
async function freshCodes(parties: Party[]): Promise<Map<string, string>> {
  clock.advance(61);
  await Promise.all(parties.map((p) => sendAccountCode(t, p.token, 'transfer')));
  return new Map(await Promise.all(parties.map(async (p) => [p.id, await lastCode(t, p.email)] as const)));
}

const wrongCode = (code: string) => ((Number(code) + 1) % 1_000_000).toString().padStart(6, '0');
/** A share of `of` in [lo, hi], to the cent, never below 0.01. */
const share = (random: Random, of: Decimal, lo: number, hi: number) =>
  Decimal.max(new Decimal('0.01'), of.mul(lo + random.next() * (hi - lo)).toDecimalPlaces(2, Decimal.ROUND_DOWN));

/** Books kept from the replies: successful transfers only, applied as their replies arrive. */
class Model {
  readonly balances = new Map<string, Decimal>();
  readonly stats = { firstAttempts: 0, retries: 0, succeeded: 0, refused: new Map<string, number>(), serverErrors: [] as string[] };

  balance(p: Party) {
    return this.balances.get(p.id) ?? new Decimal(0);
  }
  moved(from: Party, to: Party, amount: Decimal) {
    this.balances.set(from.id, this.balance(from).minus(amount));
    this.balances.set(to.id, this.balance(to).plus(amount));
    this.stats.succeeded += 1;
  }
  record(reply: Reply) {
    if (reply.statusCode >= 500) this.stats.serverErrors.push(reply.body);
    if (reply.statusCode >= 400 && reply.statusCode < 500) {
      const code = reply.json().error.code as string;
      this.stats.refused.set(code, (this.stats.refused.get(code) ?? 0) + 1);
    }
  }
}

interface Attempt {
  from: Party;
  to: Party;
  variant: Variant;
  amount: Decimal;
  code: string;
}

/** Picks a first attempt from `from` to `to`, given `from`'s balance when the round starts. */
function planAttempt(random: Random, from: Party, to: Party, start: Decimal, code: string, racy: boolean): Attempt {
  const roll = random.next();
  const variant: Variant =
    roll < 0.07 ? 'tooMuch' : roll < 0.14 ? 'wrongPin' : roll < 0.21 ? 'wrongCode' : racy && roll < 0.36 ? 'race' : 'fits';
  const amount =
    variant === 'tooMuch'
      ? TOO_MUCH
      : variant === 'race'
        ? start.plus(share(random, start, 0.01, 0.3))
        : share(random, start, racy ? 0.05 : 0.01, racy ? 0.8 : 0.15);
  return { from, to, variant, amount, code };
}

/**
 * One user's requests of a round: the first attempt, then, if it was refused, a retry with the same
 * code (and a fresh Idempotency-Key) for an amount the sender surely has, which must succeed.
 */
async function chain(model: Model, attempt: Attempt, start: Decimal): Promise<void> {
  const { from, to, variant, amount, code } = attempt;
  model.stats.firstAttempts += 1;
  const first = await send(from, {
    toUid: to.profile.uid,
    amount: amount.toFixed(),
    code: variant === 'wrongCode' ? wrongCode(code) : code,
    paymentPassword: variant === 'wrongPin' ? WRONG_PIN : PIN,
  });
  model.record(first);
  const label = `${variant} ${amount.toFixed()} of ${start.toFixed()}: ${first.body}`;
  expect(first.statusCode, label).toBeLessThan(500);
  if (first.statusCode === 200) {
    expect(['fits', 'race'], label).toContain(variant);
    expect(first.json(), label).toMatchObject({ amount: amount.toFixed(), currency: 'USDT', to: { uid: to.profile.uid } });
    model.moved(from, to, amount);
    return;
  }
  expect(EXPECTED_REFUSAL[variant], label).toContain(first.json().error.code);

  // The sender's balance only grew since the round started (their own requests run one at a time),
  // and the model knows every committed credit whose reply has arrived: a lower bound.
  const lowerBound = model.balance(from);
  expect(lowerBound.gte('0.04'), `balance left for a retry after ${label}`).toBe(true);
  const retryAmount = lowerBound.div(4).toDecimalPlaces(2, Decimal.ROUND_DOWN);
  model.stats.retries += 1;
  const retry = await send(from, { toUid: to.profile.uid, amount: retryAmount.toFixed(), code, paymentPassword: PIN });
  model.record(retry);
  expect(retry.statusCode, `retry with the same code after ${label}: ${retry.body}`).toBe(200);
  model.moved(from, to, retryAmount);
}

async function expectBooksMatch(model: Model, parties: Party[]) {
  for (const p of parties) expect((await usdt(p)).toFixed(), `balance of ${p.profile.uid}`).toBe(model.balance(p).toFixed());
  const transfers = await db()
    .selectFrom('transfers')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where(
      'from_user_id',
      'in',
      parties.map((p) => p.id),
    )
    .executeTakeFirstOrThrow();
  expect(Number(transfers.n)).toBe(model.stats.succeeded);
  expect(await ledgerViolations(db())).toEqual([]);
  expect(model.stats.serverErrors).toEqual([]);
  expect(troubleIn(t.logs)).toEqual([]);
}

beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(() => t?.close());

describe('transfers at the same instant', () => {
  it('200 crossing transfers between A and B: no 5xx, no deadlock, refused ones keep their code, books match the replies', async () => {
    const started = Date.now();
    const [a, b] = (await Promise.all([party(), party()])) as [Party, Party];
    await Promise.all([fund(a, '300'), fund(b, '300')]);
    const model = new Model();
    model.balances.set(a.id, new Decimal(300));
    model.balances.set(b.id, new Decimal(300));
    const random = seededRandom(20_261_122);

    for (let round = 0; round < 100; round++) {
      const codes = await freshCodes([a, b]);
      const startA = model.balance(a);
      const startB = model.balance(b);
      const ab = planAttempt(random, a, b, startA, codes.get(a.id) as string, true);
      const ba = planAttempt(random, b, a, startB, codes.get(b.id) as string, true);
      // A->B and B->A leave together: each takes both wallets' locks inside one posting.
      await Promise.all([chain(model, ab, startA), chain(model, ba, startB)]);
      if (round % 10 === 9) {
        // The code that moved money is spent: the same code with a new key moves nothing.
        const reused = await send(a, { toUid: b.profile.uid, amount: '0.01', code: codes.get(a.id) as string, paymentPassword: PIN });
        expect(reused.json().error.code, reused.body).toBe('CODE_EXPIRED');
      }
    }

    expect(model.stats.firstAttempts).toBe(200);
    await expectBooksMatch(model, [a, b]);
    expect(model.balance(a).plus(model.balance(b)).toFixed()).toBe('600');
    console.info('crossing transfers', {
      ms: Date.now() - started,
      ...model.stats,
      refused: Object.fromEntries(model.stats.refused),
    });
  });

  it('200 random transfers among 20 users, 20 in flight at once: same guarantees', async () => {
    const started = Date.now();
    const parties = await Promise.all(Array.from({ length: 20 }, () => party()));
    await Promise.all(parties.map((p) => fund(p, '1000')));
    const model = new Model();
    for (const p of parties) model.balances.set(p.id, new Decimal(1000));
    const random = seededRandom(7_100_300);

    for (let round = 0; round < 10; round++) {
      const codes = await freshCodes(parties);
      const attempts = parties.map((from) => {
        const others = parties.filter((p) => p !== from);
        return planAttempt(random, from, random.pick(others), model.balance(from), codes.get(from.id) as string, false);
      });
      const starts = attempts.map((x) => model.balance(x.from));
      await Promise.all(attempts.map((x, i) => chain(model, x, starts[i] as Decimal)));
    }

    expect(model.stats.firstAttempts).toBe(200);
    await expectBooksMatch(model, parties);
    const total = parties.reduce((sum, p) => sum.plus(model.balance(p)), new Decimal(0));
    expect(total.toFixed()).toBe('20000');
    console.info('random transfers among 20', {
      ms: Date.now() - started,
      ...model.stats,
      refused: Object.fromEntries(model.stats.refused),
    });
  });

  it('the same Idempotency-Key sent 10 times at once moves the money once', async () => {
    const [c, d] = (await Promise.all([party(), party()])) as [Party, Party];
    await fund(c, '100');
    const code = (await freshCodes([c])).get(c.id) as string;
    const key = randomUUID();
    const body = { toUid: d.profile.uid, amount: '7.25', code, paymentPassword: PIN };
    const replies = await Promise.all(Array.from({ length: 10 }, () => send(c, body, key)));

    const ok = replies.filter((r) => r.statusCode === 200);
    expect(ok.length).toBeGreaterThanOrEqual(1);
    for (const r of replies) {
      if (r.statusCode === 200) expect(r.json().id).toBe(ok[0]?.json().id);
      else expect(r.json().error.code, r.body).toBe('IDEMPOTENCY_IN_PROGRESS');
    }
    // Once the first has answered, a repeat gets its reply again.
    const again = await send(c, body, key);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.headers['idempotency-hit']).toBe('true');
    expect(again.json().id).toBe(ok[0]?.json().id);

    expect((await usdt(c)).toFixed()).toBe('92.75');
    expect((await usdt(d)).toFixed()).toBe('7.25');
    const rows = await db().selectFrom('transfers').select('id').where('from_user_id', '=', c.id).execute();
    expect(rows).toHaveLength(1);
    expect(await ledgerViolations(db())).toEqual([]);
  });

  it('one code sent with two different keys at once moves money once; the other is told the code is used', async () => {
    const [c, d] = (await Promise.all([party(), party()])) as [Party, Party];
    await fund(c, '100');
    const code = (await freshCodes([c])).get(c.id) as string;
    const body = { toUid: d.profile.uid, amount: '10', code, paymentPassword: PIN };
    const replies = await Promise.all([send(c, body), send(c, body)]);
    expect(replies.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    expect(replies.find((r) => r.statusCode !== 200)?.json().error.code).toBe('CODE_EXPIRED');
    expect((await usdt(c)).toFixed()).toBe('90');
    expect((await usdt(d)).toFixed()).toBe('10');
    expect(await ledgerViolations(db())).toEqual([]);
  });

  it('a transfer refused inside the money transaction (balance gone meanwhile) leaves its code live', async () => {
    const [e, f] = (await Promise.all([party(), party()])) as [Party, Party];
    await fund(e, '100');
    const code = (await freshCodes([e])).get(e.id) as string;
    const wallet = await accountId(db(), { userId: e.id, currency: 'USDT', purpose: USER_WALLET });
    const sink = await accountId(db(), { userId: null, currency: 'USDT', purpose: SYSTEM_PURPOSES.adjustments });

    // Another posting empties E's wallet and keeps its row locked while the transfer runs: the
    // transfer's balance check (before its transaction) still sees 100, its password and code checks
    // pass, and then it waits on the wallet's row. When it gets it, the balance is 0 and the
    // transaction that was to spend the code fails.
    let transfer: Promise<Reply> | undefined;
    await db()
      .transaction()
      .execute(async (trx) => {
        // No user on the journal: its foreign key would share-lock E's user row, and the payment
        // password check (which locks that row) would then wait before the code is even checked.
        await post(trx, {
          typeCode: 13,
          userId: null,
          reference: 'test:drain',
          idempotencyKey: `test-drain:${randomUUID()}`,
          legs: [
            { accountId: wallet, amount: '-100' },
            { accountId: sink, amount: '100' },
          ],
        });
        transfer = send(e, { toUid: f.profile.uid, amount: '60', code, paymentPassword: PIN });
        await waitForLockWaiter(db(), 'ledger_accounts');
      });
    const refused = (await transfer) as Reply;
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json().error.code).toBe('INSUFFICIENT_BALANCE');
    const live = await db()
      .selectFrom('email_codes')
      .select(['consumed_at', 'attempts'])
      .where('email', '=', e.email)
      .where('purpose', '=', 'transfer')
      .orderBy('created_at', 'desc')
      .executeTakeFirstOrThrow();
    expect(live).toEqual({ consumed_at: null, attempts: 0 });
    expect(await db().selectFrom('transfers').select('id').where('from_user_id', '=', e.id).execute()).toEqual([]);

    await fund(e, '100');
    const retried = await send(e, { toUid: f.profile.uid, amount: '60', code, paymentPassword: PIN });
    expect(retried.statusCode, retried.body).toBe(200);
    expect((await usdt(e)).toFixed()).toBe('40');
    expect((await usdt(f)).toFixed()).toBe('60');
    expect(await ledgerViolations(db())).toEqual([]);
    expect(troubleIn(t.logs)).toEqual([]);
  });
});

import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fundedMember, lastCode, type Member, PIN, sendAccountCode } from '../../../test/accounts';
import { createTestApp, type TestApp } from '../../../test/app';
import { ManualClock } from '../../../test/clock';

/*
 * A money request reads what it checks in one query, then moves the money in one transaction that
 * also spends the code and records the idempotency key (ADR 0007). Counted here as PostgreSQL sees
 * it: every statement the app's connections send while one request runs. The limiter's own
 * transactions (secret_attempts; in Redis in production, ADR 0016) and the change feed's NOTIFY
 * after the commit are told apart and left out.
 */

let t: TestApp;
const clock = new ManualClock();
let alice: Member;
let bob: Member;

const call = (user: Member, method: 'POST' | 'GET', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { ...user.headers, 'idempotency-key': randomUUID() }, ...(payload ? { payload } : {}) });

beforeAll(async () => {
  t = await createTestApp({ clock });
  alice = await fundedMember(t, '100');
  // Holding USDT already: the recipient's wallet exists, as it does for most transfers.
  bob = await fundedMember(t, '100');
});
afterAll(() => t.close());

/** The statements sent while `run` runs, each group a transaction (begin to commit) or one statement alone. */
async function statementsOf(run: () => Promise<{ statusCode: number; body: string }>): Promise<string[][]> {
  const sent: string[] = [];
  const query = pg.Client.prototype.query;
  pg.Client.prototype.query = function (this: pg.Client, ...args: Parameters<typeof query>) {
    const text = args[0] as unknown as string | { text: string };
    sent.push((typeof text === 'string' ? text : text.text).replace(/\s+/g, ' ').trim());
    return (query as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof query;
  try {
    const reply = await run();
    expect(reply.statusCode, reply.body).toBe(200);
  } finally {
    pg.Client.prototype.query = query;
  }
  const groups: string[][] = [];
  let open: string[] | null = null;
  for (const statement of sent) {
    if (/^begin/i.test(statement)) open = [];
    else if (/^commit/i.test(statement)) {
      if (open) groups.push(open);
      open = null;
    } else if (open) open.push(statement);
    else groups.push([statement]);
  }
  const limiter = (group: string[]) => group.every((s) => s.includes('secret_attempts'));
  const changeFeed = (group: string[]) => group.length === 1 && group[0]?.startsWith('select pg_notify');
  return groups.filter((g) => !limiter(g) && !changeFeed(g));
}

async function transferCode(): Promise<string> {
  clock.advance(61);
  await sendAccountCode(t, alice.token, 'transfer');
  return lastCode(t, alice.email);
}

describe('a money request in two round trips', () => {
  it('a transfer: one read, then one transaction of five statements', async () => {
    const send = async () => {
      const code = await transferCode();
      return statementsOf(() =>
        call(alice, 'POST', '/api/v1/wallet/transfers', {
          toUid: bob.profile.uid,
          currency: 'USDT',
          amount: '1',
          code,
          paymentPassword: PIN,
        }),
      );
    };
    await send(); // the process learns the house and member accounts once
    const groups = await send();
    expect(groups.map((g) => g.length)).toEqual([1, 5]);
    expect(groups[0]?.[0]).toMatch(/^select .*idempotency_requests.*users.*email_codes.*ledger_accounts.*transfers/);
    expect(groups[1]?.at(-1)).toMatch(/^with also as .* saved as \(insert into idempotency_requests/);
  });

  it('an exchange: one read, then one transaction of four statements', async () => {
    const quoteThenExchange = async () => {
      const quote = await call(alice, 'POST', '/api/v1/wallet/exchange/quotes', { from: 'USDT', to: 'USD', amount: '10' });
      expect(quote.statusCode, quote.body).toBe(200);
      return statementsOf(() => call(alice, 'POST', '/api/v1/wallet/exchange', { quoteId: quote.json().id, paymentPassword: PIN }));
    };
    await quoteThenExchange();
    const groups = await quoteThenExchange();
    expect(groups.map((g) => g.length)).toEqual([1, 4]);
    expect(groups[0]?.[0]).toMatch(/^select .*idempotency_requests.*users.*exchange_quotes/);
    expect(groups[1]?.at(-1)).toMatch(/^with also as .* saved as \(insert into idempotency_requests/);
  });
});

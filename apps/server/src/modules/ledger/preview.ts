import { Decimal } from '@wallet/contract';
import { sql, type Transaction } from 'kysely';
import type { Db } from '../../platform/db/database';
import type { Database } from '../../platform/db/schema';

/**
 * What a money action would post, before anyone approves it (ADR 0034): the action runs for real in
 * a transaction that is always rolled back, and the ledger reads back the entries that transaction
 * wrote. The checker sees the ledger's own arithmetic (locks, house shards, overdraft checks), not a
 * second model of it that could disagree.
 */
export interface PreviewPosting {
  /** The account's purpose: 'wallet' for a member's own, else the system account's. */
  account: string;
  /** The member's UID; null for a system account. */
  owner: string | null;
  currency: string;
  /** Signed: what the action moves into (positive) or out of (negative) the account. */
  amount: string;
  balanceBefore: string;
  balanceAfter: string;
}

class RolledBack extends Error {
  constructor(readonly postings: PreviewPosting[]) {
    super('ledger preview rolled back');
  }
}

/** Runs `work` in a transaction that never commits, and returns the postings it made, one line per account. */
export async function previewPostings(db: Db, work: (trx: Transaction<Database>) => Promise<unknown>): Promise<PreviewPosting[]> {
  try {
    await db.transaction().execute(async (trx) => {
      await work(trx);
      throw new RolledBack(await ownPostings(trx));
    });
  } catch (error) {
    if (error instanceof RolledBack) return error.postings;
    throw error;
  }
  throw new Error('ledger preview committed');
}

type EntryRow = {
  id: string;
  owner: string | null;
  purpose: string;
  house: boolean;
  currency: string;
  amount: string;
  balance_before: string;
  balance_after: string;
  house_total: string | null;
};

/**
 * The entries this transaction wrote (their xmin is its own id: no other transaction's, committed or
 * not, can match), grouped per account; a house account (sharded) shows the sum of its shards.
 */
async function ownPostings(trx: Transaction<Database>): Promise<PreviewPosting[]> {
  const { rows } = await sql<EntryRow>`
    select e.id::text, u.uid as owner, a.purpose, a.house, e.currency, e.amount::text,
      e.balance_before::text, e.balance_after::text,
      case when a.house then (select sum(s.balance)::text from ledger_accounts s
        where s.user_id is null and s.currency = a.currency and s.purpose = a.purpose) end as house_total
    from ledger_entries e
    join ledger_accounts a on a.id = e.account_id
    left join users u on u.id = a.user_id
    where e.xmin = pg_current_xact_id()::xid
    order by e.id`.execute(trx);
  const lines = new Map<string, PreviewPosting & { houseTotal: string | null }>();
  for (const row of rows) {
    const key = `${row.owner ?? ''}|${row.purpose}|${row.currency}`;
    const line = lines.get(key);
    if (line) {
      line.amount = new Decimal(line.amount).plus(row.amount).toFixed();
      line.balanceAfter = row.balance_after;
    } else
      lines.set(key, {
        account: row.purpose,
        owner: row.owner,
        currency: row.currency,
        amount: new Decimal(row.amount).toFixed(),
        balanceBefore: new Decimal(row.balance_before).toFixed(),
        balanceAfter: row.balance_after,
        houseTotal: row.house ? row.house_total : null,
      });
  }
  return [...lines.values()].map(({ houseTotal, ...line }) => {
    if (houseTotal === null) return { ...line, balanceAfter: new Decimal(line.balanceAfter).toFixed() };
    // One shard's balance means nothing to a reader: the house account is the sum of its shards.
    const after = new Decimal(houseTotal);
    return { ...line, balanceBefore: after.minus(line.amount).toFixed(), balanceAfter: after.toFixed() };
  });
}

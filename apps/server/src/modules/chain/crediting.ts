import { DEPOSIT_CODES, Decimal, type DepositCurrency, isCurrency, LIMITS, type Network } from '@wallet/contract';
import type { Db } from '../../platform/db/database';
import { dayIn } from '../../platform/time-zone';
import { lockUserRow, lockUserRows } from '../auth/service';
import { accountId, accountIds, post, postMany, SYSTEM_PURPOSES, USER_WALLET } from '../ledger';
import { notify, notifyMany } from '../notifications/notify';
import type { ChainAdapter } from './adapter';
import * as q from './queries';
import type { ScanDeps } from './scanner';

export interface CreditSettings {
  confirmations: number;
  /** UTC offset of the platform's calendar day, e.g. +08:00. */
  timeZone: string;
  /** Deposits settled per transaction (200 unless given; tests make it small to race batches). */
  batchSize?: number;
}

export interface CreditResult {
  credited: number;
  queued: number;
  dropped: number;
  unattributed: number;
}

type Outcome = 'credited' | 'queued' | 'skipped';

const BATCH_SIZE = 200;
/** Blocks whose hash is asked of the node at once. */
const HASH_CONCURRENCY = 8;

/**
 * Settles deposits that have their confirmations: re-checks that each one's block is still on the
 * chain (a deposit whose block left is dropped, and comes back if a scan finds it mined again),
 * then credits it to its user within the daily top-up limit. Deposits queued on an earlier day go
 * first, so they keep their place. Deposits are settled in batches, one transaction each (see
 * creditBatch); the chain is asked for the batch's block hashes before its transaction opens, so no
 * lock is held across a call to the node. Safe to run concurrently and repeatedly: each deposit is
 * settled under its row lock and posted with an idempotency key of its own (network, tx hash, log index).
 */
export async function creditConfirmed(deps: ScanDeps, adapter: ChainAdapter, settings: CreditSettings): Promise<CreditResult> {
  const result: CreditResult = { credited: 0, queued: 0, dropped: 0, unattributed: 0 };
  const size = settings.batchSize ?? BATCH_SIZE;
  // Members one of whose deposits this run had to leave (another transaction held it, or a scan
  // moved it to another block): their later deposits wait for the next run, so none overtakes it.
  const waiting = new Set<string>();
  const queued = await q.queuedDeposits(deps.db, adapter.network);
  for (let i = 0; i < queued.length; i += size) {
    const batch = queued.slice(i, i + size).map((r) => ({ id: r.id, userId: r.user_id as string, currency: r.currency, blockHash: null }));
    const done = await creditBatch(deps.db, adapter.network, batch, deps.clock.now(), settings.timeZone, waiting);
    result.credited += done.credited;
  }

  const head = await adapter.head();
  const lastFinal = head - BigInt(settings.confirmations) + 1n;
  if (lastFinal < 0n) return result;
  const due = await q.confirmingDepositsUpTo(deps.db, adapter.network, lastFinal.toString());
  const hashes = new Map<string, string | null>();
  for (let i = 0; i < due.length; i += size) {
    const chunk = due.slice(i, i + size);
    await askBlockHashes(adapter, chunk, hashes);
    const dropped: Array<{ id: string; blockHash: string }> = [];
    const unattributed: Array<{ id: string; blockHash: string }> = [];
    const batch: Due[] = [];
    for (const deposit of chunk) {
      const checked = { id: deposit.id, blockHash: deposit.block_hash };
      if (hashes.get(deposit.block_number) !== deposit.block_hash) dropped.push(checked);
      else if (!deposit.user_id) unattributed.push(checked);
      else batch.push({ ...checked, userId: deposit.user_id, currency: deposit.currency });
    }
    const now = deps.clock.now();
    result.dropped += await q.settleConfirmingDeposits(deps.db, dropped, { status: 'dropped', note: 'block_left_chain', updated_at: now });
    result.unattributed += await q.settleConfirmingDeposits(deps.db, unattributed, {
      status: 'unattributed',
      note: 'unbound_sender',
      updated_at: now,
    });
    const done = await creditBatch(deps.db, adapter.network, batch, now, settings.timeZone, waiting);
    result.credited += done.credited;
    result.queued += done.queued;
  }
  return result;
}

/** The hashes of these deposits' blocks on the chain as it is now, asked a few at a time (no transaction is open). */
async function askBlockHashes(adapter: ChainAdapter, deposits: ReadonlyArray<{ block_number: string }>, known: Map<string, string | null>) {
  const missing = [...new Set(deposits.map((d) => d.block_number))].filter((n) => !known.has(n));
  for (let i = 0; i < missing.length; i += HASH_CONCURRENCY) {
    const part = missing.slice(i, i + HASH_CONCURRENCY);
    const found = await Promise.all(part.map((n) => adapter.blockHash(BigInt(n))));
    part.forEach((n, j) => {
      known.set(n, found[j] ?? null);
    });
  }
}

/** A deposit due for crediting, as listed before its batch's transaction. */
interface Due {
  id: string;
  userId: string;
  currency: string;
  /** The block hash just checked against the chain; null for a queued deposit (checked when it was queued). */
  blockHash: string | null;
}

type LockedDeposit = Awaited<ReturnType<typeof q.lockUnheldDeposits>>[number];

function depositCurrency(deposit: { id: string; currency: string }): DepositCurrency {
  if (!isCurrency(deposit.currency) || !(deposit.currency in DEPOSIT_CODES))
    throw new Error(`deposit ${deposit.id}: no ledger code for ${deposit.currency}`);
  return deposit.currency as DepositCurrency;
}

/**
 * Credits a batch of deposits in one transaction, in the order given (each member's in their place),
 * queuing those beyond the member's daily top-ups. Under the transaction: the members' rows locked in
 * id order (the daily count is theirs: two batches, or a batch and a single credit, of one member
 * take turns); then the batch's deposits that no other transaction holds, in id order, skipping,
 * never waiting for, a held one; the day's credits of every member counted in one query; the
 * journals posted together (the ledger's postMany: one lock per account, in id order, and each
 * balance written once); the deposits marked; the members told. A deposit settled meanwhile (by
 * another run) is passed over. One still pending that cannot be taken (held by another transaction,
 * or moved to another block since its hash was checked) is left as it is, and so are its member's
 * later deposits for the rest of the run (`waiting`): none overtakes it.
 */
async function creditBatch(
  db: Db,
  network: Network,
  due: Due[],
  now: Date,
  timeZone: string,
  waiting: Set<string>,
): Promise<{ credited: number; queued: number }> {
  const batch = due.filter((d) => !waiting.has(d.userId));
  if (batch.length === 0) return { credited: 0, queued: 0 };
  // The accounts are made (and committed) before the money transaction, which only locks them (ADR 0007).
  const ids = await accountIds(
    db,
    batch.flatMap((d) => {
      const currency = depositCurrency(d);
      return [
        { userId: d.userId, currency, purpose: USER_WALLET },
        { userId: null, currency, purpose: SYSTEM_PURPOSES.chainInbound(network) },
      ];
    }),
  );
  const accounts = new Map(batch.map((d, i) => [d.id, { wallet: ids[2 * i] as string, inbound: ids[2 * i + 1] as string }]));
  const day = dayIn(now, timeZone);
  const users = [...new Set(batch.map((d) => d.userId))];

  return db.transaction().execute(async (trx) => {
    await lockUserRows(trx, users);
    const rows = await q.lockUnheldDeposits(
      trx,
      batch.map((d) => d.id),
    );
    const locked = new Map(rows.map((r) => [r.id, r]));
    const used = await q.countsCreditedOn(trx, users, day);
    const credits: LockedDeposit[] = [];
    const queue: string[] = [];
    for (const d of batch) {
      if (waiting.has(d.userId)) continue;
      const row = locked.get(d.id);
      // Settled meanwhile (by another run, or dropped): it holds no place any more.
      if (row && row.status !== 'confirming' && row.status !== 'queued') continue;
      const ready =
        row && row.user_id === d.userId && (row.status === 'queued' || (d.blockHash !== null && row.block_hash === d.blockHash));
      if (!ready) {
        // Held by another transaction, or moved to another block since its hash was checked: still
        // pending, so this member's later deposits wait with it.
        waiting.add(d.userId);
        continue;
      }
      const count = used.get(d.userId) ?? 0;
      if (count >= LIMITS.topUp.perDay) {
        if (row.status !== 'queued') queue.push(row.id);
        continue;
      }
      used.set(d.userId, count + 1);
      credits.push(row);
    }

    const posted = await postMany(
      trx,
      credits.map((row) => {
        const account = accounts.get(row.id) as { wallet: string; inbound: string };
        return {
          typeCode: DEPOSIT_CODES[depositCurrency(row)],
          userId: row.user_id,
          reference: `deposit:${row.id}`,
          idempotencyKey: `deposit:${row.network}:${row.tx_hash}:${row.log_index}`,
          memo: { network: row.network, txHash: row.tx_hash, from: row.from_address },
          legs: [
            { accountId: account.wallet, amount: row.amount },
            { accountId: account.inbound, amount: `-${row.amount}` },
          ],
        };
      }),
    );
    const journals = posted.map((result, i) => {
      // A refused journal is a fault (the deposit's amount or accounts), not a state: nothing of the batch is kept.
      if (result.status === 'rejected') throw result.reason;
      return { id: (credits[i] as LockedDeposit).id, journalId: result.value.journalId };
    });
    await q.markCredited(trx, journals, day, now);
    await q.markQueued(trx, queue, now);
    // In the crediting transaction, one per deposit: only the run that moved it to credited gets here.
    await notifyMany(
      trx,
      credits.map((row) => ({
        userId: row.user_id as string,
        code: 'deposit_credited' as const,
        params: { amount: new Decimal(row.amount).toFixed(), currency: row.currency, network: row.network },
        ref: { kind: 'deposit' as const, id: row.id },
      })),
    );
    return { credited: credits.length, queued: queue.length };
  });
}

/**
 * Credits one confirmed, attributed deposit, or queues it when its user has had the day's top-ups
 * (an operator's assignment; the one-transaction-per-deposit baseline of the chain bench). The user's
 * row is locked while counting, so two deposits of one user never both take the last place, nor a
 * deposit and a batch (creditBatch locks the same rows).
 */
export async function creditDeposit(db: Db, id: string, now: Date, timeZone: string): Promise<Outcome> {
  return db.transaction().execute(async (trx) => {
    const deposit = await q.lockDeposit(trx, id);
    if (!deposit?.user_id || (deposit.status !== 'confirming' && deposit.status !== 'queued')) return 'skipped';
    await lockUserRow(trx, deposit.user_id);
    const day = dayIn(now, timeZone);
    const used = await q.countCreditedOn(trx, deposit.user_id, day);
    if (used >= LIMITS.topUp.perDay) {
      if (deposit.status !== 'queued') await q.updateDeposit(trx, id, { status: 'queued', note: 'daily_limit', updated_at: now });
      return 'queued';
    }
    const currency = depositCurrency(deposit);
    const journal = await post(trx, {
      typeCode: DEPOSIT_CODES[currency],
      userId: deposit.user_id,
      reference: `deposit:${id}`,
      idempotencyKey: `deposit:${deposit.network}:${deposit.tx_hash}:${deposit.log_index}`,
      memo: { network: deposit.network, txHash: deposit.tx_hash, from: deposit.from_address },
      legs: [
        { accountId: await accountId(trx, { userId: deposit.user_id, currency, purpose: USER_WALLET }), amount: deposit.amount },
        {
          accountId: await accountId(trx, { userId: null, currency, purpose: SYSTEM_PURPOSES.chainInbound(deposit.network as Network) }),
          amount: `-${deposit.amount}`,
        },
      ],
    });
    await q.updateDeposit(trx, id, {
      status: 'credited',
      note: null,
      credit_day: day,
      journal_id: journal.journalId,
      credited_at: now,
      updated_at: now,
    });
    // In the crediting transaction, one per deposit: only the run that moved it to credited gets here.
    await notify(trx, deposit.user_id, {
      code: 'deposit_credited',
      params: { amount: new Decimal(deposit.amount).toFixed(), currency, network: deposit.network },
      ref: { kind: 'deposit', id },
    });
    return 'credited';
  });
}

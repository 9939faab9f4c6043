import { DEPOSIT_CODES, Decimal, type DepositCurrency, isCurrency, LIMITS, type Network } from '@wallet/contract';
import { calendarDay } from '../../platform/calendar-day';
import type { Db } from '../../platform/db/database';
import { lockUserRow } from '../auth/service';
import { accountId, post, SYSTEM_PURPOSES, USER_WALLET } from '../ledger';
import { notify } from '../notifications/notify';
import type { ChainAdapter } from './adapter';
import * as q from './queries';
import type { ScanDeps } from './scanner';

export interface CreditSettings {
  confirmations: number;
  /** UTC offset of the platform's calendar day, e.g. +08:00. */
  timeZone: string;
}

export interface CreditResult {
  credited: number;
  queued: number;
  dropped: number;
  unattributed: number;
}

type Outcome = 'credited' | 'queued' | 'skipped';

/**
 * Settles deposits that have their confirmations: re-checks that each one's block is still on the
 * chain (a deposit whose block left is dropped, and comes back if a scan finds it mined again),
 * then credits it to its user within the daily top-up limit. Deposits queued on an earlier day go
 * first, so they keep their place. Safe to run concurrently and repeatedly: each deposit is settled
 * under a row lock and posted with an idempotency key of its own (network, tx hash, log index).
 */
export async function creditConfirmed(deps: ScanDeps, adapter: ChainAdapter, settings: CreditSettings): Promise<CreditResult> {
  const result: CreditResult = { credited: 0, queued: 0, dropped: 0, unattributed: 0 };
  const queued = await q.queuedDepositIds(deps.db, adapter.network);
  for (const row of queued) {
    if ((await creditDeposit(deps.db, row.id, deps.clock.now(), settings.timeZone)) === 'credited') result.credited += 1;
  }

  const head = await adapter.head();
  const lastFinal = head - BigInt(settings.confirmations) + 1n;
  if (lastFinal < 0n) return result;
  const due = await q.confirmingDepositsUpTo(deps.db, adapter.network, lastFinal.toString());
  const hashes = new Map<string, string | null>();
  for (const deposit of due) {
    if (!hashes.has(deposit.block_number)) hashes.set(deposit.block_number, await adapter.blockHash(BigInt(deposit.block_number)));
    if (hashes.get(deposit.block_number) !== deposit.block_hash) {
      result.dropped += await settleState(deps.db, deposit.id, deposit.block_hash, 'dropped', 'block_left_chain', deps.clock.now());
      continue;
    }
    if (!deposit.user_id) {
      result.unattributed += await settleState(deps.db, deposit.id, deposit.block_hash, 'unattributed', 'unbound_sender', deps.clock.now());
      continue;
    }
    const outcome = await creditDeposit(deps.db, deposit.id, deps.clock.now(), settings.timeZone);
    if (outcome === 'credited') result.credited += 1;
    if (outcome === 'queued') result.queued += 1;
  }
  return result;
}

/** Moves a confirming deposit (still in the block we checked) to a final state without money. */
async function settleState(db: Db, id: string, blockHash: string, status: 'dropped' | 'unattributed', note: string, now: Date) {
  return q.updateConfirmingDeposit(db, id, blockHash, { status, note, updated_at: now });
}

/**
 * Credits one confirmed, attributed deposit, or queues it when its user has had the day's top-ups.
 * The user's row is locked while counting, so two deposits of one user never both take the last place.
 */
export async function creditDeposit(db: Db, id: string, now: Date, timeZone: string): Promise<Outcome> {
  return db.transaction().execute(async (trx) => {
    const deposit = await q.lockDeposit(trx, id);
    if (!deposit?.user_id || (deposit.status !== 'confirming' && deposit.status !== 'queued')) return 'skipped';
    await lockUserRow(trx, deposit.user_id);
    const day = calendarDay(now, timeZone);
    const used = await q.countCreditedOn(trx, deposit.user_id, day);
    if (used >= LIMITS.topUp.perDay) {
      if (deposit.status !== 'queued') await q.updateDeposit(trx, id, { status: 'queued', note: 'daily_limit', updated_at: now });
      return 'queued';
    }
    if (!isCurrency(deposit.currency) || !(deposit.currency in DEPOSIT_CODES))
      throw new Error(`deposit ${id}: no ledger code for ${deposit.currency}`);
    const currency = deposit.currency as DepositCurrency;
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

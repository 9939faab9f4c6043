import { type BindableNetwork, Decimal, type Deposit, LIMITS, type Network, type TopUpInfo } from '@wallet/contract';
import type { Selectable } from 'kysely';
import type { Executor } from '../../platform/db/database';
import type { DailySum, DayRange } from '../../platform/db/day-buckets';
import type { ChainDepositsTable, DepositStatus } from '../../platform/db/schema';
import { AppError } from '../../platform/errors';
import { dayIn } from '../../platform/time-zone';
import { findUserBoundAddress, findUserByUid } from '../auth/service';
import { recordOperatorAudit } from '../operators/audit-chain';
import type { OperatorContext } from '../operators/context';
import type { ChainAdapter } from './adapter';
import { creditConfirmed, creditDeposit } from './crediting';
import * as q from './queries';
import { recordTransfers, type ScanDeps, scanNetwork } from './scanner';
import { type SendSettings, sendWithdrawals } from './withdrawal-sender';

/** The books' reads of deposits (reconciliation), in the caller's transaction. */
export { recordedDepositOfTransfer, recordedDepositsSince } from './queries';

export interface ChainSettings {
  confirmations: Record<Network, number>;
  batchBlocks: number;
  /** UTC offset of the platform's day for the daily top-up limit. */
  timeZone: string;
  send?: Omit<SendSettings, 'confirmations'>;
  /** Development: where the local chain's faucet page is, shown on the top-up page. */
  devFaucet?: string;
}

export type ChainService = ReturnType<typeof createChainService>;

type DepositRow = Selectable<ChainDepositsTable>;

/**
 * The chain module's rules behind one object: scanning, crediting and sending per network (what the
 * jobs run), and what the top-up page and the operators ask for.
 */
export function createChainService(deps: ScanDeps, adapters: ChainAdapter[], settings: ChainSettings) {
  const networks = new Map(adapters.map((a) => [a.network, a]));
  const adapterOf = (network: Network) => {
    const adapter = networks.get(network);
    if (!adapter) throw new AppError('NETWORK_UNAVAILABLE', { network });
    return adapter;
  };
  const confirmationsOf = (network: Network) => settings.confirmations[network];
  const sendingNetworks = new Set(adapters.filter((a) => a.sender).map((a) => a.network as BindableNetwork));

  const scan = (network: Network) =>
    scanNetwork(deps, adapterOf(network), { confirmations: confirmationsOf(network), batchBlocks: settings.batchBlocks });
  const credit = (network: Network) =>
    creditConfirmed(deps, adapterOf(network), { confirmations: confirmationsOf(network), timeZone: settings.timeZone });
  const send = (network: Network) =>
    sendWithdrawals(deps, adapterOf(network), { ...settings.send, confirmations: confirmationsOf(network) });

  async function toDeposit(row: DepositRow, heads: Map<string, bigint>): Promise<Deposit> {
    const required = confirmationsOf(row.network as Network);
    const head = heads.get(row.network);
    const seen = head === undefined ? 0n : head - BigInt(row.block_number) + 1n;
    const confirmations = row.status === 'confirming' || row.status === 'dropped' ? Number(seen < 0n ? 0n : seen) : required;
    return {
      id: row.id,
      network: row.network as Network,
      currency: row.currency as Deposit['currency'],
      amount: new Decimal(row.amount).toFixed(),
      txHash: row.tx_hash,
      from: row.from_address,
      to: row.to_address,
      blockNumber: row.block_number,
      status: row.status,
      confirmations: Math.min(confirmations, required),
      confirmationsRequired: required,
      reason: row.note,
      detectedAt: row.detected_at.toISOString(),
      creditedAt: row.credited_at?.toISOString() ?? null,
    };
  }

  async function heads(): Promise<Map<string, bigint>> {
    const rows = await q.checkpointHeads(deps.db);
    return new Map(rows.map((r) => [r.network, BigInt(r.head_block)]));
  }

  async function creditedToday(userId: string): Promise<number> {
    return q.countCreditedOn(deps.db, userId, dayIn(deps.clock.now(), settings.timeZone));
  }

  return {
    networks,
    sendingNetworks,
    scan,
    credit,
    sendWithdrawals: send,
    /** One job run for a network: find new deposits, settle confirmed ones, move withdrawals along. */
    async tick(network: Network) {
      await scan(network);
      await credit(network);
      if (networks.get(network)?.sender) await send(network);
    },

    async topUpInfo(userId: string): Promise<TopUpInfo> {
      const user = await findUserBoundAddress(deps.db, userId);
      const used = await creditedToday(userId);
      return {
        networks: adapters.map((a) => ({
          network: a.network,
          currency: a.currency,
          depositAddress: a.depositAddressFor ? a.depositAddressFor({ uid: user.uid }) : a.depositAddress,
          confirmationsRequired: confirmationsOf(a.network),
        })),
        boundNetwork: user.bound_network ?? null,
        boundAddress: user.bound_address ?? null,
        perDay: LIMITS.topUp.perDay,
        remainingToday: Math.max(0, LIMITS.topUp.perDay - used),
        timeZone: settings.timeZone,
        devFaucet: settings.devFaucet ?? null,
      };
    },

    async listDeposits(userId: string): Promise<Deposit[]> {
      const rows = await q.listUserDeposits(deps.db, userId, 100);
      const known = await heads();
      return Promise.all(rows.map((r) => toDeposit(r, known)));
    },

    /**
     * "Check this transaction now": records its transfers to our deposit address under the usual
     * rules (attributed by sender, never by who asks) and settles them if they are confirmed.
     * Returns the asking user's deposits from it.
     */
    async checkTransaction(userId: string, network: Network, txHash: string): Promise<Deposit[]> {
      const adapter = adapterOf(network);
      if (!adapter.isTxHash(txHash)) throw new AppError('TX_HASH_INVALID');
      const found = await adapter.transfersOf(txHash);
      if (found === 'not_found') throw new AppError('TX_NOT_FOUND');
      await recordTransfers(deps, network, found);
      await credit(network);
      if (found.length === 0) return [];
      // By the hashes as the chain reports them (the pasted one may differ in case or 0x prefix).
      const rows = await q.userDepositsOfTxs(deps.db, network, userId, [...new Set(found.map((t) => t.txHash))]);
      const known = await heads();
      const head = await adapter.head();
      known.set(network, head > (known.get(network) ?? 0n) ? head : (known.get(network) ?? 0n));
      return Promise.all(rows.map((r) => toDeposit(r, known)));
    },

    async unattributed(): Promise<Deposit[]> {
      const rows = await q.unattributedDeposits(deps.db, 200);
      const known = await heads();
      return Promise.all(rows.map((r) => toDeposit(r, known)));
    },

    /** An operator gives an unattributed deposit to a user; it is then credited under the daily limit. */
    async assign(operator: OperatorContext, depositId: string, uid: string, reason: string): Promise<Deposit> {
      const user = await findUserByUid(deps.db, uid);
      if (!user) throw new AppError('RECIPIENT_NOT_FOUND');
      const now = deps.clock.now();
      // The assignment and its audit entry commit together (the credit then follows as for any deposit).
      const updated = await deps.db.transaction().execute(async (trx) => {
        const count = await q.updateUnattributedDeposit(trx, depositId, {
          user_id: user.id,
          attributed_by: `operator:${operator.operatorId}`,
          status: 'confirming',
          note: null,
          updated_at: now,
        });
        if (count === 0) return 0;
        await recordOperatorAudit(trx, operator, {
          action: 'deposit.assign',
          object: `deposit:${depositId}`,
          memberUid: uid,
          before: { status: 'unattributed' },
          after: { status: 'confirming', uid },
          reason,
        });
        return count;
      });
      if (updated === 0) {
        const exists = await q.findDepositId(deps.db, depositId);
        throw new AppError(exists ? 'DEPOSIT_NOT_UNATTRIBUTED' : 'DEPOSIT_NOT_FOUND');
      }
      await creditDeposit(deps.db, depositId, now, settings.timeZone);
      const row = await q.getDeposit(deps.db, depositId);
      return toDeposit(row, await heads());
    },
  };
}

/** What the operators' console reads of deposits: the money credited per day, the unattributed queue, every deposit. */
export async function depositDailySums(db: Executor, range: DayRange): Promise<DailySum[]> {
  const rows = await q.dailyCreditedSums(db, range);
  return rows.map((r) => ({ day: r.day, currency: r.currency, amount: new Decimal(r.amount).toFixed() }));
}

export function unattributedDepositCount(db: Executor): Promise<number> {
  return q.countInStatus(db, 'unattributed');
}

export async function depositPage(db: Executor, status: DepositStatus | undefined, page: { offset: number; limit: number }) {
  const { rows, total } = await q.pageDeposits(db, status, page);
  return {
    total,
    items: rows.map((row) => ({
      id: row.id,
      userId: row.user_id,
      network: row.network as Network,
      currency: row.currency,
      amount: new Decimal(row.amount).toFixed(),
      txHash: row.tx_hash,
      from: row.from_address,
      to: row.to_address,
      status: row.status,
      note: row.note,
      detectedAt: row.detected_at.toISOString(),
      creditedAt: row.credited_at?.toISOString() ?? null,
    })),
  };
}

import { type BreakCause, type Currency, Decimal } from '@wallet/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../platform/db/database';
import type { SnapshotReserve, SourcePoint } from '../../../platform/db/schema-books';
import type { ChainAdapter, ObservedTransfer, TxState } from '../../chain/adapter';
import type { ChainService } from '../../chain/service';
import { type BooksSource, type Difference, type OpenBreak, type ReadInput, SourceUnavailable } from '../source';
import { type ChainEpoch, latestEpoch } from './chain-epochs';
import {
  type DepositRecord,
  depositByTransfer,
  type LedgerSide,
  readLedgerSide,
  transferKey,
  type WithdrawalRecord,
  withdrawalById,
} from './chain-ledger';

export interface ChainSourceDeps {
  chain: Pick<ChainService, 'networks'>;
  logger: FastifyBaseLogger;
  /** Named in the proof-of-reserves message each hot wallet signs. */
  appName?: string;
}

type TokenAdapter = ChainAdapter & Required<Pick<ChainAdapter, 'tokenBalanceAt' | 'toAmount'>>;

/**
 * The ledger against the chains (issue 45, ADR 0037). Only token networks (USDT on BSC and TRON) are
 * balanced: on a native-coin network (ETH) gas moves the wallet's balance with no ledger entry, and
 * BTC's deposits land on per-member addresses with no hot wallet balance to compare, so neither has
 * a wallet balance the ledger could predict.
 *
 * The cut-off block is the head when the source reads; the ledger is then read in one snapshot and
 * what happened between the two (a deposit credited, a withdrawal settled at a later block) is
 * placed by its block number, so both sides describe the same block.
 */
export function chainSource(deps: ChainSourceDeps): BooksSource {
  const appName = deps.appName ?? 'SBC Wallet';
  const tokenAdapters = () => [...deps.chain.networks.values()].filter((a): a is TokenAdapter => Boolean(a.tokenBalanceAt && a.toAmount));

  return {
    source: 'chain',
    async reconcile(input) {
      const points: SourcePoint[] = [];
      const differences: Difference[] = [];
      for (const adapter of tokenAdapters()) {
        const found = await reading(`chain:${adapter.network}`, () => reconcileNetwork(adapter, input));
        points.push(found.point);
        differences.push(...found.differences);
      }
      return { points, differences };
    },
    async reserves({ cutoffAt }) {
      const reserves: SnapshotReserve[] = [];
      for (const adapter of tokenAdapters()) {
        const found = await reading(`chain:${adapter.network}`, async () => {
          const block = await adapter.head();
          const out: SnapshotReserve[] = [];
          for (const address of walletsOf(adapter)) {
            const amount = await adapter.toAmount(await adapter.tokenBalanceAt(address, block));
            const reserve: SnapshotReserve = {
              source: 'chain',
              currency: adapter.currency,
              amount,
              network: adapter.network,
              address,
              block: block.toString(),
            };
            if (adapter.sender?.signMessage && sameAddress(adapter.sender.hotWallet, address)) {
              const signed = await adapter.sender.signMessage(reservesMessage(appName, cutoffAt, address));
              reserve.message = signed.message;
              reserve.signature = signed.signature;
            }
            out.push(reserve);
          }
          return out;
        });
        reserves.push(...found);
      }
      return reserves;
    },
  };

  async function reconcileNetwork(adapter: TokenAdapter, input: ReadInput): Promise<{ point: SourcePoint; differences: Difference[] }> {
    const { network, currency } = adapter;
    const label = `chain:${network}:${currency}`;
    const epoch = await latestEpoch(input.db, network, currency);
    if (!epoch) throw new SourceUnavailable(`chain:${network}`, `no opening balance recorded for ${network}`);

    const readAt = new Date();
    const cutoffBlock = await adapter.head();
    if (cutoffBlock < epoch.startBlock)
      throw new SourceUnavailable(`chain:${network}`, `${network}'s head ${cutoffBlock} is below its opening block ${epoch.startBlock}`);
    const previous = input.previousPoints.find((p) => p.source === label);
    // The previous run's block counts only if it read this epoch's chain (the local chain restarts at 0).
    const previousInEpoch = previous?.block && previous.asOf && new Date(previous.asOf) >= epoch.startedAt ? previous : undefined;
    const from = maxOf(epoch.startBlock + 1n, previousInEpoch?.block ? BigInt(previousInEpoch.block) + 1n : 0n);
    const window = { from, to: cutoffBlock };
    const side = await readLedgerSide(input.db, {
      epoch,
      window,
      cutoffBlock,
      previousAsOf: previousInEpoch?.asOf ? new Date(previousInEpoch.asOf) : null,
    });
    const transfers = from <= cutoffBlock ? await adapter.transfersIn(from, cutoffBlock) : [];
    const states = new Map<string, TxState>();
    const stateOf = async (txHash: string) => {
      const sender = adapter.sender;
      if (!sender) throw new SourceUnavailable(`chain:${network}`, `${network} has no hot wallet configured to look withdrawals up`);
      let state = states.get(txHash);
      if (!state) {
        state = await sender.txState(txHash);
        states.set(txHash, state);
      }
      return state;
    };

    const differences: Difference[] = [];
    const context: Context = { network, currency, epoch, db: input.db };
    differences.push(...compareDeposits(context, side, transfers, window));
    for (const w of side.completed.filter((w) => w.confirmedBlock === null || w.confirmedBlock <= cutoffBlock)) {
      const diff = withdrawalDifference(context, w, w.txHash ? await stateOf(w.txHash) : null);
      if (diff) differences.push(diff);
    }
    const inFlightMined: WithdrawalRecord[] = [];
    for (const w of side.inFlight) {
      const state = await stateOf(w.txHash as string);
      if (state.kind === 'mined' && state.success && state.blockNumber <= cutoffBlock) inFlightMined.push(w);
    }
    const balance = await balanceDifference(adapter, context, side, cutoffBlock, inFlightMined);
    if (balance) differences.push(balance);
    differences.push(...(await recheckOpen(adapter, context, input.open, differences, stateOf)));

    return {
      point: {
        source: label,
        block: cutoffBlock.toString(),
        asOf: readAt.toISOString(),
        checked: 1 + transfers.length + side.credited.length + side.completed.length + side.inFlight.length,
      },
      differences,
    };
  }

  async function balanceDifference(
    adapter: TokenAdapter,
    context: Context,
    side: LedgerSide,
    cutoffBlock: bigint,
    inFlightMined: WithdrawalRecord[],
  ): Promise<Difference | null> {
    const wallets = walletsOf(adapter);
    let raw = 0n;
    for (const address of wallets) raw += await adapter.tokenBalanceAt(address, cutoffBlock);
    const observed = new Decimal(await adapter.toAmount(raw));
    const creditedLater = side.credited.filter((d) => d.blockNumber > cutoffBlock);
    const settledLater = side.completed.filter((w) => w.confirmedBlock !== null && w.confirmedBlock > cutoffBlock);
    // What the ledger says the wallets hold at the cut-off block: the opening, less the house accounts'
    // movement (deposits make chain_inbound negative, withdrawals make chain_outbound positive).
    const expected = new Decimal(context.epoch.opening)
      .minus(side.movement)
      .minus(sum(creditedLater.map((d) => d.amount)))
      .plus(sum(settledLater.map((w) => w.amount)))
      // Mined and ours by hash, the ledger holding the member's money until it confirms: not a difference.
      .minus(sum(inFlightMined.map((w) => w.amount)));
    const difference = observed.minus(expected);
    if (difference.isZero()) return null;
    const awaiting = side.uncredited;
    const awaitingSum = sum(awaiting.map((d) => d.amount));
    const cause: BreakCause = difference.eq(awaitingSum)
      ? 'deposits_awaiting_credit'
      : difference.gt(0)
        ? 'unrecorded_inbound_transfer'
        : 'unrecorded_outbound_transfer';
    return {
      identity: `chain:balance:${context.network}:${context.currency}`,
      source: 'chain',
      kind: 'chain_balance',
      network: context.network,
      currency: context.currency,
      subject: wallets.join(','),
      expected: expected.toFixed(),
      observed: observed.toFixed(),
      difference: difference.toFixed(),
      cause,
      details: {
        block: cutoffBlock.toString(),
        wallets,
        epoch: { id: context.epoch.id, startBlock: context.epoch.startBlock.toString(), opening: context.epoch.opening },
        depositsNotCredited: awaiting.map((d) => ({ id: d.id, txHash: d.txHash, index: d.index, amount: d.amount, status: d.status })),
        depositsNotCreditedSum: awaitingSum.toFixed(),
        withdrawalsInFlight: inFlightMined.map((w) => ({ id: w.id, txHash: w.txHash, amount: w.amount })),
      },
    };
  }

  async function recheckOpen(
    adapter: TokenAdapter,
    context: Context,
    open: OpenBreak[],
    already: Difference[],
    stateOf: (txHash: string) => Promise<TxState>,
  ): Promise<Difference[]> {
    const seen = new Set(already.map((d) => d.identity));
    const out: Difference[] = [];
    for (const b of open) {
      if (seen.has(b.identity)) continue;
      const deposit = parseIdentity(b.identity, `chain:deposit:${context.network}:`);
      if (deposit) {
        const [txHash, index] = splitTransfer(deposit);
        const record = await depositByTransfer(context.db, context.network, txHash, index);
        const onChain = await adapter.transfersOf(txHash);
        const transfer = onChain === 'not_found' ? null : (onChain.find((t) => t.index === index) ?? null);
        const diff = depositDifference(context, record, transfer);
        if (diff) out.push(diff);
        continue;
      }
      const withdrawalId = parseIdentity(b.identity, `chain:withdrawal:${context.network}:`);
      if (withdrawalId) {
        const w = await withdrawalById(context.db, withdrawalId);
        // Only a settled withdrawal of this epoch stands for money gone out; one refunded since owes nothing.
        if (w && w.status === 'completed' && w.updatedAt >= context.epoch.startedAt) {
          const diff = withdrawalDifference(context, w, w.txHash ? await stateOf(w.txHash) : null);
          if (diff) out.push(diff);
        }
      }
      // The balance break is found again (or not) by this run's own balance check.
    }
    return out;
  }
}

interface Context {
  network: string;
  currency: Currency;
  epoch: ChainEpoch;
  db: Db;
}

/** The credited deposits of the window against the transfers the chain reports in it, both ways. */
function compareDeposits(context: Context, side: LedgerSide, transfers: ObservedTransfer[], window: { from: bigint; to: bigint }) {
  const byKey = new Map(transfers.map((t) => [transferKey(t.txHash, t.index), t]));
  const out: Difference[] = [];
  for (const d of side.credited.filter((d) => d.blockNumber >= window.from && d.blockNumber <= window.to)) {
    const diff = depositDifference(context, d, byKey.get(transferKey(d.txHash, d.index)) ?? null);
    if (diff) out.push(diff);
  }
  for (const t of transfers) {
    if (side.recorded.has(transferKey(t.txHash, t.index))) continue;
    const diff = depositDifference(context, null, t);
    if (diff) out.push(diff);
  }
  return out;
}

/** One deposit's record against its transfer on chain; null when they agree (or it is pending, as recorded). */
function depositDifference(context: Context, record: DepositRecord | null, transfer: ObservedTransfer | null): Difference | null {
  // Before this epoch the books start afresh: what the earlier chain held is in the opening balance.
  if (record && record.detectedAt < context.epoch.startedAt) return null;
  if (!record && transfer && transfer.blockNumber <= context.epoch.startBlock) return null;
  const base = (txHash: string, index: number) => ({
    identity: `chain:deposit:${context.network}:${txHash}:${index}`,
    source: 'chain' as const,
    network: context.network,
    currency: context.currency,
    subject: `${txHash}:${index}`,
  });
  if (record?.status === 'credited') {
    if (!transfer)
      return {
        ...base(record.txHash, record.index),
        kind: 'deposit_without_transfer',
        expected: record.amount,
        observed: null,
        difference: new Decimal(record.amount).neg().toFixed(),
        cause: 'credited_without_chain_transfer',
        details: { depositId: record.id, blockNumber: record.blockNumber.toString() },
      };
    const difference = new Decimal(transfer.amount).minus(record.amount);
    if (difference.isZero()) return null;
    return {
      ...base(record.txHash, record.index),
      kind: 'deposit_amount',
      expected: record.amount,
      observed: new Decimal(transfer.amount).toFixed(),
      difference: difference.toFixed(),
      cause: 'amount_differs',
      details: { depositId: record.id, blockNumber: transfer.blockNumber.toString() },
    };
  }
  if (record || !transfer) return null;
  return {
    ...base(transfer.txHash, transfer.index),
    kind: 'transfer_not_credited',
    expected: null,
    observed: new Decimal(transfer.amount).toFixed(),
    difference: new Decimal(transfer.amount).toFixed(),
    cause: 'unrecorded_inbound_transfer',
    details: { from: transfer.from, to: transfer.to, blockNumber: transfer.blockNumber.toString() },
  };
}

function withdrawalDifference(context: Context, w: WithdrawalRecord, state: TxState | null): Difference | null {
  // Sent by an operator without a hash: nothing to look up; the balance check still counts it.
  if (!w.txHash || !state) return null;
  if (state.kind === 'mined' && state.success) return null;
  return {
    identity: `chain:withdrawal:${context.network}:${w.id}`,
    source: 'chain',
    kind: 'withdrawal_not_on_chain',
    network: context.network,
    currency: context.currency,
    subject: w.txHash,
    expected: w.amount,
    observed: null,
    difference: new Decimal(w.amount).neg().toFixed(),
    cause: 'withdrawal_tx_missing_or_failed',
    details: { withdrawalId: w.id, txHash: w.txHash, state: state.kind === 'mined' ? 'reverted' : state.kind },
  };
}

/** The proof-of-reserves text a hot wallet signs: names the platform, the cut-off and the address. */
export function reservesMessage(appName: string, cutoffAt: Date, address: string): string {
  return `${appName} proof of reserves ${cutoffAt.toISOString()} ${address}`;
}

/** The deposit address, and the hot wallet when it is another address: the platform's money is in both. */
function walletsOf(adapter: ChainAdapter): string[] {
  const hot = adapter.sender?.hotWallet;
  return hot && !sameAddress(hot, adapter.depositAddress) ? [adapter.depositAddress, hot] : [adapter.depositAddress];
}

const sameAddress = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();
const sum = (amounts: string[]) => amounts.reduce((total, a) => total.plus(a), new Decimal(0));
const maxOf = (a: bigint, b: bigint) => (a > b ? a : b);
const parseIdentity = (identity: string, prefix: string) => (identity.startsWith(prefix) ? identity.slice(prefix.length) : null);
function splitTransfer(subject: string): [string, number] {
  const at = subject.lastIndexOf(':');
  return [subject.slice(0, at), Number(subject.slice(at + 1))];
}

/** Any failure to read the chain (or a missing epoch) fails the run, naming the network: never "matched". */
async function reading<T>(source: string, read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    if (error instanceof SourceUnavailable) throw error;
    const reason = error instanceof Error ? error.message.split('\n')[0] : String(error);
    throw new SourceUnavailable(source, `could not read ${source.slice('chain:'.length)}: ${reason}`, { cause: error });
  }
}

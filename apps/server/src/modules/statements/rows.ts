import { Decimal, isLedgerTypeCode, type Language, LEDGER_TYPES, maskEmail } from '@wallet/contract';
import { isoIn } from '../../platform/time-zone';
import type { StatementAccount, StatementEntry } from '../ledger';
import { parseReference, type Subjects } from '../wallet/record-subjects';
import { type RowStatus, STATEMENT_TEXTS } from './texts';

/** One line of a statement as the member reads it: words in their language, amounts exactly as the ledger keeps them. */
export interface StatementRow {
  /** ISO 8601 with the member's offset. */
  time: string;
  type: string;
  currency: string;
  /** Signed decimal string: positive in, negative out. */
  amount: string;
  balanceAfter: string;
  /** Who or what the movement was with, as the app shows it; never an internal id. */
  counterparty: string;
  status: string;
}

export interface CurrencySummary {
  currency: string;
  opening: string;
  totalIn: string;
  /** What left the account, as a positive amount. */
  totalOut: string;
  closing: string;
}

const WITHDRAWAL_STATUS: Record<string, RowStatus> = { completed: 'completed', rejected: 'rejected', failed: 'failed' };
const PAYOUT_STATUS: Record<string, RowStatus> = { arrived: 'completed', rejected: 'rejected' };

/** A ledger entry has happened; only withdrawals and payouts go on after it, so their rows say how far. */
function statusOf(entry: StatementEntry, subjects: Subjects): RowStatus {
  const { kind, id } = parseReference(entry.reference);
  if (kind === 'withdrawals') {
    const status = subjects.withdrawals.get(id)?.status;
    return status ? (WITHDRAWAL_STATUS[status] ?? 'processing') : 'completed';
  }
  if (kind === 'payouts') {
    const stage = subjects.payouts.get(id)?.stage;
    return stage ? (PAYOUT_STATUS[stage] ?? 'processing') : 'completed';
  }
  return 'completed';
}

function counterpartyOf(entry: StatementEntry, subjects: Subjects, language: Language, onCard: boolean): string {
  const texts = STATEMENT_TEXTS[language];
  if (entry.merchant) return entry.merchant;
  const { kind, id } = parseReference(entry.reference);
  switch (kind) {
    case 'transfers': {
      const t = subjects.transfers.get(id);
      if (!t) return '';
      return t.out ? texts.transferTo(t.uid, maskEmail(t.email)) : texts.transferFrom(t.uid, maskEmail(t.email));
    }
    case 'cards':
      // On a card's own statement the card is the statement's subject; its funding comes from the wallet.
      if (onCard) return texts.wallet;
      return texts.card(subjects.cards.get(id)?.last4 ?? null);
    case 'deposits': {
      const d = subjects.deposits.get(id);
      return d ? `${d.network} · ${d.txHash}` : '';
    }
    case 'withdrawals': {
      const w = subjects.withdrawals.get(id);
      return w ? `${w.network} · ${w.address}` : '';
    }
    case 'payouts': {
      const p = subjects.payouts.get(id);
      if (!p) return '';
      const where = p.kind === 'alipay' ? texts.alipay : (p.bankName ?? texts.bank);
      return `${where} · ${p.name} ••${p.last4}`;
    }
    default:
      return '';
  }
}

export function toRow(entry: StatementEntry, subjects: Subjects, language: Language, zone: string, onCard: boolean): StatementRow {
  return {
    time: isoIn(entry.createdAt, zone),
    type: isLedgerTypeCode(entry.typeCode) ? LEDGER_TYPES[entry.typeCode].label[language] : String(entry.typeCode),
    currency: entry.currency,
    amount: new Decimal(entry.amount).toFixed(),
    balanceAfter: new Decimal(entry.balanceAfter).toFixed(),
    counterparty: counterpartyOf(entry, subjects, language, onCard),
    status: STATEMENT_TEXTS[language].status[statusOf(entry, subjects)],
  };
}

/**
 * Per currency: what the account held when the period began, what came in and went out during it,
 * and what it held at the end. Currencies with neither a balance nor a movement are left out.
 */
export function summaries(accounts: StatementAccount[], entries: StatementEntry[]): CurrencySummary[] {
  const byAccount = new Map(accounts.map((a) => [a.id, { totalIn: new Decimal(0), totalOut: new Decimal(0), moved: false }]));
  for (const entry of entries) {
    const sums = byAccount.get(entry.accountId);
    if (!sums) continue;
    const amount = new Decimal(entry.amount);
    sums.moved = true;
    if (amount.isNegative()) sums.totalOut = sums.totalOut.minus(amount);
    else sums.totalIn = sums.totalIn.plus(amount);
  }
  return accounts.flatMap((account) => {
    const sums = byAccount.get(account.id);
    if (!sums) return [];
    const opening = new Decimal(account.opening);
    if (!sums.moved && opening.isZero()) return [];
    const closing = opening.plus(sums.totalIn).minus(sums.totalOut);
    return [
      {
        currency: account.currency,
        opening: opening.toFixed(),
        totalIn: sums.totalIn.toFixed(),
        totalOut: sums.totalOut.toFixed(),
        closing: closing.toFixed(),
      },
    ];
  });
}

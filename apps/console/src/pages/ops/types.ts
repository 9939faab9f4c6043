import type { Card, KycStatus, LedgerRecord, PayoutOrderSummary, TicketSummary } from '@wallet/contract';

/**
 * Replies of the console reads (helper E, packages/contract/src/api/console-reads.ts) as the ops pages
 * read them; the routes that were there before (withdrawals, deposits, payout, help, tickets, releases)
 * are typed by the contract's own types where it exports them.
 */

export interface MemberSummary {
  uid: string;
  email: string;
  nickname: string | null;
  createdAt: string;
  locked: boolean;
  kycStatus: KycStatus;
  boundNetwork: string;
  boundAddress: string;
}

export interface MemberNote {
  id: string;
  body: string;
  operator: { id: string; email: string };
  createdAt: string;
}

export interface MemberDetail {
  profile: {
    uid: string;
    email: string;
    nickname: string | null;
    language: string;
    displayCurrency: string;
    boundNetwork: string;
    boundAddress: string;
    createdAt: string;
  };
  locked: { locked: boolean; lockedAt: string | null; reason: string | null };
  balances: Array<{ currency: string; available: string; held: string }>;
  cards: Card[];
  sessions: Array<{ id: string; device: string; ip: string | null; createdAt: string; lastUsedAt: string }>;
  kyc: { status: KycStatus; reason: string | null; photos: string[]; submittedAt: string | null };
  tickets: TicketSummary[];
  notes: MemberNote[];
}

export interface RecordPage {
  records: LedgerRecord[];
  nextCursor: string | null;
}

/** A withdrawal of any status (GET withdrawals/all). */
export interface WithdrawalRow {
  id: string;
  memberUid: string;
  network: string;
  address: string;
  currency: string;
  amount: string;
  fee: string;
  status: string;
  txHash: string | null;
  createdAt: string;
  updatedAt: string;
}

/** A deposit seen on chain (GET deposits). */
export interface DepositRow {
  id: string;
  memberUid: string | null;
  network: string;
  currency: string;
  amount: string;
  txHash: string;
  from: string;
  to: string;
  status: string;
  note: string | null;
  detectedAt: string;
  creditedAt: string | null;
}

export interface CardRow {
  id: string;
  memberUid: string;
  product: string;
  type: string;
  currency: string;
  status: string;
  last4: string | null;
  frozen: boolean;
  freezeReason: string | null;
  balance: string;
  createdAt: string;
}

export interface RatesReply {
  rates: Array<{ currency: string; usdPrice: string; updatedAt: string; updatedBy: string | null }>;
  pairs: Array<{ from: string; to: string; typeCode: number; spread: string; feeRate: string; enabled: boolean }>;
}

/** A flash exchange order on the desk (GET payout/orders). */
export type PayoutDeskOrder = PayoutOrderSummary & { memberUid: string; stage: string };

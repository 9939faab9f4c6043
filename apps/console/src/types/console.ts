import type { OperatorRole } from '@wallet/contract';

/** Shapes of the admin API's replies the console reads (docs: /work/briefs/console-spec.md). */

export interface OperatorRef {
  id: string;
  email: string;
}

export type ApprovalStatus = 'pending' | 'approved' | 'rejected' | 'expired' | 'failed';

export interface Approval {
  id: string;
  kind: string;
  summary: string;
  payload: unknown;
  payloadHash: string;
  maker: OperatorRef;
  checker: OperatorRef | null;
  status: ApprovalStatus;
  reason: string | null;
  result: unknown;
  errorCode: string | null;
  createdAt: string;
  expiresAt: string;
  decidedAt: string | null;
  mine: boolean;
  canDecide: boolean;
}

export interface Posting {
  account: string;
  owner: string;
  currency: string;
  amount: string;
  balanceBefore: string;
  balanceAfter: string;
}

export interface ApprovalDetail {
  approval: Approval;
  preview: null | { postings: Posting[] };
}

export interface AuditEntry {
  seq: string;
  at: string;
  operator: OperatorRef | null;
  apiKeyId: string | null;
  roles: string[];
  action: string;
  object: string | null;
  memberUid: string | null;
  before: unknown;
  after: unknown;
  reason: string | null;
  requestId: string | null;
  ip: string | null;
  hash: string;
}

export interface AuditVerification {
  intact: boolean;
  entries: number;
  brokenAt?: string;
  why?: string;
}

export interface ConsoleSetting {
  key: string;
  value: unknown;
  default: unknown;
  updatedAt: string | null;
  updatedBy: OperatorRef | string | null;
}

export type OperatorStatus = 'active' | 'disabled' | 'invited' | string;

export interface Operator {
  id: string;
  email: string;
  roles: OperatorRole[];
  status: OperatorStatus;
  totpEnrolled: boolean;
  createdAt: string;
  lastSignInAt: string | null;
}

export interface ApiKey {
  id: string;
  name: string;
  prefix: string;
  roles: OperatorRole[];
  createdBy: OperatorRef | string | null;
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
}

export interface OperatorSession {
  id: string;
  device: string | null;
  ip: string | null;
  createdAt: string;
  lastUsedAt: string | null;
  current: boolean;
}

export interface Passkey {
  id: string;
  label: string;
  createdAt: string;
  lastUsedAt: string | null;
}

/** Money by currency: `{ USDT: '12.34' }`, decimal strings as the server sent them. */
export type Amounts = Record<string, string>;

export interface Dashboard {
  today: { deposits: Amounts; withdrawals: Amounts; cardSpend: Amounts; flashExchange: Amounts; newMembers: number };
  queues: {
    withdrawals: number;
    unattributedDeposits: number;
    payoutOrders: number;
    tickets: number;
    approvals: number;
    /** Open reconciliation breaks, and failed member proof checks of the latest snapshot (issue 45). */
    reconBreaks: number;
    proofFailures: number;
  };
}

export interface DashboardDay {
  day: string;
  deposits: string;
  withdrawals: string;
  cardSpend: string;
  flashExchange: string;
  newMembers: number;
}

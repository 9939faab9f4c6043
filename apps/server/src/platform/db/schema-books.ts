import type { ColumnType, Generated } from 'kysely';

/** Tables of reconciliation and proof of reserves, migration 0035 (issue 45, ADR 0037). Numerics are decimal strings. */

type Created = ColumnType<Date, Date | undefined, never>;
type Numeric = ColumnType<string, string, string>;

export type ReconSource = 'chain' | 'issuer' | 'payout';
export type ReconRunStatus = 'running' | 'completed' | 'failed';
export type ReconTrigger = 'schedule' | 'operator' | 'test';
export type BreakStatus = 'open' | 'resolved' | 'fixed' | 'accepted';
export type BreakEvent = 'opened' | 'seen_again' | 'resolved' | 'reopened' | 'fixed' | 'accepted';

/** Where one source stood when it answered: a block (chains) or the source's own as-of time. */
export interface SourcePoint {
  /** e.g. chain:BSC:USDT, issuer, payout */
  source: string;
  block?: string;
  asOf?: string;
  /** How many items (cards, transfers, orders) were compared. */
  checked: number;
}

export interface ReconRunsTable {
  id: Generated<string>;
  cutoff_at: Date;
  trigger: ReconTrigger;
  operator_id: string | null;
  status: Generated<ReconRunStatus>;
  /** The source that could not be read, when the run failed. */
  error_source: string | null;
  error: string | null;
  sources: ColumnType<SourcePoint[], string | undefined, string>;
  summary: ColumnType<Record<string, number> | null, string | null | undefined, string | null>;
  started_at: Generated<Date>;
  finished_at: Date | null;
}

export interface ReconBreaksTable {
  id: Generated<string>;
  identity: string;
  source: ReconSource;
  kind: string;
  network: string | null;
  currency: string;
  subject: string | null;
  expected: Numeric | null;
  observed: Numeric | null;
  difference: Numeric;
  cause: string;
  details: ColumnType<Record<string, unknown>, string | undefined, string>;
  status: BreakStatus;
  first_run_id: string;
  last_run_id: string;
  journal_id: string | null;
  opened_at: Generated<Date>;
  closed_at: Date | null;
  updated_at: Generated<Date>;
}

export interface ReconBreakEventsTable {
  id: Generated<string>;
  break_id: string;
  run_id: string | null;
  event: BreakEvent;
  expected: Numeric | null;
  observed: Numeric | null;
  difference: Numeric | null;
  operator_id: string | null;
  approval_id: string | null;
  journal_id: string | null;
  note: string | null;
  at: Created;
}

export interface ReconChainEpochsTable {
  id: Generated<string>;
  network: string;
  currency: string;
  address: string;
  start_block: Numeric;
  opening: Numeric;
  reason: string;
  started_at: Created;
}

/** One currency's tree in a snapshot. */
export interface SnapshotTree {
  root: string;
  /** Total liabilities in the smallest unit, and as a decimal. */
  units: string;
  total: string;
  leaves: number;
  depth: number;
}

/** One reserve at the cut-off: an on-chain wallet (signed), the issuer's float or the payout partner's prefunding. */
export interface SnapshotReserve {
  source: 'chain' | 'issuer' | 'payout';
  currency: string;
  amount: string;
  network?: string;
  address?: string;
  block?: string;
  asOf?: string;
  /** The message the address's key signed to prove control, and the signature. */
  message?: string;
  signature?: string;
}

export interface ReservesSnapshotsTable {
  id: Generated<string>;
  cutoff_at: Date;
  status: Generated<'building' | 'published' | 'failed'>;
  trees: ColumnType<Record<string, SnapshotTree>, string | undefined, string>;
  reserves: ColumnType<SnapshotReserve[], string | undefined, string>;
  open_breaks: ColumnType<Record<string, number>, string | undefined, string>;
  error: string | null;
  created_at: Created;
  published_at: Date | null;
}

export interface ReservesLeavesTable {
  snapshot_id: string;
  currency: string;
  user_id: string;
  leaf_index: number;
  salt: Buffer;
  units: Numeric;
}

export interface ReservesLevelsTable {
  snapshot_id: string;
  currency: string;
  level: number;
  node_count: number;
  /** node_count × 48 bytes: each node's 32-byte hash then its sum as a 16-byte big-endian integer. */
  nodes: Buffer;
}

export interface ReservesProofChecksTable {
  id: Generated<string>;
  snapshot_id: string;
  user_id: string;
  currency: string;
  ok: boolean;
  failure: string | null;
  user_agent: string | null;
  at: Generated<Date>;
}

export interface BooksTables {
  recon_runs: ReconRunsTable;
  recon_breaks: ReconBreaksTable;
  recon_break_events: ReconBreakEventsTable;
  recon_chain_epochs: ReconChainEpochsTable;
  reserves_snapshots: ReservesSnapshotsTable;
  reserves_leaves: ReservesLeavesTable;
  reserves_levels: ReservesLevelsTable;
  reserves_proof_checks: ReservesProofChecksTable;
}

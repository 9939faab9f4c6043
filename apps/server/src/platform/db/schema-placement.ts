import type { ColumnType, Generated, JSONColumnType } from 'kysely';

/** Tables of private placement and nodes, migration 0034 (issue 44, ADR 0036). Numerics are decimal strings. */

type Created = ColumnType<Date, Date | undefined, never>;
type Numeric = ColumnType<string, string, string>;
type NumericDefault = ColumnType<string, string | undefined, string>;
/** Per language: { en, zh, ko, ja }. */
export type TranslatedColumn = JSONColumnType<Record<'en' | 'zh' | 'ko' | 'ja', string>>;
/** A round's price tiers in order: the first `quantity` units at `price`, the next tier after. */
export type TierColumn = { quantity: string; price: string };
/** A purchase's split over the tiers it spanned. */
export type PurchaseLineColumn = { quantity: string; price: string; amount: string };
export type NodeTier = 'small' | 'large';
export type NodeChangeKind = 'purchase' | 'upgrade' | 'allocation_out' | 'allocation_in' | 'application_granted';
export type LargeNodeApplicationStatus = 'pending' | 'approved' | 'rejected';
export type DpoolPeriodStatus = 'recorded' | 'paid';

export interface PlacementRoundsTable {
  id: Generated<string>;
  name: TranslatedColumn;
  rules: TranslatedColumn;
  tiers: JSONColumnType<TierColumn[]>;
  total_quantity: Numeric;
  sold: NumericDefault;
  min_per_member: Numeric;
  max_per_member: Numeric;
  starts_at: Date;
  ends_at: Date;
  kyc_required: Generated<boolean>;
  closed_at: Date | null;
  closed_reason: string | null;
  created_by: string | null;
  created_at: Created;
  updated_at: Generated<Date>;
}

export interface PlacementPurchasesTable {
  id: Generated<string>;
  round_id: string;
  user_id: string;
  quantity: Numeric;
  amount: Numeric;
  sold_before: Numeric;
  lines: JSONColumnType<PurchaseLineColumn[]>;
  journal_id: string | null;
  idempotency_key: string;
  created_at: Created;
}

export interface PlacementRoundMembersTable {
  round_id: string;
  user_id: string;
  quantity: Numeric;
}

export interface PlacementPositionsTable {
  user_id: string;
  purchase_amount: NumericDefault;
  acquired: NumericDefault;
  distributed: NumericDefault;
  updated_at: Generated<Date>;
}

export interface PlacementDistributionsTable {
  id: Generated<string>;
  from_user_id: string;
  to_user_id: string;
  quantity: Numeric;
  journal_id: string | null;
  idempotency_key: string;
  created_at: Created;
}

export interface NodeHoldingsTable {
  user_id: string;
  small: Generated<number>;
  large: Generated<number>;
  /** Small nodes this member ever bought: the per-member cap counts these, not what they hold now. */
  small_bought: Generated<number>;
  updated_at: Generated<Date>;
}

export interface NodeChangesTable {
  id: Generated<string>;
  user_id: string;
  kind: NodeChangeKind;
  type_code: number;
  small_delta: number;
  large_delta: number;
  small_after: number;
  large_after: number;
  reference: string;
  counterpart_user_id: string | null;
  journal_id: string | null;
  created_at: Created;
}

export interface NodePurchasesTable {
  id: Generated<string>;
  user_id: string;
  quantity: number;
  price: Numeric;
  amount: Numeric;
  remark: string | null;
  journal_id: string | null;
  idempotency_key: string;
  created_at: Created;
}

export interface NodeUpgradesTable {
  id: Generated<string>;
  user_id: string;
  small_used: number;
  large_gained: number;
  idempotency_key: string;
  created_at: Created;
}

export interface NodeAllocationsTable {
  id: Generated<string>;
  from_user_id: string;
  to_user_id: string;
  tier: NodeTier;
  quantity: number;
  idempotency_key: string;
  created_at: Created;
}

export interface LargeNodeApplicationsTable {
  id: Generated<string>;
  user_id: string;
  email: string;
  city: string;
  name: string;
  contact: string;
  invite_code: string | null;
  team_size: number;
  venue_sqm: number;
  amount: Numeric;
  hold_id: string | null;
  status: ColumnType<LargeNodeApplicationStatus, LargeNodeApplicationStatus | undefined, LargeNodeApplicationStatus>;
  reason: string | null;
  decided_by: string | null;
  approval_id: string | null;
  decided_at: Date | null;
  idempotency_key: string;
  created_at: Created;
}

export interface DpoolPeriodsTable {
  id: Generated<string>;
  /** The operator's name for the period, e.g. 2026-12 or 2026-W49: unique, so a period is paid once. */
  period: string;
  dpool_total: Numeric;
  share_percent: Numeric;
  pool_amount: Numeric;
  status: ColumnType<DpoolPeriodStatus, DpoolPeriodStatus | undefined, DpoolPeriodStatus>;
  note: string;
  recorded_by: string | null;
  approval_id: string | null;
  snapshot_at: Date;
  snapshot_hash: string;
  holders: number;
  large_nodes_total: number;
  paid_total: string | null;
  carried_total: string | null;
  unallocated: string | null;
  merkle_root: string | null;
  journal_id: string | null;
  paid_at: Date | null;
  created_at: Created;
}

export interface DpoolSnapshotLinesTable {
  period_id: string;
  user_id: string;
  large_nodes: number;
}

export interface NodeRewardsTable {
  period_id: string;
  user_id: string;
  large_nodes: number;
  /** pool × large_nodes / large_nodes_total, truncated at CARRY_SCALE decimals. */
  exact_share: Numeric;
  carry_before: Numeric;
  amount: Numeric;
  carry_after: Numeric;
  leaf_index: number;
  proof: JSONColumnType<string[]>;
  created_at: Created;
}

export interface NodeRewardCarriesTable {
  user_id: string;
  carry: Numeric;
  updated_at: Generated<Date>;
}

export interface PlacementTables {
  placement_rounds: PlacementRoundsTable;
  placement_purchases: PlacementPurchasesTable;
  placement_round_members: PlacementRoundMembersTable;
  placement_positions: PlacementPositionsTable;
  placement_distributions: PlacementDistributionsTable;
  node_holdings: NodeHoldingsTable;
  node_changes: NodeChangesTable;
  node_purchases: NodePurchasesTable;
  node_upgrades: NodeUpgradesTable;
  node_allocations: NodeAllocationsTable;
  large_node_applications: LargeNodeApplicationsTable;
  dpool_periods: DpoolPeriodsTable;
  dpool_snapshot_lines: DpoolSnapshotLinesTable;
  node_rewards: NodeRewardsTable;
  node_reward_carries: NodeRewardCarriesTable;
}

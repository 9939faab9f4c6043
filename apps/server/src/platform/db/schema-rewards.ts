import type { ColumnType, Generated, JSONColumnType } from 'kysely';

/** Tables of the invitation and agency programme, migration 0030 (ADR 0035). */

export type AgencyRoleColumn = 'promotion_manager' | 'city_partner' | 'agent';
/** The role a rule is for: an agency role, or `member` (no role). */
export type RuleRoleColumn = AgencyRoleColumn | 'member';
export type RuleEventKind = 'card_opened' | 'physical_card_opened' | 'card_recharge' | 'card_spend';
export type RewardEventKind = RuleEventKind | 'card_refund' | 'task';
export type RewardStatusColumn = 'pending' | 'held' | 'available' | 'cancelled' | 'void' | 'not_paid';

type Created = ColumnType<Date, Date | undefined, never>;

export interface TeamLinksTable {
  ancestor_id: string;
  member_id: string;
  depth: number;
}

export interface MemberSignupsTable {
  user_id: string;
  ip: string | null;
  created_at: Created;
}

export interface AgencyRolesTable {
  user_id: string;
  role: AgencyRoleColumn;
  assigned_by: string | null;
  assigned_at: Generated<Date>;
}

export interface AgencyRoleChangesTable {
  id: Generated<string>;
  user_id: string;
  role_before: AgencyRoleColumn | null;
  role_after: AgencyRoleColumn | null;
  operator_id: string | null;
  approval_id: string | null;
  created_at: Created;
}

export interface RewardRulesTable {
  id: Generated<string>;
  event_kind: RuleEventKind;
  role: RuleRoleColumn;
  level: 1 | 2;
  amount_kind: 'fixed' | 'percent';
  value: string;
  currency: string | null;
  starts_at: Date;
  created_by: string | null;
  note: string | null;
  created_at: Created;
}

export interface RewardTasksTable {
  id: Generated<string>;
  /** The task's name per language ({ en, zh, ko, ja }). */
  title: JSONColumnType<Record<string, string>>;
  min_cards: Generated<number>;
  min_spend: Generated<string>;
  spend_currency: Generated<string>;
  within_days: number;
  reward: string;
  currency: Generated<string>;
  starts_at: Date;
  ends_at: Date | null;
  created_by: string | null;
  created_at: Created;
}

export interface RewardEventsTable {
  id: Generated<string>;
  kind: RewardEventKind;
  /** The member whose activity this is (the invitee); rewards go to their upline. */
  member_id: string;
  /** Unique per business event: writing the same event twice writes it once. */
  source_key: string;
  /** What the event is about: `card:<id>`, or `task:<id>` for a task. */
  source_ref: string;
  /** card_refund only: the source_key of the card_spend it refunds. */
  refund_of: string | null;
  task_id: string | null;
  amount: string | null;
  currency: string | null;
  occurred_at: Date;
  created_at: Created;
  processed_at: Date | null;
}

export interface RewardsTable {
  id: Generated<string>;
  event_id: string;
  beneficiary_id: string;
  member_id: string;
  level: 1 | 2;
  type_code: number;
  role: RuleRoleColumn;
  rule_id: string | null;
  task_id: string | null;
  /** The path the reward was paid on: [member, level-1 inviter, level-2 inviter]. */
  upline: string[];
  currency: string;
  amount: string;
  cancelled: Generated<string>;
  clawed: Generated<string>;
  offset_by_debt: Generated<string>;
  status: RewardStatusColumn;
  /** Why it was held, cancelled, voided or not paid (no_role, no_rule, refunded, flagged, ...). */
  reason: string | null;
  journal_id: string | null;
  released_at: Date | null;
  created_at: Date;
}

export interface RewardDebtsTable {
  user_id: string;
  currency: string;
  amount: string;
}

export interface RewardDebtChangesTable {
  id: Generated<string>;
  user_id: string;
  currency: string;
  delta: string;
  reward_id: string;
  reason: 'clawback' | 'offset';
  created_at: Created;
}

export interface AgencyTicketGrantsTable {
  id: Generated<string>;
  owner_id: string;
  count: number;
  operator_id: string;
  note: string | null;
  /** The granting operator's Idempotency-Key (migration 0033). */
  request_key: string | null;
  created_at: Created;
}

export interface AgencyTicketsTable {
  id: Generated<string>;
  grant_id: string;
  owner_id: string;
  holder_id: string | null;
  handed_at: Date | null;
  card_id: string | null;
  used_at: Date | null;
}

export interface ReferralReviewsTable {
  id: Generated<string>;
  inviter_id: string;
  invitee_id: string;
  signals: JSONColumnType<{ kind: string; detail?: string }[]>;
  status: Generated<'open' | 'cleared' | 'voided'>;
  decided_by: string | null;
  decided_at: Date | null;
  note: string | null;
  created_at: Created;
}

export interface RewardTables {
  team_links: TeamLinksTable;
  member_signups: MemberSignupsTable;
  agency_roles: AgencyRolesTable;
  agency_role_changes: AgencyRoleChangesTable;
  reward_rules: RewardRulesTable;
  reward_tasks: RewardTasksTable;
  reward_events: RewardEventsTable;
  rewards: RewardsTable;
  reward_debts: RewardDebtsTable;
  reward_debt_changes: RewardDebtChangesTable;
  agency_ticket_grants: AgencyTicketGrantsTable;
  agency_tickets: AgencyTicketsTable;
  referral_reviews: ReferralReviewsTable;
}

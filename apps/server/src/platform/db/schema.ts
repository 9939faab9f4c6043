import type { Language } from '@wallet/contract';
import type { ColumnType, Generated, JSONColumnType } from 'kysely';
import type { AddressBookTables } from './schema-address-book';
import type { AppTables } from './schema-app';
import type { BooksTables } from './schema-books';
import type { HelpTables } from './schema-help';
import type { NotificationTables } from './schema-notifications';
import type { OperatorTables } from './schema-operators';
import type { PayoutTables } from './schema-payout';
import type { PlacementTables } from './schema-placement';
import type { RewardTables } from './schema-rewards';
import type { SecondFactorTables } from './schema-second-factor';
import type { SecretAttemptTables } from './schema-secret-attempts';
import type { TicketTables } from './schema-tickets';

/** Table types for Kysely. Each migration that adds a table adds its interface here. */
export interface AuditLogTable {
  id: Generated<string>;
  actor_kind: 'user' | 'admin' | 'system';
  actor_id: string | null;
  action: string;
  subject: string | null;
  details: JSONColumnType<Record<string, unknown>>;
  ip: string | null;
  created_at: ColumnType<Date, never, never>;
}

export interface UsersTable {
  id: Generated<string>;
  uid: string;
  email: string;
  password_hash: string;
  payment_password_hash: string | null;
  nickname: string | null;
  phone_area_code: string | null;
  phone: string | null;
  language: Generated<string>;
  display_currency: Generated<string>;
  bound_network: 'TRON' | 'BSC';
  bound_address: string;
  invite_code: string;
  invited_by: string | null;
  password_failures: Generated<number>;
  password_first_failure_at: Date | null;
  password_locked_until: Date | null;
  payment_failures: Generated<number>;
  payment_locked_until: Date | null;
  /** The app lock's idle time in seconds; null while the lock is off (migration 0024). */
  app_lock_idle_seconds: ColumnType<number | null, number | null | undefined, number | null>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface SessionsTable {
  id: Generated<string>;
  user_id: string;
  token_hash: Buffer;
  device: string;
  ip: string | null;
  created_at: Date;
  last_used_at: Date;
  revoked_at: Date | null;
}

export interface EmailCodesTable {
  id: Generated<string>;
  email: string;
  purpose: string;
  code_hash: Buffer;
  created_at: Date;
  expires_at: Date;
  attempts: Generated<number>;
  consumed_at: Date | null;
}

export interface AddressChangesTable {
  id: Generated<string>;
  user_id: string;
  old_network: string;
  old_address: string;
  new_network: string;
  new_address: string;
  ip: string | null;
  created_at: Date;
}

export interface MailOutboxTable {
  id: Generated<string>;
  to_address: string;
  subject: string;
  text_body: string;
  created_at: Generated<Date>;
}

export interface LedgerAccountsTable {
  id: Generated<string>;
  user_id: string | null;
  currency: string;
  purpose: string;
  /** numeric(38,18), read as a decimal string */
  balance: Generated<string>;
  version: Generated<string>;
  /** A house account's shard (ADR 0007): a system account with no balance limit, kept as many rows. */
  house: Generated<boolean>;
  shard: Generated<number>;
  created_at: Generated<Date>;
}

export interface LedgerJournalTable {
  id: Generated<string>;
  type_code: number;
  user_id: string | null;
  reference: string | null;
  idempotency_key: string;
  memo: JSONColumnType<Record<string, unknown>>;
  created_at: Generated<Date>;
}

export interface LedgerEntriesTable {
  id: Generated<string>;
  journal_id: string;
  account_id: string;
  currency: string;
  amount: string;
  balance_before: string;
  balance_after: string;
  account_version: string;
  /** The record code of this side, when it differs from the journal's (a transfer's "in" side). */
  type_code: ColumnType<number | null, number | null | undefined, never>;
  created_at: Generated<Date>;
}

export type HoldState = 'held' | 'settled' | 'released';

export interface LedgerHoldsTable {
  id: Generated<string>;
  key: string;
  user_id: string | null;
  account_id: string;
  held_account_id: string;
  currency: string;
  amount: string;
  state: HoldState;
  hold_journal_id: string | null;
  finish_journal_id: string | null;
  created_at: Generated<Date>;
  finished_at: Date | null;
}

export type CardOperationState = 'held' | 'sending' | 'succeeded' | 'failed';

export interface CardOperationsTable {
  id: Generated<string>;
  card_id: string;
  user_id: string;
  kind: 'load' | 'unload';
  request_key: string;
  state: CardOperationState;
  currency: string;
  amount: string;
  terms: JSONColumnType<Record<string, string>>;
  attempts: Generated<number>;
  next_attempt_at: Date;
  last_error: string | null;
  failure_code: string | null;
  created_at: Date;
  updated_at: Date;
  finished_at: Date | null;
}

export interface IdempotencyRequestsTable {
  user_id: string;
  key: string;
  route: string;
  request_hash: string;
  status_code: number | null;
  response: string | null;
  created_at: Generated<Date>;
  completed_at: Date | null;
}

export interface ExchangeRatesTable {
  currency: string;
  usd_price: string;
  updated_at: Generated<Date>;
  updated_by: string | null;
}

export interface ExchangePairsTable {
  from_currency: string;
  to_currency: string;
  type_code: number;
  spread: string;
  fee_rate: string;
  enabled: Generated<boolean>;
  /** When the spread, fee or switch last changed (setPairTerms). */
  updated_at: Generated<Date>;
}

export interface ExchangeQuotesTable {
  id: Generated<string>;
  user_id: string;
  from_currency: string;
  to_currency: string;
  type_code: number;
  amount_in: string;
  fee: string;
  rate: string;
  amount_out: string;
  created_at: Date;
  expires_at: Date;
  journal_id: string | null;
}

export interface TransfersTable {
  id: Generated<string>;
  from_user_id: string;
  to_user_id: string;
  currency: string;
  amount: string;
  idempotency_key: string;
  created_at: Date;
}

export interface WithdrawalsTable {
  id: Generated<string>;
  user_id: string;
  network: 'TRON' | 'BSC';
  address: string;
  currency: string;
  amount: string;
  fee: string;
  status: string;
  tx_hash: string | null;
  idempotency_key: string;
  created_at: Date;
  updated_at: Date;
  nonce: Generated<string | null>;
  raw_tx: Generated<string | null>;
  broadcast_at: Generated<Date | null>;
  confirmed_block: Generated<string | null>;
}

export interface ChainCheckpointsTable {
  network: string;
  next_block: string;
  head_block: string;
  updated_at: Generated<Date>;
}

export type DepositStatus = 'confirming' | 'credited' | 'queued' | 'unattributed' | 'dropped';

export interface ChainDepositsTable {
  id: Generated<string>;
  network: string;
  currency: string;
  tx_hash: string;
  log_index: number;
  from_address: string;
  to_address: string;
  amount: string;
  raw_amount: string;
  block_number: string;
  block_hash: string;
  status: DepositStatus;
  user_id: string | null;
  attributed_by: string | null;
  note: string | null;
  credit_day: ColumnType<string | null, string | null, string | null>;
  journal_id: string | null;
  detected_at: Date;
  updated_at: Date;
  credited_at: Date | null;
}

export interface WithdrawalEventsTable {
  id: Generated<string>;
  withdrawal_id: string;
  status: string;
  /** Free text of events written before note codes (0018) that matched none of them; operators only. */
  note: ColumnType<string | null, null | undefined, null>;
  /** A contract WITHDRAWAL_NOTE_CODES value, worded by the app in the member's language. */
  note_code: string | null;
  note_params: JSONColumnType<Record<string, string>, string | undefined, string>;
  actor: string;
  created_at: Date;
}

export interface CardProductsTable {
  id: Generated<string>;
  name: string;
  /** The name per app language; `name` where a language is missing. */
  names: Generated<Partial<Record<Language, string>>>;
  level: number;
  type: 'virtual' | 'physical';
  currency: 'USD' | 'HKD';
  opening_fee: string;
  monthly_fee: string;
  recharge_fee_rate: string;
  enabled: Generated<boolean>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface CardholdersTable {
  user_id: string;
  issuer_cardholder_id: string | null;
  kyc_status: Generated<'none' | 'in_progress' | 'passed' | 'failed'>;
  kyc_reason: string | null;
  kyc_data: JSONColumnType<Record<string, unknown> | null, string | null, string | null>;
  kyc_submitted_at: Date | null;
  updated_at: Generated<Date>;
}

export interface KycDocumentsTable {
  user_id: string;
  side: 'front' | 'back' | 'passport';
  content_type: string;
  bytes: Buffer;
  sha256: string;
  size: number;
  created_at: Date;
}

export interface CardsTable {
  id: Generated<string>;
  user_id: string;
  product_id: string;
  type: 'virtual' | 'physical';
  currency: 'USD' | 'HKD';
  holder_first_name: string;
  holder_last_name: string;
  status: 'opening' | 'failed' | 'awaiting_kyc' | 'active';
  issuer_card_id: string | null;
  last4: string | null;
  exp_month: number | null;
  exp_year: number | null;
  frozen: Generated<boolean>;
  freeze_reason: 'user' | 'consecutive_funds_failures' | 'failure_rate' | 'operator' | null;
  failure_reason: string | null;
  opening_fee: string;
  opening_key: string;
  shipping: JSONColumnType<Record<string, unknown> | null, string | null, string | null>;
  shipping_status: Generated<'none' | 'produced' | 'shipped' | 'delivered'>;
  tracking_number: string | null;
  pin_set: Generated<boolean>;
  bound_at: Date | null;
  bind_failures: Generated<number>;
  /** HMAC of the number a physical card was bound with (0030): one card behind two members is an abuse signal. */
  number_fingerprint: ColumnType<Buffer | null, Buffer | null | undefined, Buffer | null>;
  bind_locked_until: Date | null;
  consecutive_funds_failures: Generated<number>;
  rule_window_after_id: Generated<string>;
  /** Bumped by a trigger on every update: a write planned on an unlocked read checks it (migration 0009). */
  version: Generated<string>;
  created_at: Date;
  updated_at: Date;
}

export interface CardTransactionsTable {
  id: Generated<string>;
  card_id: string;
  type: 'authorization' | 'reversal' | 'refund';
  issuer_ref: string;
  authorization_id: string;
  currency: string;
  amount: string;
  merchant: JSONColumnType<{ name: string; mcc?: string; country?: string }>;
  approved: boolean;
  decline_reason: string | null;
  held: Generated<string>;
  settled: Generated<boolean>;
  settled_amount: string | null;
  balance_change: Generated<string>;
  /** Authorizations only: refunded so far, never above settled_amount (a check constraint holds it there). */
  refunded_amount: Generated<string>;
  created_at: Date;
  updated_at: Date;
}

export interface CardIssuerEventsTable {
  id: string;
  type: string;
  received_at: Generated<Date>;
}

export interface CardWebhookDeliveriesTable {
  signature: string;
  received_at: Generated<Date>;
}

export interface Database
  extends AppTables,
    PayoutTables,
    NotificationTables,
    TicketTables,
    HelpTables,
    SecondFactorTables,
    OperatorTables,
    AddressBookTables,
    RewardTables,
    PlacementTables,
    BooksTables,
    SecretAttemptTables {
  audit_log: AuditLogTable;
  users: UsersTable;
  sessions: SessionsTable;
  email_codes: EmailCodesTable;
  address_changes: AddressChangesTable;
  mail_outbox: MailOutboxTable;
  ledger_accounts: LedgerAccountsTable;
  ledger_journal: LedgerJournalTable;
  ledger_entries: LedgerEntriesTable;
  ledger_holds: LedgerHoldsTable;
  card_operations: CardOperationsTable;
  idempotency_requests: IdempotencyRequestsTable;
  exchange_rates: ExchangeRatesTable;
  exchange_pairs: ExchangePairsTable;
  exchange_quotes: ExchangeQuotesTable;
  transfers: TransfersTable;
  withdrawals: WithdrawalsTable;
  withdrawal_events: WithdrawalEventsTable;
  chain_checkpoints: ChainCheckpointsTable;
  chain_deposits: ChainDepositsTable;
  card_products: CardProductsTable;
  cardholders: CardholdersTable;
  kyc_documents: KycDocumentsTable;
  cards: CardsTable;
  card_transactions: CardTransactionsTable;
  card_issuer_events: CardIssuerEventsTable;
  card_webhook_deliveries: CardWebhookDeliveriesTable;
}

import type { ColumnType, Generated, JSONColumnType } from 'kysely';

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
  created_at: Generated<Date>;
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
}

export interface WithdrawalEventsTable {
  id: Generated<string>;
  withdrawal_id: string;
  status: string;
  note: string | null;
  actor: string;
  created_at: Date;
}

export interface Database {
  audit_log: AuditLogTable;
  users: UsersTable;
  sessions: SessionsTable;
  email_codes: EmailCodesTable;
  address_changes: AddressChangesTable;
  mail_outbox: MailOutboxTable;
  ledger_accounts: LedgerAccountsTable;
  ledger_journal: LedgerJournalTable;
  ledger_entries: LedgerEntriesTable;
  idempotency_requests: IdempotencyRequestsTable;
  exchange_rates: ExchangeRatesTable;
  exchange_pairs: ExchangePairsTable;
  exchange_quotes: ExchangeQuotesTable;
  transfers: TransfersTable;
  withdrawals: WithdrawalsTable;
  withdrawal_events: WithdrawalEventsTable;
}

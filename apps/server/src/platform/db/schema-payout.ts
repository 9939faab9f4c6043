import type { ColumnType, Generated } from 'kysely';

/** Tables of the payout module (flash exchange), migration 0012. */

export type PayeeKindColumn = 'alipay' | 'bank';
export type PayoutStage = 'held' | 'sending' | 'submitted' | 'waiting_operator' | 'arrived' | 'rejected';

export interface PayoutSettingsTable {
  id: Generated<number>;
  enabled: boolean;
  minimum: string;
  maximum: string;
  daily_limit: string;
  spread: string;
  fee_rate: string;
  updated_at: Generated<Date>;
}

export interface PayeesTable {
  id: Generated<string>;
  user_id: string;
  kind: PayeeKindColumn;
  is_default: Generated<boolean>;
  name: string;
  last_name: string | null;
  first_name: string | null;
  birth_date: string | null;
  city: string | null;
  address: string | null;
  bank_name: string | null;
  account_last4: string;
  /** HMAC of the normalised account number (0030): the same payee behind two members is an abuse signal. */
  account_fingerprint: ColumnType<Buffer | null, Buffer | null | undefined, Buffer | null>;
  /** How lists show the account (0023); null for payees saved before. */
  account_masked: string | null;
  id_number_last4: string;
  phone_last4: string | null;
  key_id: string;
  secret: Buffer;
  created_at: Date;
  updated_at: Date;
  deleted_at: Date | null;
}

export interface PayoutQuotesTable {
  id: Generated<string>;
  user_id: string;
  kind: PayeeKindColumn;
  amount: string;
  fee: string;
  rate: string;
  amount_out: string;
  created_at: Date;
  expires_at: Date;
}

export interface PayoutOrdersTable {
  id: string;
  user_id: string;
  request_key: string;
  quote_id: string;
  kind: PayeeKindColumn;
  payee_id: string;
  payee_name: string;
  payee_account_last4: string;
  payee_account_masked: string | null;
  payee_bank_name: string | null;
  key_id: string;
  payee_secret: Buffer;
  amount: string;
  fee: string;
  rate: string;
  amount_out: string;
  day: string;
  stage: PayoutStage;
  partner_reference: string | null;
  reason: string | null;
  attempts: Generated<number>;
  next_attempt_at: Date;
  last_error: string | null;
  created_at: Date;
  updated_at: Date;
  finished_at: Date | null;
}

export interface PayoutOrderEventsTable {
  id: Generated<string>;
  order_id: string;
  step: 'submitted' | 'sent' | 'arrived' | 'rejected';
  note: string | null;
  actor: string;
  created_at: Date;
}

export interface PayoutWebhookDeliveriesTable {
  signature: string;
  received_at: Generated<Date>;
}

export interface PayoutTables {
  payout_settings: PayoutSettingsTable;
  payees: PayeesTable;
  payout_quotes: PayoutQuotesTable;
  payout_orders: PayoutOrdersTable;
  payout_order_events: PayoutOrderEventsTable;
  payout_webhook_deliveries: PayoutWebhookDeliveriesTable;
}

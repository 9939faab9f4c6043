import type { ColumnType, Generated } from 'kysely';

/** Tables of the operator console, migration 0027 (ADR 0034). */
export type OperatorRoleName = 'support' | 'finance' | 'compliance' | 'admin' | 'auditor';

export interface OperatorsTable {
  id: Generated<string>;
  email: string;
  password_hash: string | null;
  roles: OperatorRoleName[];
  status: Generated<'active' | 'disabled'>;
  totp_key_id: string | null;
  totp_sealed: Buffer | null;
  totp_confirmed_at: Date | null;
  /** bigint: read as a string. */
  totp_last_step: ColumnType<string | null, number | null, number | null>;
  enrol_token_hash: Buffer | null;
  enrol_expires_at: Date | null;
  created_by: string | null;
  created_at: Generated<Date>;
}

export interface OperatorSessionsTable {
  id: Generated<string>;
  operator_id: string;
  token_hash: Buffer;
  stage: 'password' | 'full';
  device: string;
  ip: string | null;
  created_at: Generated<Date>;
  last_used_at: Generated<Date>;
  revoked_at: Date | null;
}

export interface OperatorRecoveryCodesTable {
  id: Generated<string>;
  operator_id: string;
  code_hash: Buffer;
  created_at: Generated<Date>;
  used_at: Date | null;
}

export interface OperatorPasskeysTable {
  id: Generated<string>;
  operator_id: string;
  credential_id: string;
  public_key: Buffer;
  /** bigint: read as a string. */
  counter: ColumnType<string, number | undefined, number>;
  transports: Generated<string[]>;
  label: string;
  created_at: Generated<Date>;
  last_used_at: Date | null;
}

export interface OperatorChallengesTable {
  challenge: string;
  operator_id: string;
  purpose: 'register' | 'authenticate';
  expires_at: Date;
}

export interface OperatorApiKeysTable {
  id: Generated<string>;
  name: string;
  key_hash: Buffer;
  prefix: string;
  roles: OperatorRoleName[];
  created_by: string;
  created_at: Generated<Date>;
  last_used_at: Date | null;
  revoked_at: Date | null;
}

export interface ConsoleSettingsTable {
  key: string;
  value: string;
  updated_by: string | null;
  updated_at: Generated<Date>;
}

export interface ApprovalRequestsTable {
  id: Generated<string>;
  kind: string;
  payload: ColumnType<unknown, string, never>;
  payload_hash: string;
  summary: string;
  maker_id: string;
  checker_id: string | null;
  status: Generated<'pending' | 'approved' | 'rejected' | 'expired' | 'failed'>;
  reason: string | null;
  result: ColumnType<unknown, string | null, string | null>;
  error_code: string | null;
  created_at: Generated<Date>;
  expires_at: Date;
  decided_at: Date | null;
}

export interface OperatorAuditTable {
  /** bigint: read as a string. */
  seq: ColumnType<string, number | string, never>;
  at: Date;
  operator_id: string | null;
  operator_email: string | null;
  api_key_id: string | null;
  roles: string[];
  action: string;
  object: string | null;
  member_uid: string | null;
  before: ColumnType<unknown, string | null, never>;
  after: ColumnType<unknown, string | null, never>;
  reason: string | null;
  request_id: string | null;
  ip: string | null;
  prev_hash: string;
  hash: string;
}

export interface MemberNotesTable {
  id: Generated<string>;
  user_id: string;
  operator_id: string;
  body: string;
  created_at: Generated<Date>;
}

export interface OperatorTables {
  operators: OperatorsTable;
  operator_sessions: OperatorSessionsTable;
  operator_recovery_codes: OperatorRecoveryCodesTable;
  operator_passkeys: OperatorPasskeysTable;
  operator_challenges: OperatorChallengesTable;
  operator_api_keys: OperatorApiKeysTable;
  console_settings: ConsoleSettingsTable;
  approval_requests: ApprovalRequestsTable;
  operator_audit: OperatorAuditTable;
  member_notes: MemberNotesTable;
}

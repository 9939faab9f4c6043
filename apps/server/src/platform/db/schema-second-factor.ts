import type { ColumnType, Generated } from 'kysely';

/** Tables of the second-factor module, migration 0020. */
export interface TotpFactorsTable {
  user_id: string;
  secret_key_id: string;
  secret_sealed: Buffer;
  created_at: Date;
  confirmed_at: Date | null;
  /** bigint: read as a string. */
  last_time_step: ColumnType<string | null, number | null, number | null>;
}

export interface PasskeysTable {
  id: Generated<string>;
  user_id: string;
  credential_id: string;
  public_key: Buffer;
  /** bigint: read as a string. */
  counter: ColumnType<string, number, number>;
  transports: string[];
  label: string;
  created_at: Date;
  last_used_at: Date | null;
}

export interface RecoveryCodesTable {
  id: Generated<string>;
  user_id: string;
  code_hash: Buffer;
  created_at: Date;
  used_at: Date | null;
}

export interface WebauthnChallengesTable {
  challenge: string;
  user_id: string;
  purpose: 'register' | 'authenticate';
  rp_id: string;
  origin: string;
  expires_at: Date;
}

export interface LoginTicketsTable {
  token_hash: Buffer;
  user_id: string;
  expires_at: Date;
  used_at: Date | null;
}

export interface TrustedDevicesTable {
  session_id: string;
  user_id: string;
  key_hash: Buffer;
  created_at: Date;
}

export interface SecondFactorTables {
  totp_factors: TotpFactorsTable;
  passkeys: PasskeysTable;
  recovery_codes: RecoveryCodesTable;
  webauthn_challenges: WebauthnChallengesTable;
  login_tickets: LoginTicketsTable;
  trusted_devices: TrustedDevicesTable;
}

/** The secret-guessing counters of platform/secret-attempts-pg.ts, migration 0019. */
export interface SecretAttemptsTable {
  kind: string;
  subject: string;
  failures: number;
  pending: number;
  pending_at: Date;
  window_started_at: Date;
  locked_until: Date | null;
  expires_at: Date | null;
}

export interface SecretAttemptTables {
  secret_attempts: SecretAttemptsTable;
}

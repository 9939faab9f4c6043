import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../platform/clock';
import type { Config } from '../../platform/config';
import type { Db } from '../../platform/db/database';
import type { Mailer } from '../../platform/mail';
import type { SecretLimits } from '../../platform/secret-limits';
import type { SecondFactorSettings } from '../auth/step-up';

/** What the operators' sign-in and accounts need (register.ts builds it from app.ts's parts). */
export interface OperatorDeps {
  db: Db;
  clock: Clock;
  mailer: Mailer;
  log: FastifyBaseLogger;
  limits: SecretLimits;
  /** The TOTP sealing box and the passkeys' relying party, shared with the members' second factor. */
  secondFactor: SecondFactorSettings;
  /** Keys the recovery codes' hashes. */
  secret: string;
  appUrl: string;
  production: boolean;
}

/** Where a request came from: what sessions, the limiter and the audit log record. */
export interface Client {
  ip: string;
  userAgent: string | undefined;
  requestId: string;
}

export type OperatorConfig = Pick<Config, 'NODE_ENV' | 'APP_URL' | 'APP_SECRET' | 'TOTP_ENCRYPTION_KEYS' | 'TOTP_ENCRYPTION_KEY_ID'>;

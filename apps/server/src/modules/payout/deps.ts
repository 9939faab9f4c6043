import type { FastifyBaseLogger } from 'fastify';
import type PgBoss from 'pg-boss';
import type { SecretBox } from '../../platform/secret-box';
import type { AuthDeps } from '../auth/service';
import type { PayoutPartner } from './partner';

export interface PayoutDeps extends AuthDeps {
  /** Seals payee numbers at rest. */
  box: SecretBox;
  /** The payout partner; null: orders wait for an operator to mark them arrived or rejected. */
  partner: PayoutPartner | null;
  /** The job queue; without it (some tests) orders are driven by the request and the sweep only. */
  jobs: PgBoss | null;
  log: FastifyBaseLogger;
  /** UTC offset of the platform's calendar day, for the daily limit (TOPUP_TIME_ZONE). */
  timeZone: string;
}

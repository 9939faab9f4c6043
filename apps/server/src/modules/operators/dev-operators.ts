import type { OperatorRole } from '@wallet/contract';
import type { FastifyBaseLogger } from 'fastify';
import { systemClock } from '../../platform/clock';
import type { Config } from '../../platform/config';
import type { Db } from '../../platform/db/database';
import { createMailer } from '../../platform/mail';
import type { SecretBox } from '../../platform/secret-box';
import { hashSecret } from '../auth/passwords';
import { secondFactorSettings } from '../auth/second-factor/settings';
import { recordOperatorAudit } from './audit-chain';
import type { OperatorContext } from './context';
import { createOperator, renewEnrolment } from './operators-service';
import * as q from './queries';
import { sealTotp } from './totp';

/**
 * Development only: two operators a newcomer signs in as at once (a maker and a checker for four
 * eyes), with fixed passwords and authenticator secrets, printed at start and shown with their
 * current codes on /dev/console. Refused in production, where operators come from `npm run operator`.
 */
export const DEV_OPERATORS: ReadonlyArray<{ email: string; roles: OperatorRole[]; password: string; totpSecret: string }> = [
  {
    email: 'ops@sbc-wallet.local',
    roles: ['admin', 'finance'],
    password: 'ops-development-only',
    totpSecret: 'OPSDEVELOPMENTONLYTOTPSECRETAAAA',
  },
  {
    email: 'checker@sbc-wallet.local',
    roles: ['finance'],
    password: 'checker-development-only',
    totpSecret: 'CHECKERDEVELOPMENTONLYTOTPSECRET',
  },
];

function refuseInProduction(config: Pick<Config, 'NODE_ENV'>): void {
  if (config.NODE_ENV === 'production') throw new Error('development operators are refused in production: use npm run operator -- create');
}

/** Creates the development operators, or puts them back as printed (password, roles, authenticator, active). */
export async function ensureDevOperators(config: Pick<Config, 'NODE_ENV'>, db: Db, box: SecretBox): Promise<void> {
  refuseInProduction(config);
  for (const dev of DEV_OPERATORS) {
    const passwordHash = await hashSecret(dev.password);
    await db.transaction().execute(async (trx) => {
      const row =
        (await q.insertOperator(trx, {
          email: dev.email,
          roles: dev.roles,
          createdBy: null,
          enrolTokenHash: null,
          enrolExpiresAt: null,
        })) ?? (await q.findOperatorByEmail(trx, dev.email));
      if (!row) throw new Error(`development operator ${dev.email} could not be written`);
      const { keyId, sealed } = sealTotp(box, row.id, dev.totpSecret);
      await trx
        .updateTable('operators')
        .set({
          password_hash: passwordHash,
          roles: dev.roles,
          status: 'active',
          totp_key_id: keyId,
          totp_sealed: sealed,
          totp_confirmed_at: row.totp_confirmed_at ?? new Date(),
          enrol_token_hash: null,
          enrol_expires_at: null,
        })
        .where('id', '=', row.id)
        .execute();
      await recordOperatorAudit(trx, null, {
        action: 'operator.development_refresh',
        object: `operator:${row.id}`,
        after: { email: dev.email, roles: dev.roles },
      });
    });
  }
}

/**
 * `npm start` in development: the development operators, and every email still in ADMIN_EMAILS as an
 * admin operator with an enrolment link printed (until they set a password), so old scripts have a path.
 */
export async function startDevelopmentOperators(config: Config, db: Db, log: FastifyBaseLogger): Promise<void> {
  refuseInProduction(config);
  await ensureDevOperators(config, db, secondFactorSettings(config).box);
  const lines = DEV_OPERATORS.map(
    (dev) => `  ${dev.email}  password ${dev.password}  TOTP secret ${dev.totpSecret}  (${dev.roles.join(', ')})`,
  );
  const deps = { db, clock: systemClock, mailer: createMailer(config, db, log), log, appUrl: config.APP_URL };
  for (const email of config.ADMIN_EMAILS) {
    const existing = await q.findOperatorByEmail(db, email);
    if (existing?.password_hash) continue;
    const link = existing
      ? await renewEnrolment(deps, existing.id)
      : (await createOperator(deps, null, { email, roles: ['admin'] })).enrolUrl;
    lines.push(`  ${email} (from ADMIN_EMAILS, admin): set a password at ${link}`);
  }
  // Printed outside the structured log, like the development mail: it is the newcomer's sign-in sheet.
  console.info(
    `\n[dev console] ${config.APP_URL}/console/ — operators (current codes on ${config.APP_URL}/dev/console):\n${lines.join('\n')}\n`,
  );
}

/**
 * The development operator `ops@` acting as in the console, for demo data made through a console
 * service (audited as theirs); undefined before the development operators exist.
 */
export async function devMakerContext(db: Db): Promise<OperatorContext | undefined> {
  const [maker] = DEV_OPERATORS;
  const row = maker ? await q.findOperatorByEmail(db, maker.email) : undefined;
  if (!maker || !row) return undefined;
  return {
    operatorId: row.id,
    email: row.email,
    roles: maker.roles,
    apiKeyId: null,
    sessionId: null,
    ip: '127.0.0.1',
    requestId: 'demo-seed',
  };
}

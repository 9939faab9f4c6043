import { randomBytes } from 'node:crypto';
import type { OperatorRole } from '@wallet/contract';
import { type ExpressionBuilder, sql } from 'kysely';
import { addSeconds } from '../../platform/clock';
import type { Db, Executor } from '../../platform/db/database';
import type { Database } from '../../platform/db/schema';
import { AppError } from '../../platform/errors';
import { hashSecret } from '../auth/passwords';
import { recordOperatorAudit } from './audit-chain';
import type { OperatorContext } from './context';
import type { Client, OperatorDeps } from './deps';
import { tokenHash } from './guard';
import { enrolmentMail, mailOperator } from './mail';
import * as q from './queries';
import { selfContext } from './sessions';

/** Who acted, as other modules' console reads show it (the books' runs and breaks). */
export { operatorEmailsSql } from './queries';

/** An enrolment link works once, within this time. */
export const ENROL_HOURS = 72;

type OperatorListRow = q.OperatorRow & { last_sign_in_at: Date | null };

function toOperator(row: OperatorListRow) {
  return {
    id: row.id,
    email: row.email,
    roles: row.roles,
    status: row.status,
    totpEnrolled: row.totp_confirmed_at !== null,
    createdAt: row.created_at.toISOString(),
    lastSignInAt: row.last_sign_in_at?.toISOString() ?? null,
  };
}

/** When the operator last finished a sign-in: the newest of their signed-in sessions. */
const lastSignIn = (eb: ExpressionBuilder<Database, 'operators'>) =>
  eb
    .selectFrom('operator_sessions as s')
    .select((inner) => inner.fn.max('s.created_at').as('at'))
    .whereRef('s.operator_id', '=', 'operators.id')
    .where('s.stage', '=', 'full')
    .as('last_sign_in_at');

export async function listOperators(
  db: Db,
  query: { page: number; pageSize: number; q?: string | undefined; status?: 'active' | 'disabled' | undefined },
) {
  let base = db.selectFrom('operators');
  if (query.q) base = base.where('email', 'ilike', `%${query.q.replace(/[\\%_]/g, '\\$&')}%`);
  if (query.status) base = base.where('status', '=', query.status);
  const [rows, count] = await Promise.all([
    base
      .select([...q.operatorColumns, lastSignIn])
      .orderBy('created_at')
      .orderBy('id')
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize)
      .execute(),
    base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { items: rows.map((row) => toOperator(row as OperatorListRow)), total: Number(count.n) };
}

async function operatorView(db: Db | Executor, id: string) {
  const row = await db
    .selectFrom('operators')
    .select([...q.operatorColumns, lastSignIn])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw new AppError('OPERATOR_NOT_FOUND');
  return toOperator(row as OperatorListRow);
}

/**
 * A new operator with a single-use enrolment link (its token kept as a hash) that sets the password;
 * mailed to them too. `by` is null for the command line and development start-up.
 */
export async function createOperator(
  deps: Pick<OperatorDeps, 'db' | 'clock' | 'mailer' | 'log' | 'appUrl'>,
  by: OperatorContext | null,
  input: { email: string; roles: OperatorRole[] },
) {
  const token = randomBytes(32).toString('base64url');
  const enrolUrl = `${deps.appUrl}/console/#/enrol?token=${token}`;
  const operator = await deps.db.transaction().execute(async (trx) => {
    const row = await q.insertOperator(trx, {
      email: input.email,
      roles: input.roles,
      createdBy: by?.operatorId ?? null,
      enrolTokenHash: tokenHash(token),
      enrolExpiresAt: addSeconds(deps.clock.now(), ENROL_HOURS * 3600),
    });
    if (!row) throw new AppError('OPERATOR_EXISTS');
    await recordOperatorAudit(trx, by, {
      action: 'operator.invite',
      object: `operator:${row.id}`,
      after: { email: row.email, roles: row.roles },
    });
    await mailOperator(deps, trx, row.email, enrolmentMail({ enrolUrl, roles: row.roles, hours: ENROL_HOURS }));
    return operatorView(trx, row.id);
  });
  return { operator, enrolUrl };
}

/**
 * A fresh enrolment link for an operator who has not set a password yet (development start-up and
 * the command line use it for ADMIN_EMAILS); the old link stops working.
 */
export async function renewEnrolment(deps: Pick<OperatorDeps, 'db' | 'clock' | 'appUrl'>, operatorId: string): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await deps.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('operators')
      .set({ enrol_token_hash: tokenHash(token), enrol_expires_at: addSeconds(deps.clock.now(), ENROL_HOURS * 3600) })
      .where('id', '=', operatorId)
      .where('password_hash', 'is', null)
      .execute();
    await recordOperatorAudit(trx, null, { action: 'operator.enrolment.renew', object: `operator:${operatorId}` });
  });
  return `${deps.appUrl}/console/#/enrol?token=${token}`;
}

/** The enrolment link's step: sets the password and spends the link (a second use finds nothing). */
export async function enrol(deps: Pick<OperatorDeps, 'db' | 'clock'>, token: string, password: string, client: Client): Promise<void> {
  const passwordHash = await hashSecret(password);
  await deps.db.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable('operators')
      .set({ password_hash: passwordHash, enrol_token_hash: null, enrol_expires_at: null })
      .where('enrol_token_hash', '=', tokenHash(token))
      .where('enrol_expires_at', '>', deps.clock.now())
      .where('status', '=', 'active')
      .returning(['id', 'email', 'roles'])
      .executeTakeFirst();
    if (!row) throw new AppError('OPERATOR_ENROLMENT_INVALID');
    await recordOperatorAudit(trx, selfContext(row, client, null), { action: 'operator.enrol', object: `operator:${row.id}` });
  });
}

/** Whether another active admin would remain were `operatorId` no longer one. */
async function assertAnotherAdmin(trx: Executor, operatorId: string): Promise<void> {
  // Locks the admins' rows: two admins disabling each other at once cannot both succeed.
  const admins = await trx
    .selectFrom('operators')
    .select('id')
    .where('status', '=', 'active')
    .where(sql<boolean>`'admin' = any(roles)`)
    .forUpdate()
    .execute();
  if (!admins.some((admin) => admin.id !== operatorId)) throw new AppError('OPERATOR_LAST_ADMIN');
}

/**
 * Disabling ends the operator's sessions at once and revokes the API keys they made (a key acts as
 * its maker: nobody would answer for it any more). Enabling gives neither back: they sign in again,
 * and an admin makes new keys.
 */
export async function setOperatorStatus(
  deps: Pick<OperatorDeps, 'db' | 'clock'>,
  by: OperatorContext,
  operatorId: string,
  status: 'active' | 'disabled',
) {
  if (operatorId === by.operatorId) throw new AppError('OPERATOR_NOT_SELF');
  return deps.db.transaction().execute(async (trx) => {
    const before = await q.lockOperator(trx, operatorId);
    if (!before) throw new AppError('OPERATOR_NOT_FOUND');
    if (before.status !== status) {
      const now = deps.clock.now();
      let sessionsRevoked = 0;
      let apiKeysRevoked = 0;
      if (status === 'disabled') {
        if (before.roles.includes('admin')) await assertAnotherAdmin(trx, operatorId);
        sessionsRevoked = await q.revokeAllSessions(trx, operatorId, now);
        const keys = await trx
          .updateTable('operator_api_keys')
          .set({ revoked_at: now })
          .where('created_by', '=', operatorId)
          .where('revoked_at', 'is', null)
          .returning('id')
          .execute();
        apiKeysRevoked = keys.length;
      }
      await trx.updateTable('operators').set({ status }).where('id', '=', operatorId).execute();
      await recordOperatorAudit(trx, by, {
        action: status === 'disabled' ? 'operator.disable' : 'operator.enable',
        object: `operator:${operatorId}`,
        before: { status: before.status },
        after: { status, sessionsRevoked, apiKeysRevoked },
      });
    }
    return operatorView(trx, operatorId);
  });
}

/**
 * For the four-eyes 'operator.roles' approval (helper B's kind), inside its transaction; the caller
 * writes the audit entry with the returned before/after. Sessions are NOT revoked: the guard reads
 * the operator's roles from their row on every request, so the new roles apply to the very next
 * request of every session. API keys keep their own roles (a key is scoped when made). The last
 * active admin cannot lose the admin role.
 */
export async function setOperatorRoles(trx: Executor, operatorId: string, roles: readonly OperatorRole[]) {
  const before = await q.lockOperator(trx, operatorId);
  if (!before) throw new AppError('OPERATOR_NOT_FOUND');
  const after = [...new Set(roles)];
  if (after.length === 0) throw new AppError('VALIDATION_FAILED');
  if (before.roles.includes('admin') && !after.includes('admin') && before.status === 'active') await assertAnotherAdmin(trx, operatorId);
  await trx.updateTable('operators').set({ roles: after }).where('id', '=', operatorId).execute();
  return { before: { roles: before.roles }, after: { roles: after } };
}

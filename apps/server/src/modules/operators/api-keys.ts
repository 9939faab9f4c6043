import { randomBytes } from 'node:crypto';
import type { OperatorRole } from '@wallet/contract';
import type { Db, Executor } from '../../platform/db/database';
import { AppError } from '../../platform/errors';
import { recordOperatorAudit } from './audit-chain';
import type { OperatorContext } from './context';
import type { OperatorDeps } from './deps';
import { API_KEY_PREFIX, tokenHash } from './guard';

/**
 * Operator API keys for automation (ADR 0034): made by an admin, scoped to roles, shown once and
 * kept as a SHA-256 (256 random bits need no slow hash), revocable. The guard audits every read made
 * with one; every action made with one writes its own entry naming the key.
 */

const PREFIX_LENGTH = API_KEY_PREFIX.length + 6;

const keys = (db: Db | Executor) =>
  db
    .selectFrom('operator_api_keys as k')
    .innerJoin('operators as o', 'o.id', 'k.created_by')
    .select(['k.id', 'k.name', 'k.prefix', 'k.roles', 'k.created_by', 'o.email', 'k.created_at', 'k.last_used_at', 'k.revoked_at']);

type KeyRow = Awaited<ReturnType<ReturnType<typeof keys>['executeTakeFirstOrThrow']>>;

function toApiKey(row: KeyRow) {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    roles: row.roles,
    createdBy: { id: row.created_by, email: row.email },
    createdAt: row.created_at.toISOString(),
    lastUsedAt: row.last_used_at?.toISOString() ?? null,
    revokedAt: row.revoked_at?.toISOString() ?? null,
  };
}

export async function listApiKeys(db: Db, query: { page: number; pageSize: number; revoked?: 'true' | 'false' | undefined }) {
  let base = keys(db);
  if (query.revoked) base = base.where('k.revoked_at', query.revoked === 'true' ? 'is not' : 'is', null);
  const [rows, count] = await Promise.all([
    base
      .orderBy('k.created_at', 'desc')
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize)
      .execute(),
    base
      .clearSelect()
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { items: rows.map(toApiKey), total: Number(count.n) };
}

export async function createApiKey(deps: Pick<OperatorDeps, 'db'>, by: OperatorContext, input: { name: string; roles: OperatorRole[] }) {
  const key = `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
  const apiKey = await deps.db.transaction().execute(async (trx) => {
    const { id } = await trx
      .insertInto('operator_api_keys')
      .values({
        name: input.name,
        key_hash: tokenHash(key),
        prefix: key.slice(0, PREFIX_LENGTH),
        roles: [...new Set(input.roles)],
        created_by: by.operatorId,
        last_used_at: null,
        revoked_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const row = await keys(trx).where('k.id', '=', id).executeTakeFirstOrThrow();
    await recordOperatorAudit(trx, by, {
      action: 'api_key.create',
      object: `api_key:${id}`,
      after: { name: row.name, prefix: row.prefix, roles: row.roles },
    });
    return toApiKey(row);
  });
  return { apiKey, key };
}

export async function revokeApiKey(deps: Pick<OperatorDeps, 'db' | 'clock'>, by: OperatorContext, id: string) {
  return deps.db.transaction().execute(async (trx) => {
    const revoked = await trx
      .updateTable('operator_api_keys')
      .set({ revoked_at: deps.clock.now() })
      .where('id', '=', id)
      .where('revoked_at', 'is', null)
      .returning('id')
      .executeTakeFirst();
    if (!revoked) {
      const exists = await keys(trx).where('k.id', '=', id).executeTakeFirst();
      if (!exists) throw new AppError('OPERATOR_API_KEY_NOT_FOUND');
      return toApiKey(exists);
    }
    await recordOperatorAudit(trx, by, { action: 'api_key.revoke', object: `api_key:${id}` });
    return toApiKey(await keys(trx).where('k.id', '=', id).executeTakeFirstOrThrow());
  });
}

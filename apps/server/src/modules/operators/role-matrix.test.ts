import { randomUUID } from 'node:crypto';
import { OPERATOR_ROLES, type OperatorRole, PERMISSIONS } from '@wallet/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Member, registerUser } from '../../../test/accounts';
import { createTestApp, type TestApp } from '../../../test/app';
import { ManualClock } from '../../../test/clock';
import { type TestOperator, testOperator } from '../../../test/operators';
import type { OperatorRoute } from './guard';

/**
 * The permission table as the server enforces it (ADR 0034): every /api/v1/admin operation the API
 * describes, called by an operator of each single role. A role the table refuses gets exactly 403
 * FORBIDDEN and the database stays exactly as it was; a role it allows is let through to the
 * handler (which may refuse the made-up ids and bodies with 400, 404 or 409, never with 401 or 403).
 * A member's session is nobody here.
 */

type Operation = { method: string; path: string; route: OperatorRoute; params: Array<{ name: string; schema: ParamSchema }> };
type ParamSchema = { type?: string; format?: string; enum?: string[]; pattern?: string };

// Frozen: an API key's last use is written at most once a minute, so after a first call nothing but the action itself writes.
const clock = new ManualClock(new Date('2026-12-01T10:00:00.000Z'));
let t: TestApp;
let member: Member;
let operations: Operation[];
const operators = new Map<OperatorRole, TestOperator>();
let fingerprintSql: string;

/** A value of the right shape for a path parameter: the route then reaches its handler (or its validation). */
function paramValue(name: string, schema: ParamSchema): string {
  if (schema.enum?.length) return String(schema.enum[0]);
  if (schema.format === 'uuid') return randomUUID();
  const byName: Record<string, string> = { uid: '10000001', currency: 'USDT', from: 'USDT', to: 'USD', version: '9.9', side: 'front' };
  return byName[name] ?? '1';
}

const urlOf = (op: Operation) =>
  op.path.replace(/\{([^}]+)\}/g, (_, name: string) =>
    encodeURIComponent(paramValue(name, op.params.find((p) => p.name === name)?.schema ?? {})),
  );

function call(op: Operation, headers: Record<string, string>) {
  const unsafe = op.method !== 'GET' && op.method !== 'HEAD';
  return t.app.inject({
    method: op.method as 'GET',
    url: urlOf(op),
    headers: { ...headers, 'idempotency-key': randomUUID() },
    ...(unsafe ? { payload: {} } : {}),
  });
}

/** Every row of every table, hashed per table: a refused call must leave all of them as they were. */
async function fingerprint(): Promise<Record<string, string>> {
  const { rows } = await sql.raw<{ name: string; hash: string }>(fingerprintSql).execute(t.database.handle.db);
  return Object.fromEntries(rows.map((row) => [row.name, row.hash]));
}

beforeAll(async () => {
  t = await createTestApp({ clock });
  member = await registerUser(t);
  for (const role of OPERATOR_ROLES) operators.set(role, await testOperator(t, [role]));

  const routes = t.app.operatorRoutes;
  const spec = (await t.app.inject({ method: 'GET', url: '/openapi.json' })).json() as {
    paths: Record<string, Record<string, { parameters?: Array<{ in: string; name: string; schema: ParamSchema }> }>>;
  };
  operations = Object.entries(spec.paths)
    .filter(([path]) => path.startsWith('/api/v1/admin/'))
    .flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => {
        const url = path.replace(/\{([^}]+)\}/g, ':$1');
        const route = routes.find((r) => r.url === url && r.method === method.toUpperCase());
        if (!route) throw new Error(`${method.toUpperCase()} ${path} is in the API description but the guard never saw it`);
        const params = (operation.parameters ?? []).filter((p) => p.in === 'path').map((p) => ({ name: p.name, schema: p.schema ?? {} }));
        return { method: method.toUpperCase(), path, route, params };
      }),
    )
    .filter((op) => !op.route.operatorPublic);

  const { rows: tables } = await sql<{ name: string }>`
    select table_name as name from information_schema.tables
    where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`.execute(t.database.handle.db);
  fingerprintSql = tables
    .map(({ name }) => `select '${name}' as name, coalesce(md5(string_agg(x::text, '|' order by x::text)), '') as hash from "${name}" x`)
    .join(' union all ');

  // Each key's first use writes its last-use time; with the clock frozen, no later call does.
  for (const operator of operators.values()) await call(operations[0] as Operation, operator.headers);
});
afterAll(() => t?.close());

describe('the role matrix', () => {
  it('covers every operator route the guard registered, each naming a permission of the table', () => {
    expect(operations.length).toBeGreaterThan(20);
    const described = new Set(operations.map((op) => `${op.method} ${op.route.url}`));
    const registered = t.app.operatorRoutes.filter((r) => r.method !== 'HEAD' && !r.operatorPublic);
    expect(registered.map((r) => `${r.method} ${r.url}`).filter((key) => !described.has(key))).toEqual([]);
    for (const op of operations) expect(PERMISSIONS, `${op.method} ${op.path}`).toHaveProperty([op.route.permission as string]);
  });

  it('refuses every role the table does not allow with 403 and changes nothing; lets every allowed role through', async () => {
    const wrong: string[] = [];
    for (const op of operations) {
      const allowed: readonly OperatorRole[] = PERMISSIONS[op.route.permission as keyof typeof PERMISSIONS];
      for (const role of OPERATOR_ROLES) {
        const operator = operators.get(role) as TestOperator;
        const label = `${op.method} ${op.path} as ${role}`;
        if (allowed.includes(role)) {
          const res = await call(op, operator.headers);
          if ([401, 403].includes(res.statusCode) || res.statusCode >= 500)
            wrong.push(`${label}: allowed, got ${res.statusCode} ${res.body}`);
          // A run or snapshot goes on after the answer: it must not land in the next role's fingerprint.
          await t.app.booksSettled();
          continue;
        }
        const before = await fingerprint();
        const audit = await t.database.handle.db
          .selectFrom('operator_audit')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow();
        const res = await call(op, operator.headers);
        if (res.statusCode !== 403 || res.json().error?.code !== 'FORBIDDEN')
          wrong.push(`${label}: refused, got ${res.statusCode} ${res.body}`);
        const after = await fingerprint();
        const changed = Object.keys(before).filter((table) => before[table] !== after[table]);
        if (changed.length > 0) wrong.push(`${label}: refused, yet changed ${changed.join(', ')}`);
        const auditAfter = await t.database.handle.db
          .selectFrom('operator_audit')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow();
        if (String(auditAfter.n) !== String(audit.n)) wrong.push(`${label}: refused, yet audited`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it("answers a member's session with 401 on every operator route", async () => {
    const wrong: string[] = [];
    for (const op of operations) {
      const res = await call(op, member.headers);
      if (res.statusCode !== 401) wrong.push(`${op.method} ${op.path}: ${res.statusCode}`);
    }
    expect(wrong).toEqual([]);
  });
});

import { hash } from 'node:crypto';
import { type OperatorRole, type Permission, rolesAllow } from '@wallet/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Clock } from '../../platform/clock';
import type { Db } from '../../platform/db/database';
import { AppError } from '../../platform/errors';
import { csrfTokenMatches, fromOwnOrigin, secureFor } from '../auth/session-cookie';
import { recordOperatorAudit } from './audit-chain';
import type { OperatorContext } from './context';
import { readSetting } from './settings';

/**
 * The console's API is everything under /api/v1/admin (ADR 0034). Its session is a cookie of its own,
 * scoped to that path, HttpOnly and SameSite=Strict, with the member app's CSRF rule; automation
 * uses an API key as a bearer token. A member's session never reaches these routes.
 */
export const CONSOLE_API_PREFIX = '/api/v1/admin/';
export const CONSOLE_COOKIE = 'sbc_console';
const CONSOLE_COOKIE_PATH = '/api/v1/admin';
export const API_KEY_PREFIX = 'sbo_';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{20,100}$/;
// Writing last_used_at on every request would make every read a write; a minute's precision is enough.
const TOUCH_AFTER_MS = 60_000;

/** An /api/v1/admin route as the guard saw it registered: the role-matrix test walks these. */
export interface OperatorRoute {
  method: string;
  url: string;
  permission: Permission | null;
  operatorPublic: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    operatorRoutes: readonly OperatorRoute[];
  }
}

export interface GuardDeps {
  db: Db;
  clock: Clock;
}

export const tokenHash = (token: string): Buffer => hash('sha256', token, 'buffer');

/**
 * Registered once at the root, before the modules: every /api/v1/admin route must name its
 * permission (or be one of the open sign-in steps), and every request to one is authenticated and
 * checked against the permission table before its handler runs. The server is the only authority.
 */
export function registerOperatorGuard(app: FastifyInstance, deps: GuardDeps): void {
  app.decorateRequest('operator', null);
  const routes: OperatorRoute[] = [];
  app.decorate('operatorRoutes', routes);
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith(CONSOLE_API_PREFIX)) return;
    const config = route.config as { permission?: Permission; operatorPublic?: boolean } | undefined;
    if (!config?.permission && !config?.operatorPublic) throw new Error(`${route.method} ${route.url} names no permission (ADR 0034)`);
    for (const method of [route.method].flat())
      routes.push({ method, url: route.url, permission: config.permission ?? null, operatorPublic: config.operatorPublic === true });
  });
  app.addHook('onRequest', async (request) => {
    const url = request.routeOptions.url;
    if (url === undefined || !url.startsWith(CONSOLE_API_PREFIX)) return;
    const { permission, operatorPublic } = request.routeOptions.config;
    if (operatorPublic) return;
    const operator = await authenticateOperator(deps, request);
    request.operator = operator;
    if (!permission || !rolesAllow(operator.roles, permission)) throw new AppError('FORBIDDEN');
    // Every use of an API key is in the audit log: an action by its own entry, a read by this one.
    // In a transaction of its own: the chain's numbering lock is a transaction lock, and two reads at once must not share a number.
    if (operator.apiKeyId && SAFE_METHODS.has(request.method))
      await deps.db
        .transaction()
        .execute((trx) => recordOperatorAudit(trx, operator, { action: 'api_key.read', object: `route:${request.method} ${url}` }));
  });
}

/** The operator behind a request's API key or console cookie, or OPERATOR_SIGN_IN_REQUIRED. */
export async function authenticateOperator(deps: GuardDeps, request: FastifyRequest): Promise<OperatorContext> {
  const header = request.headers.authorization;
  if (header !== undefined) {
    const token = /^Bearer (sbo_[A-Za-z0-9_-]{20,100})$/.exec(header)?.[1];
    if (!token) throw new AppError('OPERATOR_SIGN_IN_REQUIRED');
    return apiKeyOperator(deps, request, token);
  }
  const token = request.cookies?.[CONSOLE_COOKIE];
  if (!token || !TOKEN_SHAPE.test(token)) throw new AppError('OPERATOR_SIGN_IN_REQUIRED');
  if (!SAFE_METHODS.has(request.method)) {
    if (!fromOwnOrigin(request)) throw new AppError('CROSS_SITE_REQUEST');
    if (!csrfTokenMatches(request, token)) throw new AppError('CSRF_TOKEN_INVALID');
  }
  const session = await findConsoleSession(deps.db, token);
  if (!session) throw new AppError('OPERATOR_SIGN_IN_REQUIRED');
  if (session.stage !== 'full') throw new AppError('OPERATOR_SECOND_FACTOR_REQUIRED');
  if (session.status !== 'active') throw new AppError('OPERATOR_DISABLED');
  const now = deps.clock.now();
  const idleMinutes = Number(await readSetting(deps.db, 'console.idle_minutes'));
  if (now.getTime() - session.last_used_at.getTime() > idleMinutes * 60_000) {
    await deps.db.updateTable('operator_sessions').set({ revoked_at: now }).where('id', '=', session.id).execute();
    throw new AppError('OPERATOR_SIGN_IN_REQUIRED');
  }
  if (now.getTime() - session.last_used_at.getTime() > TOUCH_AFTER_MS)
    await deps.db.updateTable('operator_sessions').set({ last_used_at: now }).where('id', '=', session.id).execute();
  return {
    operatorId: session.operator_id,
    email: session.email,
    roles: session.roles,
    apiKeyId: null,
    sessionId: session.id,
    ip: request.ip,
    requestId: request.id,
  };
}

/** A console session by its token, live (not revoked) or not at all; with its operator. */
export function findConsoleSession(db: Db, token: string) {
  return db
    .selectFrom('operator_sessions as s')
    .innerJoin('operators as o', 'o.id', 's.operator_id')
    .select(['s.id', 's.operator_id', 's.stage', 's.last_used_at', 'o.email', 'o.roles', 'o.status'])
    .where('s.token_hash', '=', tokenHash(token))
    .where('s.revoked_at', 'is', null)
    .executeTakeFirst();
}

async function apiKeyOperator(deps: GuardDeps, request: FastifyRequest, token: string): Promise<OperatorContext> {
  const key = await deps.db
    .selectFrom('operator_api_keys as k')
    .innerJoin('operators as o', 'o.id', 'k.created_by')
    .select(['k.id', 'k.roles', 'k.last_used_at', 'k.created_by', 'o.email'])
    .where('k.key_hash', '=', tokenHash(token))
    .where('k.revoked_at', 'is', null)
    // A key acts as its maker: a disabled maker's keys stop too.
    .where('o.status', '=', 'active')
    .executeTakeFirst();
  if (!key) throw new AppError('OPERATOR_API_KEY_INVALID');
  const now = deps.clock.now();
  if (!key.last_used_at || now.getTime() - key.last_used_at.getTime() > TOUCH_AFTER_MS)
    await deps.db.updateTable('operator_api_keys').set({ last_used_at: now }).where('id', '=', key.id).execute();
  return {
    operatorId: key.created_by,
    email: key.email,
    roles: key.roles as OperatorRole[],
    apiKeyId: key.id,
    sessionId: null,
    ip: request.ip,
    requestId: request.id,
  };
}

export function setConsoleCookie(request: FastifyRequest, reply: FastifyReply, token: string): void {
  // A session cookie: gone when the browser closes; the server's idle limit ends it sooner.
  reply.setCookie(CONSOLE_COOKIE, token, { httpOnly: true, secure: secureFor(request), sameSite: 'strict', path: CONSOLE_COOKIE_PATH });
}

export function clearConsoleCookie(request: FastifyRequest, reply: FastifyReply): void {
  reply.clearCookie(CONSOLE_COOKIE, { httpOnly: true, secure: secureFor(request), sameSite: 'strict', path: CONSOLE_COOKIE_PATH });
}

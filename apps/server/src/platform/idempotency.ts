import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { addSeconds, type Clock } from './clock';
import type { Db } from './db/database';
import { AppError } from './errors';

const KEY = /^[A-Za-z0-9_.:-]{8,128}$/;
/** A request still "in progress" after this long was cut short (crash, timeout) and may run again. */
const ABANDONED_AFTER_SECONDS = 30;
/** Never part of the fingerprint: a hash of a 6-digit secret is easy to reverse. */
const SECRET_FIELDS = new Set(['paymentPassword', 'code', 'password']);

function fingerprint(route: string, body: unknown): string {
  const safe = body && typeof body === 'object' ? Object.fromEntries(Object.entries(body).filter(([k]) => !SECRET_FIELDS.has(k))) : body;
  return createHash('sha256')
    .update(route)
    .update('\0')
    .update(JSON.stringify(safe ?? null))
    .digest('hex');
}

/** The caller's Idempotency-Key, required on every money-moving request. */
export function idempotencyKey(request: FastifyRequest): string {
  const key = request.headers['idempotency-key'];
  if (typeof key !== 'string' || !KEY.test(key)) throw new AppError('IDEMPOTENCY_KEY_REQUIRED');
  return key;
}

export interface OnceOptions<T> {
  /**
   * For an operation that goes on after its first reply (a card load waiting for the issuer, a flash
   * exchange order waiting for the partner): a finished repeat is answered with the operation as it
   * stands now, read by its key, instead of the first reply.
   */
  asItStands?: (key: string) => Promise<T>;
}

/**
 * The one way every money-moving route takes its Idempotency-Key. Runs the handler at most once per
 * (user, key): a repeat gets the first successful reply again (with `Idempotency-Hit: true`), or the
 * operation as it stands with `asItStands`; a repeat while the first is running gets
 * IDEMPOTENCY_IN_PROGRESS, and the same key with a different request gets IDEMPOTENCY_KEY_REUSED. Two
 * requests arriving at the same moment are told apart by the claim's primary key, so they get exactly
 * what one after the other would.
 * Failed requests keep no record, so a corrected retry can use the same key. The handlers themselves
 * are idempotent in the database too (business rows and journals keyed by the same key), so even a
 * request cut short after moving money moves nothing more when run again.
 */
export async function once<T>(
  deps: { db: Db; clock: Clock },
  request: FastifyRequest,
  reply: FastifyReply,
  userId: string,
  run: (key: string) => Promise<T>,
  options: OnceOptions<T> = {},
): Promise<T> {
  const key = idempotencyKey(request);
  const route = `${request.method} ${request.routeOptions.url ?? request.url}`;
  const hash = fingerprint(route, request.body);
  const now = deps.clock.now();

  // A first request that fails deletes its claim: between our conflict and our read it may be gone,
  // and then the key is free again, so claim it anew.
  for (let tries = 0; ; tries += 1) {
    const claimed = await deps.db
      .insertInto('idempotency_requests')
      .values({ user_id: userId, key, route, request_hash: hash, created_at: now })
      .onConflict((oc) => oc.columns(['user_id', 'key']).doNothing())
      .returning('key')
      .executeTakeFirst();
    if (claimed) break;
    const first = await deps.db
      .selectFrom('idempotency_requests')
      .selectAll()
      .where('user_id', '=', userId)
      .where('key', '=', key)
      .executeTakeFirst();
    if (!first) {
      if (tries < 3) continue;
      throw new AppError('IDEMPOTENCY_IN_PROGRESS');
    }
    if (first.route !== route || first.request_hash !== hash) throw new AppError('IDEMPOTENCY_KEY_REUSED');
    if (first.response !== null) {
      reply.header('idempotency-hit', 'true');
      return options.asItStands ? options.asItStands(key) : (JSON.parse(first.response) as T);
    }
    const abandoned = first.created_at < addSeconds(now, -ABANDONED_AFTER_SECONDS);
    if (!abandoned) throw new AppError('IDEMPOTENCY_IN_PROGRESS');
    await deps.db
      .updateTable('idempotency_requests')
      .set({ created_at: now })
      .where('user_id', '=', userId)
      .where('key', '=', key)
      .execute();
    break;
  }

  try {
    const result = await run(key);
    await deps.db
      .updateTable('idempotency_requests')
      .set({ status_code: 200, response: JSON.stringify(result), completed_at: deps.clock.now() })
      .where('user_id', '=', userId)
      .where('key', '=', key)
      .execute();
    return result;
  } catch (error) {
    await deps.db.deleteFrom('idempotency_requests').where('user_id', '=', userId).where('key', '=', key).execute();
    throw error;
  }
}

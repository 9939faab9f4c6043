import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type RawBuilder, sql, type Transaction } from 'kysely';
import { addSeconds, type Clock } from './clock';
import type { Db, Executor } from './db/database';
import type { Database } from './db/schema';
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

/** What identifies a money request: its key, its route, and a fingerprint of what it asks. */
export interface RequestKey {
  key: string;
  route: string;
  hash: string;
}

function keyOf(request: FastifyRequest): RequestKey {
  const route = `${request.method} ${request.routeOptions.url ?? request.url}`;
  return { key: idempotencyKey(request), route, hash: fingerprint(route, request.body) };
}

/** A key's record as stored: the request that first used it and, once it finished, its reply. */
export interface KeyRecord {
  route: string;
  request_hash: string;
  response: string | null;
  created_at: Date;
}

/**
 * What a key already recorded answers: the first reply again (with `Idempotency-Hit: true`),
 * IDEMPOTENCY_KEY_REUSED for another request, IDEMPOTENCY_IN_PROGRESS while the first still runs.
 * Undefined when the first was cut short long ago, so this request may run in its place.
 */
function answerOf<T>(
  asked: Pick<RequestKey, 'route' | 'hash'>,
  first: KeyRecord,
  reply: FastifyReply,
  now: Date,
): { value: T } | undefined {
  if (first.route !== asked.route || first.request_hash !== asked.hash) throw new AppError('IDEMPOTENCY_KEY_REUSED');
  if (first.response !== null) {
    reply.header('idempotency-hit', 'true');
    return { value: JSON.parse(first.response) as T };
  }
  if (first.created_at >= addSeconds(now, -ABANDONED_AFTER_SECONDS)) throw new AppError('IDEMPOTENCY_IN_PROGRESS');
  return undefined;
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
 * How a money-moving route takes its Idempotency-Key by a claim of its own before the work: for work
 * that is not one transaction of ours (a card load around the issuer's call, a flash exchange order
 * around the partner's). `onceInTransaction` below gives the same answers with the key recorded in
 * the work's own transaction (transfers, exchanges). Runs the handler at most once per
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
  const { key, route, hash } = keyOf(request);
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
    const answer = answerOf<T>({ route, hash }, first, reply, now);
    if (answer) return options.asItStands ? options.asItStands(key) : answer.value;
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

/** Thrown in a keyed transaction when a request with the same key committed first: the work rolls back. */
export class KeyTaken extends Error {
  constructor() {
    super('idempotency key taken by a request that committed first');
  }
}

/**
 * The key of a request whose whole work is one database transaction (a transfer, an exchange). Its
 * record is read by the request's first query (`record`) and written by the work's own transaction
 * (`save`) together with the reply, so the key costs no round trip of its own, and a request cut
 * short leaves nothing behind.
 */
export class KeyedRequest {
  readonly key: string;
  private readonly asked: RequestKey;

  constructor(
    private readonly deps: { clock: Clock },
    private readonly reply: FastifyReply,
    readonly userId: string,
    asked: RequestKey,
  ) {
    this.asked = asked;
    this.key = asked.key;
  }

  /** The key's record, as a column of the caller's first query: null while the key is new. */
  record(): RawBuilder<KeyRecord | null> {
    return sql<KeyRecord | null>`(select json_build_object('route', route, 'request_hash', request_hash, 'response', response,
      'created_at', created_at) from idempotency_requests where user_id = ${this.userId} and key = ${this.key})`;
  }

  /** What the record read by `record` answers, as `once` answers a repeat; undefined when the request should run. */
  answer<T>(record: (Omit<KeyRecord, 'created_at'> & { created_at: string | Date }) | null): { value: T } | undefined {
    if (!record) return undefined;
    return answerOf<T>(this.asked, { ...record, created_at: new Date(record.created_at) }, this.reply, this.deps.clock.now());
  }

  /**
   * `answer` for work that reads its key's record in a query of its own rather than as a column of
   * its first query: the first reply when the key already finished, undefined when the work should run.
   */
  async answered<T>(db: Executor): Promise<{ value: T } | undefined> {
    const { rows } = await sql<{ record: KeyRecord | null }>`select ${this.record()} as record`.execute(db);
    return this.answer<T>(rows[0]?.record ?? null);
  }

  /**
   * Records the key with the reply, last in the work's transaction. A request with the same key that
   * committed first makes this throw KeyTaken, which rolls the work back (the insert waits for that
   * request's commit, so the two never both commit); a claim left long ago by a request cut short
   * is taken over. `also` is the work's last write, run in the same statement.
   */
  async save(trx: Transaction<Database>, result: unknown, also?: RawBuilder<unknown>): Promise<void> {
    const now = this.deps.clock.now();
    const { route, hash } = this.asked;
    const record = sql`insert into idempotency_requests as r
        (user_id, key, route, request_hash, status_code, response, created_at, completed_at)
      values (${this.userId}, ${this.key}, ${route}, ${hash}, 200, ${JSON.stringify(result)}, ${now}, ${now})
      on conflict (user_id, key) do update set route = excluded.route, request_hash = excluded.request_hash,
        status_code = 200, response = excluded.response, created_at = excluded.created_at, completed_at = excluded.completed_at
        where r.response is null and r.created_at < ${addSeconds(now, -ABANDONED_AFTER_SECONDS)}
      returning key`;
    // The work's own last write rides along (`also`, a data-modifying statement): one round trip less while its locks are held.
    const { rows } = await sql`with ${also ? sql`also as (${also}), ` : sql``}saved as (${record}) select key from saved`.execute(trx);
    if (rows.length !== 1) throw new KeyTaken();
  }
}

/**
 * `once` for a route whose work is one transaction that calls `keyed.save`: the work runs with the
 * key, and reads its record first (answering a repeat from it). Two requests with one key at the
 * same moment: the one that commits second rolls back at its `save` (or at its business row's own
 * key) with KeyTaken, and runs once more, which finds the first's record and answers as a repeat
 * after it would: the first reply, or IDEMPOTENCY_KEY_REUSED for a different request.
 */
export async function onceInTransaction<T>(
  deps: { clock: Clock },
  request: FastifyRequest,
  reply: FastifyReply,
  userId: string,
  run: (keyed: KeyedRequest) => Promise<T>,
): Promise<T> {
  const keyed = new KeyedRequest(deps, reply, userId, keyOf(request));
  try {
    return await run(keyed);
  } catch (error) {
    if (!(error instanceof KeyTaken)) throw error;
  }
  try {
    return await run(keyed);
  } catch (error) {
    // Taken twice over: only a request cut short and retried at once can do that; the client asks again.
    if (error instanceof KeyTaken) throw new AppError('IDEMPOTENCY_IN_PROGRESS');
    throw error;
  }
}

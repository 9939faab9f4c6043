import { createHash } from 'node:crypto';
import { type Approval, type ApprovalStatus, rolesAllow } from '@wallet/contract';
import { sql, type Transaction } from 'kysely';
import type { Clock } from '../../platform/clock';
import type { Db, Executor } from '../../platform/db/database';
import type { Database } from '../../platform/db/schema';
import { AppError } from '../../platform/errors';
import { type PreviewPosting, previewPostings } from '../ledger';
import { canonicalJson, recordOperatorAudit } from '../operators/audit-chain';
import type { OperatorContext } from '../operators/context';
import { readSetting } from '../operators/settings';
import type { ApprovalKind, FourEyes } from './kinds';
import { type ApprovalFilters, type ApprovalRow, countPending, findApproval, listApprovals, lockPending } from './queries';

/**
 * Four-eyes approvals (ADR 0034): an action that needs a second operator is stored as the exact
 * canonical payload and its SHA-256; approving runs that payload and nothing else, once, for a
 * checker who is not the maker (the database refuses it too: approval_requests_four_eyes). One
 * registry per app: modules define their kinds on it, so apps built side by side (tests) share nothing.
 */
export interface ApprovalsDeps {
  db: Db;
  clock: Clock;
}

const FOUR_EYES_CONSTRAINT = 'approval_requests_four_eyes';
const HOUR_MS = 3_600_000;

/** Thrown inside the approval's transaction when the action itself refused: rolls it back, then the request ends 'failed'. */
class ActionFailed extends Error {
  constructor(readonly appError: AppError) {
    super(appError.code);
  }
}

export function payloadHashOf(canonical: string): string {
  return createHash('sha256').update(canonical).digest('hex');
}

/** The approvals waiting for a checker, for the console's dashboard queue. */
export function pendingApprovalCount(db: Executor, now: Date): Promise<number> {
  return countPending(db, now);
}

export function createApprovals(deps: ApprovalsDeps) {
  // biome-ignore lint/suspicious/noExplicitAny: kinds have payloads of their own types; each checks its own with its schema.
  const kinds = new Map<string, ApprovalKind<any>>();

  const kindOf = (name: string) => {
    const kind = kinds.get(name);
    if (!kind) throw new Error(`approvals: no kind ${name} defined`);
    return kind;
  };

  function view(row: ApprovalRow, viewer: OperatorContext): Approval {
    const now = deps.clock.now();
    const expired = row.status === 'pending' && row.expires_at <= now;
    const status: ApprovalStatus = expired ? 'expired' : row.status;
    const kind = kinds.get(row.kind);
    const mine = row.maker_id === viewer.operatorId;
    return {
      id: row.id,
      kind: row.kind,
      summary: row.summary,
      payload: row.payload,
      payloadHash: row.payload_hash,
      maker: { id: row.maker_id, email: row.maker_email },
      checker: row.checker_id ? { id: row.checker_id, email: row.checker_email ?? '' } : null,
      status,
      reason: row.reason,
      result: row.result ?? null,
      errorCode: row.error_code,
      createdAt: row.created_at.toISOString(),
      expiresAt: row.expires_at.toISOString(),
      decidedAt: row.decided_at?.toISOString() ?? null,
      mine,
      canDecide: status === 'pending' && !mine && kind !== undefined && rolesAllow(viewer.roles, kind.permission),
    };
  }

  async function load(id: string, viewer: OperatorContext): Promise<Approval> {
    const row = await findApproval(deps.db, id);
    if (!row) throw new AppError('APPROVAL_NOT_FOUND');
    return view(row, viewer);
  }

  const fourEyesOf = (row: { id: string; maker_id: string }, makerEmail: string): FourEyes => ({
    approvalId: row.id,
    maker: { id: row.maker_id, email: makerEmail },
  });

  return {
    /** Adds a kind; a module calls this once as the app is built. */
    define<P>(kind: ApprovalKind<P>): void {
      if (kinds.has(kind.kind)) throw new Error(`approvals: kind ${kind.kind} defined twice`);
      kinds.set(kind.kind, kind);
    },

    /** Stores the request as its canonical payload and hash, audited; the route answers 202 with it. */
    async request<P>(
      maker: OperatorContext,
      kindName: string,
      asked: P,
      /** onReplay: told when the Idempotency-Key found the request made before (the route says so in its reply). */
      options: { requestKey?: string; onReplay?: () => void } = {},
    ): Promise<Approval> {
      const kind = kindOf(kindName) as ApprovalKind<P>;
      if (!rolesAllow(maker.roles, kind.permission)) throw new AppError('FORBIDDEN');
      const payload = kind.schema.parse(asked);
      const canonical = canonicalJson(payload);
      const now = deps.clock.now();
      const id = await deps.db.transaction().execute(async (trx) => {
        if (options.requestKey !== undefined) {
          const earlier = await earlierRequest(trx, maker.operatorId, kind.kind, options.requestKey);
          if (earlier) {
            if (earlier.payload_hash !== payloadHashOf(canonical)) throw new AppError('IDEMPOTENCY_KEY_REUSED');
            options.onReplay?.();
            return earlier.id;
          }
        }
        const hours = Number(await readSetting(trx, 'approvals.expiry_hours'));
        const { id } = await trx
          .insertInto('approval_requests')
          .values({
            kind: kind.kind,
            payload: canonical,
            payload_hash: payloadHashOf(canonical),
            summary: kind.summary(payload),
            maker_id: maker.operatorId,
            checker_id: null,
            reason: null,
            result: null,
            error_code: null,
            created_at: now,
            expires_at: new Date(now.getTime() + hours * HOUR_MS),
            decided_at: null,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await recordOperatorAudit(trx, maker, {
          action: 'approval.request',
          object: `approval:${id}`,
          memberUid: kind.memberUid?.(payload) ?? null,
          after: { kind: kind.kind, payload: JSON.parse(canonical), payloadHash: payloadHashOf(canonical) },
        });
        return id;
      });
      return load(id, maker);
    },

    list(
      viewer: OperatorContext,
      filters: {
        status?: ApprovalStatus | undefined;
        kind?: string | undefined;
        /** waiting: what this operator may decide (not their own); mine: what they asked for. */
        view?: 'waiting' | 'mine' | 'all' | undefined;
        page: number;
        pageSize: number;
      },
    ) {
      const { status, kind, view: queue, page, pageSize } = filters;
      const decidable = [...kinds.values()].filter((k) => rolesAllow(viewer.roles, k.permission)).map((k) => k.kind);
      const asked: ApprovalFilters = {
        ...(status ? { status } : {}),
        ...(kind ? { kind } : {}),
        ...(queue === 'mine' ? { maker: viewer.operatorId } : {}),
        ...(queue === 'waiting' ? { checker: { id: viewer.operatorId, kinds: decidable } } : {}),
      };
      return listApprovals(deps.db, asked, deps.clock.now(), page, pageSize).then(({ rows, total }) => ({
        items: rows.map((row) => view(row, viewer)),
        total,
      }));
    },

    load,

    /** The request and, for a money kind, the postings approving it would make now. */
    async detail(viewer: OperatorContext, id: string) {
      const row = await findApproval(deps.db, id);
      if (!row) throw new AppError('APPROVAL_NOT_FOUND');
      const approval = view(row, viewer);
      const kind = kinds.get(row.kind);
      if (!kind?.preview || approval.status !== 'pending') return { approval, preview: null };
      const preview = kind.preview;
      const payload = kind.schema.parse(row.payload);
      const fourEyes = fourEyesOf(row, row.maker_email);
      try {
        const postings: PreviewPosting[] = await previewPostings(deps.db, (trx) => preview(trx, payload, viewer, fourEyes));
        return { approval, preview: { postings, errorCode: null } };
      } catch (error) {
        if (error instanceof AppError) return { approval, preview: { postings: [], errorCode: error.code } };
        throw error;
      }
    },

    /**
     * Runs the stored payload once. The request row is locked while pending, unexpired and with the
     * hash the checker reviewed, so of many approvals at once one runs it and the rest find it decided.
     * An action that refuses (an AppError) leaves the request 'failed' with its code, and nothing of its own.
     */
    async approve(checker: OperatorContext, id: string, payloadHash: string): Promise<Approval> {
      mayDecideSome(checker);
      const row = await findApproval(deps.db, id);
      if (!row) throw new AppError('APPROVAL_NOT_FOUND');
      const kind = kindOf(row.kind);
      if (!rolesAllow(checker.roles, kind.permission)) throw new AppError('FORBIDDEN');
      // The database refuses it as well (approval_requests_four_eyes); this only makes the refusal clean.
      if (row.maker_id === checker.operatorId) throw new AppError('APPROVAL_OWN_REQUEST');
      await refuseUndecidable(row, payloadHash);
      const fourEyes = fourEyesOf(row, row.maker_email);
      const now = deps.clock.now();
      let result: unknown;
      try {
        result = await deps.db.transaction().execute(async (trx) => {
          const locked = await lockPending(trx, id, payloadHash, now);
          if (!locked) throw new AppError('APPROVAL_NOT_PENDING');
          const payload = kind.schema.parse(locked.payload);
          let done: unknown;
          try {
            done = (await kind.run(trx, payload, checker, fourEyes)) ?? null;
          } catch (error) {
            if (error instanceof AppError) throw new ActionFailed(error);
            throw error;
          }
          await decide(trx, id, { status: 'approved', checker_id: checker.operatorId, decided_at: now, result: JSON.stringify(done) });
          await recordOperatorAudit(trx, checker, {
            action: 'approval.approve',
            object: `approval:${id}`,
            memberUid: kind.memberUid?.(payload) ?? null,
            before: { status: 'pending' },
            after: { status: 'approved', kind: kind.kind, maker: row.maker_email, payloadHash, result: done },
          });
          return done;
        });
      } catch (error) {
        if (!(error instanceof ActionFailed)) throw error;
        await recordFailure(checker, row, kind, payloadHash, error.appError);
        return load(id, checker);
      }
      await kind.afterCommit?.(kind.schema.parse(row.payload), result);
      return load(id, checker);
    },

    async reject(checker: OperatorContext, id: string, reason: string): Promise<Approval> {
      mayDecideSome(checker);
      const row = await findApproval(deps.db, id);
      if (!row) throw new AppError('APPROVAL_NOT_FOUND');
      const kind = kindOf(row.kind);
      if (!rolesAllow(checker.roles, kind.permission)) throw new AppError('FORBIDDEN');
      if (row.maker_id === checker.operatorId) throw new AppError('APPROVAL_OWN_REQUEST');
      await refuseUndecidable(row, row.payload_hash);
      const now = deps.clock.now();
      await deps.db.transaction().execute(async (trx) => {
        if (!(await lockPending(trx, id, row.payload_hash, now))) throw new AppError('APPROVAL_NOT_PENDING');
        await decide(trx, id, { status: 'rejected', checker_id: checker.operatorId, decided_at: now, reason });
        await recordOperatorAudit(trx, checker, {
          action: 'approval.reject',
          object: `approval:${id}`,
          memberUid: kind.memberUid?.(kind.schema.parse(row.payload)) ?? null,
          before: { status: 'pending' },
          after: { status: 'rejected', kind: kind.kind, maker: row.maker_email },
          reason,
        });
      });
      return load(id, checker);
    },
  };

  /** An operator who may decide no kind at all (support, auditors) is refused before anything is looked up. */
  function mayDecideSome(operator: OperatorContext) {
    if (![...kinds.values()].some((kind) => rolesAllow(operator.roles, kind.permission))) throw new AppError('FORBIDDEN');
  }

  /**
   * A request the maker already made with this Idempotency-Key (kept in its payload as requestKey).
   * Asked twice at once, the second waits on the lock and then finds the first.
   */
  async function earlierRequest(trx: Transaction<Database>, makerId: string, kind: string, requestKey: string) {
    await sql`select pg_advisory_xact_lock(hashtextextended(${`approval:${makerId}:${kind}:${requestKey}`}, 0))`.execute(trx);
    return trx
      .selectFrom('approval_requests')
      .select(['id', 'payload_hash'])
      .where('maker_id', '=', makerId)
      .where('kind', '=', kind)
      .where(sql<string>`payload->>'requestKey'`, '=', requestKey)
      .executeTakeFirst();
  }

  /** Why a request cannot be decided, as its own error; a request found past its time is marked expired. */
  async function refuseUndecidable(row: ApprovalRow, payloadHash: string) {
    if (row.status !== 'pending') throw new AppError('APPROVAL_NOT_PENDING');
    if (row.payload_hash !== payloadHash) throw new AppError('APPROVAL_PAYLOAD_CHANGED');
    const now = deps.clock.now();
    if (row.expires_at <= now) {
      await deps.db
        .updateTable('approval_requests')
        .set({ status: 'expired', decided_at: now })
        .where('id', '=', row.id)
        .where('status', '=', 'pending')
        .execute();
      throw new AppError('APPROVAL_EXPIRED');
    }
  }

  /** The one write that decides a request; the database holds four eyes here whatever the code above checked. */
  async function decide(
    trx: Transaction<Database>,
    id: string,
    changes: {
      status: 'approved' | 'rejected' | 'failed';
      checker_id: string;
      decided_at: Date;
      result?: string;
      reason?: string;
      error_code?: string;
    },
  ) {
    try {
      await trx.updateTable('approval_requests').set(changes).where('id', '=', id).where('status', '=', 'pending').execute();
    } catch (error) {
      if (isFourEyesViolation(error)) throw new AppError('APPROVAL_OWN_REQUEST', undefined, { cause: error });
      throw error;
    }
  }

  async function recordFailure(
    checker: OperatorContext,
    row: ApprovalRow,
    // biome-ignore lint/suspicious/noExplicitAny: any kind's payload.
    kind: ApprovalKind<any>,
    payloadHash: string,
    failure: AppError,
  ) {
    const now = deps.clock.now();
    await deps.db.transaction().execute(async (trx) => {
      // Another approval of the same request may have ended it meanwhile: then it is theirs.
      if (!(await lockPending(trx, row.id, payloadHash, now))) throw new AppError('APPROVAL_NOT_PENDING');
      await decide(trx, row.id, { status: 'failed', checker_id: checker.operatorId, decided_at: now, error_code: failure.code });
      await recordOperatorAudit(trx, checker, {
        action: 'approval.fail',
        object: `approval:${row.id}`,
        memberUid: kind.memberUid?.(kind.schema.parse(row.payload)) ?? null,
        before: { status: 'pending' },
        after: { status: 'failed', kind: kind.kind, maker: row.maker_email, errorCode: failure.code },
      });
    });
  }
}

export type Approvals = ReturnType<typeof createApprovals>;

/** A check violation (23514) of the four-eyes constraint, as pg reports it. */
export function isFourEyesViolation(error: unknown): boolean {
  const pg = error as { code?: string; constraint?: string } | null;
  return pg?.code === '23514' && pg.constraint === FOUR_EYES_CONSTRAINT;
}

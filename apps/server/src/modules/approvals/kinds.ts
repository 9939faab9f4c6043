import type { Permission } from '@wallet/contract';
import type { Transaction } from 'kysely';
import type { z } from 'zod';
import type { Database } from '../../platform/db/schema';
import type { OperatorContext } from '../operators/context';

/** The request being carried out, as an action's own audit entry names it. */
export interface FourEyes {
  approvalId: string;
  maker: { id: string; email: string };
}

/**
 * An action that needs a second operator (ADR 0034). The module that owns the action defines it on
 * the app's registry (createApprovals); later issues add their own kinds the same way.
 */
export interface ApprovalKind<P> {
  kind: string;
  /** What the checker must be allowed to do; the maker needed it to ask as well. */
  permission: Permission;
  /** Checks a payload as asked and again as stored, before it runs. */
  schema: z.ZodType<P>;
  /** One line for the queue, in English (operators' language of record). */
  summary(payload: P): string;
  /** The member concerned, for the audit entries' member filter. */
  memberUid?(payload: P): string | null;
  /** Does the action, in the approval's transaction, as `checker`; audits it there. Returns what the request stores as result. */
  run(trx: Transaction<Database>, payload: P, checker: OperatorContext, fourEyes: FourEyes): Promise<unknown>;
  /** For money actions: shown before approving as the ledger postings it makes (run in a transaction rolled back). */
  preview?(trx: Transaction<Database>, payload: P, viewer: OperatorContext, fourEyes: FourEyes): Promise<unknown>;
  /** After the approval committed (a wake-up of a sender): never part of the money. */
  afterCommit?(payload: P, result: unknown): Promise<void>;
}

/** What the audit entries of an action done through four eyes add to its `after`. */
export const fourEyesNote = (fourEyes: FourEyes | undefined) =>
  fourEyes ? { approvalId: fourEyes.approvalId, maker: fourEyes.maker.email } : {};

import type { BreakCause, BreakKind, Currency } from '@wallet/contract';
import type { z } from 'zod';
import type { Db } from '../../platform/db/database';
import type { ReconSource, SnapshotReserve, SourcePoint } from '../../platform/db/schema-books';

/**
 * What the books need from each outside source (issue 45, ADR 0037). A source reads the outside
 * world (a chain, the card issuer, the payout partner) outside any database transaction and answers
 * with where it stood (its point) and every difference it found. It never answers "nothing found"
 * when it could not read: it throws SourceUnavailable, and the run fails as an engine error.
 */

/** One difference as a source found it; the run turns it into a break under its identity. */
export interface Difference {
  /**
   * Stable across runs: the same difference found again has the same identity, e.g.
   * `chain:balance:BSC:USDT`, `chain:transfer:BSC:<tx>:<index>`, `issuer:card:<cardId>`,
   * `issuer:float:USD`, `payout:paid_twice:<orderId>`.
   */
  identity: string;
  source: ReconSource;
  kind: BreakKind;
  network: string | null;
  currency: Currency;
  /** What it is about: a card id, a transaction hash, an order id; null for totals. */
  subject: string | null;
  /** The ledger's side and the outside's side, exact decimal strings (null when one side has no figure). */
  expected: string | null;
  observed: string | null;
  /** observed - expected, exact; zero only when one side has no figure (something one side lacks). */
  difference: string;
  cause: BreakCause;
  details: Record<string, unknown>;
}

/** An open break of this source, which the source must check again (and report again if it still differs). */
export interface OpenBreak {
  identity: string;
  kind: BreakKind;
  network: string | null;
  currency: string;
  subject: string | null;
  details: Record<string, unknown>;
}

export interface SourceReading {
  /** Where the source stood: one point per network and currency for chains, one for the issuer, one for the partner. */
  points: SourcePoint[];
  differences: Difference[];
}

export interface ReadInput {
  db: Db;
  cutoffAt: Date;
  runId: string;
  /** This source's breaks that are open now: each must be checked again (found again, or it resolves). */
  open: OpenBreak[];
  /** The points of the last completed run, for sources that read a window since then (chain transfers). */
  previousPoints: SourcePoint[];
}

export interface BooksSource {
  source: ReconSource;
  /** Compares the ledger with the outside world at the cut-off. Throws SourceUnavailable when it cannot read. */
  reconcile(input: ReadInput): Promise<SourceReading>;
  /** What this source holds for the platform at the cut-off (proof of reserves). Throws SourceUnavailable when it cannot read. */
  reserves(input: { db: Db; cutoffAt: Date }): Promise<SnapshotReserve[]>;
}

/** A source that could not be read: the run fails, naming it; nothing reads as matched. */
export class SourceUnavailable extends Error {
  constructor(
    readonly source: string,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'SourceUnavailable';
  }
}

/**
 * One call to an outside party, checked against the shape we expect: any failure to read (down, a
 * bad answer) throws SourceUnavailable naming the party, so nothing ever reads as matched.
 */
export async function readSource<T>(
  party: { source: ReconSource; name: string },
  what: string,
  call: () => Promise<unknown>,
  schema: z.ZodType<T>,
): Promise<T> {
  let answer: unknown;
  try {
    answer = await call();
  } catch (error) {
    throw new SourceUnavailable(party.source, `the ${party.name} could not be read (${what}): ${(error as Error).message}`, {
      cause: error,
    });
  }
  const parsed = schema.safeParse(answer);
  if (!parsed.success) throw new SourceUnavailable(party.source, `the ${party.name} answered ${what} in a shape we do not know`);
  return parsed.data;
}

import type { MyProofs } from '@wallet/contract';
import { type CheckFailure, checkMemberProof, type PublishedLine } from './check-proof';

/** The latest published snapshot as the history's first item gives it: its id and each currency's root and total. */
export type LatestSnapshot = { id: string; lines: PublishedLine[] } | null;

export type ProofReport = {
  snapshotId: string;
  results: Array<{ currency: string; ok: boolean; failure: CheckFailure | null }>;
};

export type AutoCheckDeps = {
  uid: () => Promise<string>;
  latest: () => Promise<LatestSnapshot>;
  /** The published snapshot `id` when the member's proofs are of another one than `latest` gave. */
  snapshot: (id: string) => Promise<{ lines: PublishedLine[] }>;
  mine: () => Promise<MyProofs>;
  report: (report: ProofReport) => Promise<void>;
  storage: Pick<Storage, 'getItem' | 'setItem'>;
};

export type AutoCheckOutcome = 'no_snapshot' | 'checked_before' | 'not_included' | 'checked_elsewhere' | 'reported';

/** Per member, the snapshot this browser last checked: a member sharing a phone never skips another's check. */
export const checkedKey = (uid: string) => `sbc-reserves-checked:${uid}`;

/**
 * The app's own check of the member's proofs, once per snapshot and without a tap. It costs one small
 * read (the latest snapshot's id) when nothing is new; only a snapshot this browser has not checked
 * yet fetches the proofs. Proofs the server already holds a result for (checked on another device)
 * are not checked again; every other result, failures included, is reported. The snapshot is noted
 * as checked only after the report went through, so a failed report is tried again on the next open.
 */
export async function autoCheck(deps: AutoCheckDeps): Promise<AutoCheckOutcome> {
  const [uid, latest] = await Promise.all([deps.uid(), deps.latest()]);
  if (!latest) return 'no_snapshot';
  const key = checkedKey(uid);
  if (deps.storage.getItem(key) === latest.id) return 'checked_before';
  const mine = await deps.mine();
  if (!mine.snapshot) return 'no_snapshot';
  const snapshotId = mine.snapshot.id;
  const unchecked = mine.proofs.filter((proof) => !mine.checked[proof.currency]);
  let outcome: AutoCheckOutcome = mine.proofs.length === 0 ? 'not_included' : 'checked_elsewhere';
  if (unchecked.length > 0) {
    const lines = snapshotId === latest.id ? latest.lines : (await deps.snapshot(snapshotId)).lines;
    const results = unchecked.map((proof) => {
      const check = checkMemberProof(proof, uid, lines);
      return { currency: proof.currency, ok: check.ok, failure: check.failure ?? null };
    });
    await deps.report({ snapshotId, results });
    outcome = 'reported';
  }
  deps.storage.setItem(key, snapshotId);
  return outcome;
}

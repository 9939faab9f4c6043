import {
  CURRENCIES,
  type Currency,
  type ProofCheck,
  type ProofFailure,
  type ReservesProof,
  toUnits,
  verifyReservesProof,
} from '@wallet/contract';

/** What the published snapshot says of one currency: its root and what is owed in all. */
export type PublishedLine = { currency: string; root: string; liabilities: string };

/**
 * Why a check failed: the verifier's codes, and three more from comparing the proof's root with the
 * one the public page publishes (a proof that checks against a root no one else sees proves nothing).
 */
export type CheckFailure = ProofFailure | 'not_published' | 'published_root_mismatch' | 'published_total_mismatch';

export type MemberCheck = Omit<ProofCheck, 'failure'> & {
  failure?: CheckFailure;
  /** Whether the proof's root is the published one (hash) and its sum the published total; null when not reached. */
  published: { hash: boolean; total: boolean } | null;
};

/**
 * Checks a member's proof as their app does: the contract's verifier, expecting the member's own UID,
 * then the root it reaches against the root and total published for everyone on the public page.
 */
export function checkMemberProof(proof: ReservesProof, uid: string, lines: readonly PublishedLine[]): MemberCheck {
  const check = verifyReservesProof(proof, { uid });
  if (!check.ok) return { ...check, published: null };
  const line = lines.find((candidate) => candidate.currency === proof.currency);
  if (!line) return { ...check, ok: false, failure: 'not_published', published: null };
  const hash = line.root === proof.root.hash;
  const total = publishedUnits(line.liabilities, proof.currency) === proof.root.sum;
  const failure: CheckFailure | undefined = !hash ? 'published_root_mismatch' : !total ? 'published_total_mismatch' : undefined;
  return { ok: failure === undefined, steps: check.steps, failure, published: { hash, total } };
}

function publishedUnits(liabilities: string, currency: string): string | null {
  if (!Object.hasOwn(CURRENCIES, currency)) return null;
  try {
    return toUnits(liabilities, currency as Currency).toString();
  } catch {
    return null;
  }
}

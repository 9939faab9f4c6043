import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { type Currency, fromUnits, type ProofFailure, type ReservesProof, verifyReservesProof } from '@wallet/contract';

/**
 * `npm run verify-proof -- FILE`: checks a proof-of-reserves inclusion proof downloaded from the app
 * (issue 45) with the same verifier the app runs, without the app or the server. Prints each node as
 * recomputed from the leaf up, then whether the result is the published root.
 */

const FAILURES: Record<ProofFailure, string> = {
  malformed: 'the file is not a proof this verifier reads (a field is missing or not in its format)',
  unknown_currency: 'the proof names a currency this verifier does not know',
  balance_mismatch: 'the balance in the proof does not match its amount in the smallest unit',
  negative_or_too_large: 'a sum in the proof is negative or too large to be committed',
  root_hash_mismatch: 'the hashes do not lead to the published root: this balance is not included in that root',
  root_sum_mismatch: "the sums do not add up to the root's total",
};

/** The verdict and the lines to print; exit code 0 when the proof holds, 1 otherwise. */
export function verifyProofText(text: string): { ok: boolean; lines: string[] } {
  let proof: ReservesProof;
  try {
    proof = JSON.parse(text) as ReservesProof;
  } catch {
    return { ok: false, lines: [`FAILED: ${FAILURES.malformed} (not JSON)`] };
  }
  const check = verifyReservesProof(proof);
  const lines: string[] = [];
  for (const [i, step] of check.steps.entries()) {
    const label = i === 0 ? 'leaf ' : `level ${i}`;
    const sibling = i === 0 ? '' : ` (sibling on the ${proof.path[i - 1]?.side}: ${proof.path[i - 1]?.hash} sum ${proof.path[i - 1]?.sum})`;
    lines.push(`${label}: hash ${step.hash} sum ${step.sum}${sibling}`);
  }
  if (!check.ok) {
    lines.push(`FAILED: ${FAILURES[check.failure ?? 'malformed']}`);
    return { ok: false, lines };
  }
  lines.push(`root : hash ${proof.root.hash} sum ${proof.root.sum} (snapshot ${proof.snapshotId}, cut-off ${proof.cutoffAt})`);
  lines.push(
    `OK: balance ${proof.leaf.balance} ${proof.currency} of member ${proof.leaf.uid} is included in root ${proof.root.hash} (total ${fromUnits(BigInt(proof.root.sum), proof.currency as Currency)} ${proof.currency})`,
  );
  return { ok: true, lines };
}

function main(args: string[]): number {
  const file = args.find((arg) => arg !== '--');
  if (!file) {
    console.error('usage: npm run verify-proof -- FILE   (a proof downloaded from the app)');
    return 1;
  }
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    console.error(`FAILED: cannot read ${file}: ${(error as Error).message}`);
    return 1;
  }
  const { ok, lines } = verifyProofText(text);
  for (const line of lines) (ok ? console.info : console.error)(line);
  return ok ? 0 : 1;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) process.exitCode = main(process.argv.slice(2));

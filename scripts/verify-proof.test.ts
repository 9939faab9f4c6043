import { execFile } from 'node:child_process';
import { randomBytes, randomInt } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import {
  buildLevels,
  fromUnits,
  leafNode,
  pathOf,
  RESERVES_PROOF_VERSION,
  type ReservesProof,
  saltToHex,
  verifyReservesProof,
} from '@wallet/contract';
import { expect, it } from 'vitest';
import { buildPackedLevels, NODE_BYTES, nodeSha256, packLevel, unpackNode } from '../apps/server/src/modules/books/reserves/packing';
import { siblingOffset, stepAt } from '../apps/server/src/modules/books/reserves/proofs';
import { verifyProofText } from './verify-proof';

/**
 * The server, the app's verifier and the command line agree (issue 45): on 1,000 random trees, each
 * proof as the server assembles it from stored levels (the same 48-byte slices its SQL reads) is the
 * builder's path, and verifies in the contract's verifier; the command line agrees in-process on some
 * and as a child process on a file.
 */

const ROOT = fileURLToPath(new URL('../', import.meta.url));

function storedProofs(size: number): ReservesProof[] {
  const leaves = Array.from({ length: size }, (_, i) => ({
    uid: String(10_000_000 + i),
    currency: 'USDT' as const,
    units: BigInt(randomInt(0, 2 ** 40)),
    salt: randomBytes(32),
  }));
  // Built as the server builds (packed, Node's SHA-256), checked as the app checks (the contract's own).
  const stored = buildPackedLevels(packLevel(leaves.map((leaf) => leafNode(leaf, nodeSha256))));
  const root = unpackNode(stored[stored.length - 1] as Buffer);
  const levels = buildLevels(leaves.map((leaf) => leafNode(leaf)));
  return leaves.map((leaf, index) => {
    const path = stored.slice(0, -1).map((bytes, level) => {
      const at = siblingOffset(index, level);
      return stepAt(index, level, bytes.subarray(at, at + NODE_BYTES));
    });
    expect(path).toEqual(pathOf(levels, index));
    return {
      version: RESERVES_PROOF_VERSION,
      snapshotId: '00000000-0000-0000-0000-000000000001',
      cutoffAt: '2026-01-01T00:00:00.000Z',
      currency: 'USDT',
      leaf: { uid: leaf.uid, balance: fromUnits(leaf.units, 'USDT'), units: leaf.units.toString(), salt: saltToHex(leaf.salt), index },
      path,
      root: { hash: saltToHex(root.hash), sum: root.sum.toString() },
    };
  });
}

it('agrees with the server on 1,000 random trees, in-process and as a command', async () => {
  let checked = 0;
  let sample: ReservesProof | undefined;
  for (let tree = 0; tree < 1000; tree++) {
    const proofs = storedProofs(randomInt(1, 40));
    for (const proof of proofs) {
      expect(verifyReservesProof(proof, { uid: proof.leaf.uid, balance: proof.leaf.balance }).ok).toBe(true);
      checked++;
    }
    if (tree % 100 === 0) {
      const proof = proofs[randomInt(proofs.length)] as ReservesProof;
      const cli = verifyProofText(JSON.stringify(proof));
      expect(cli.ok).toBe(true);
      expect(cli.lines.at(-1)).toMatch(
        new RegExp(`^OK: balance ${proof.leaf.balance} USDT of member ${proof.leaf.uid} is included in root ${proof.root.hash}`),
      );
      const tampered = { ...proof, leaf: { ...proof.leaf, salt: saltToHex(randomBytes(32)) } };
      expect(verifyReservesProof(tampered).ok).toBe(false);
      expect(verifyProofText(JSON.stringify(tampered))).toMatchObject({ ok: false });
      sample = proofs.length > 3 ? proof : (sample ?? proof);
    }
  }
  expect(checked).toBeGreaterThan(1000);

  const dir = mkdtempSync(join(tmpdir(), 'verify-proof-'));
  const good = join(dir, 'proof.json');
  const bad = join(dir, 'tampered.json');
  const proof = sample as ReservesProof;
  writeFileSync(good, JSON.stringify(proof, null, 2));
  writeFileSync(bad, JSON.stringify({ ...proof, leaf: { ...proof.leaf, balance: '1', units: '1000000' } }));
  const run = promisify(execFile);
  const tsx = join(ROOT, 'node_modules/.bin/tsx');
  const ok = await run(tsx, ['scripts/verify-proof.ts', good], { cwd: ROOT });
  expect(ok.stdout).toContain(`OK: balance ${proof.leaf.balance} USDT of member ${proof.leaf.uid} is included in root ${proof.root.hash}`);
  expect(ok.stdout).toContain('leaf : hash');
  const failed = await run(tsx, ['scripts/verify-proof.ts', bad], { cwd: ROOT }).catch((error: { code: number; stderr: string }) => error);
  expect(failed).toMatchObject({ code: 1, stderr: expect.stringContaining('FAILED: the hashes do not lead to the published root') });
}, 120_000);

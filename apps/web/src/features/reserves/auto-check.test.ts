import { randomBytes } from 'node:crypto';
import {
  buildLevels,
  fromUnits,
  leafNode,
  type MyProofs,
  pathOf,
  RESERVES_PROOF_VERSION,
  type ReservesProof,
  rootOf,
  saltToHex,
} from '@wallet/contract';
import { describe, expect, it } from 'vitest';
import { type AutoCheckDeps, autoCheck, checkedKey, type ProofReport } from './auto-check';
import { checkMemberProof } from './check-proof';

const SNAPSHOT = '6f1c1e0e-8f57-4c39-9a57-3f1f5b0b8a11';
const UID = '10000042';

/** A USDT tree of three members as the server builds it, and the proof of the member at `index`. */
function tree(index = 1) {
  const members = [
    { uid: '10000001', units: 5_000_000n },
    { uid: UID, units: 1_250_500_000n },
    { uid: '10000003', units: 7n },
  ].map((m) => ({ ...m, salt: randomBytes(32) }));
  const levels = buildLevels(members.map((m) => leafNode({ uid: m.uid, currency: 'USDT', units: m.units, salt: m.salt })));
  const root = rootOf(levels);
  const member = members[index] ?? members[0];
  if (!member) throw new Error('no member');
  const proof: ReservesProof = {
    version: RESERVES_PROOF_VERSION,
    snapshotId: SNAPSHOT,
    cutoffAt: '2026-12-05T00:00:00.000Z',
    currency: 'USDT',
    leaf: {
      uid: member.uid,
      balance: fromUnits(member.units, 'USDT'),
      units: member.units.toString(),
      salt: saltToHex(member.salt),
      index,
    },
    path: pathOf(levels, index),
    root: { hash: saltToHex(root.hash), sum: root.sum.toString() },
  };
  const line = { currency: 'USDT', root: proof.root.hash, liabilities: fromUnits(root.sum, 'USDT') };
  return { proof, line };
}

function deps(overrides: Partial<AutoCheckDeps> & { proofs?: ReservesProof[]; checked?: MyProofs['checked'] } = {}) {
  const { proof, line } = tree();
  const stored = new Map<string, string>();
  const reports: ProofReport[] = [];
  const calls = { mine: 0, snapshot: 0 };
  const all: AutoCheckDeps = {
    uid: async () => UID,
    latest: async () => ({ id: SNAPSHOT, lines: [line] }),
    snapshot: async () => {
      calls.snapshot += 1;
      return { lines: [line] };
    },
    mine: async () => {
      calls.mine += 1;
      return {
        snapshot: { id: SNAPSHOT, cutoffAt: proof.cutoffAt },
        proofs: overrides.proofs ?? [proof],
        checked: overrides.checked ?? {},
      };
    },
    report: async (report) => {
      reports.push(report);
    },
    storage: { getItem: (key) => stored.get(key) ?? null, setItem: (key, value) => void stored.set(key, value) },
    ...overrides,
  };
  return { all, stored, reports, calls, proof, line };
}

describe('the app checks the member proof by itself', () => {
  it('verifies the proof against the published root and reports it once per snapshot', async () => {
    const { all, reports, stored, calls } = deps();
    expect(await autoCheck(all)).toBe('reported');
    expect(reports).toEqual([{ snapshotId: SNAPSHOT, results: [{ currency: 'USDT', ok: true, failure: null }] }]);
    expect(stored.get(checkedKey(UID))).toBe(SNAPSHOT);
    // The next open costs the latest snapshot's id only.
    expect(await autoCheck(all)).toBe('checked_before');
    expect(calls.mine).toBe(1);
    expect(reports).toHaveLength(1);
  });

  it('reports a proof whose balance was changed as a failure, with its code', async () => {
    const { proof } = tree();
    const forged = { ...proof, leaf: { ...proof.leaf, balance: '1251.5', units: '1251500000' } };
    const { all, reports } = deps({ proofs: [forged] });
    expect(await autoCheck(all)).toBe('reported');
    expect(reports[0]?.results).toEqual([{ currency: 'USDT', ok: false, failure: 'root_hash_mismatch' }]);
  });

  it("fails a proof of another member's UID", async () => {
    const { proof } = tree(0);
    const { all, reports } = deps({ proofs: [proof] });
    await autoCheck(all);
    expect(reports[0]?.results[0]).toMatchObject({ ok: false, failure: 'balance_mismatch' });
  });

  it('fails a proof whose root is not the published one, or whose total is not the published total', () => {
    const { proof, line } = tree();
    expect(checkMemberProof(proof, UID, [line])).toMatchObject({ ok: true, published: { hash: true, total: true } });
    const otherRoot = { ...line, root: 'ab'.repeat(32) };
    expect(checkMemberProof(proof, UID, [otherRoot])).toMatchObject({ ok: false, failure: 'published_root_mismatch' });
    const otherTotal = { ...line, liabilities: '1.5' };
    expect(checkMemberProof(proof, UID, [otherTotal])).toMatchObject({ ok: false, failure: 'published_total_mismatch' });
    expect(checkMemberProof(proof, UID, [])).toMatchObject({ ok: false, failure: 'not_published' });
  });

  it('does not check again what another device of the member reported', async () => {
    const { all, reports, stored } = deps({ checked: { USDT: { ok: true, at: '2026-12-05T01:00:00.000Z' } } });
    expect(await autoCheck(all)).toBe('checked_elsewhere');
    expect(reports).toEqual([]);
    expect(stored.get(checkedKey(UID))).toBe(SNAPSHOT);
  });

  it('notes a member without a proof in the snapshot, without reporting anything', async () => {
    const { all, reports, stored } = deps({ proofs: [] });
    expect(await autoCheck(all)).toBe('not_included');
    expect(reports).toEqual([]);
    expect(stored.get(checkedKey(UID))).toBe(SNAPSHOT);
  });

  it('does nothing before the first snapshot', async () => {
    const { all, calls } = deps({ latest: async () => null });
    expect(await autoCheck(all)).toBe('no_snapshot');
    expect(calls.mine).toBe(0);
  });

  it('tries again on the next open when the report did not go through', async () => {
    const failing = deps({
      report: async () => {
        throw new Error('offline');
      },
    });
    await expect(autoCheck(failing.all)).rejects.toThrow('offline');
    expect(failing.stored.get(checkedKey(UID))).toBeUndefined();
  });

  it("reads the published roots of the member's snapshot when it is not the latest one", async () => {
    const { all, calls, reports } = deps({ latest: async () => ({ id: 'a-newer-one', lines: [] }) });
    expect(await autoCheck(all)).toBe('reported');
    expect(calls.snapshot).toBe(1);
    expect(reports[0]?.results[0]?.ok).toBe(true);
  });
});

import type { ReferralSignal } from '@wallet/contract';
import type { Executor } from '../../../platform/db/database';
import * as q from './queries';

/**
 * The abuse rules (issue 43): before a reward is written, its pair (beneficiary, the member whose
 * activity earned it) is checked. A pair with an open review is held; a voided one is void; a
 * cleared one pays. A pair without a review whose accounts share a bound address, a payee account,
 * a device or a card, or whose member signed up in a burst from one address, gets an open review
 * now, with what was found, and is held until an operator decides.
 */

export type PairVerdict = 'held' | 'void';

export const pairKey = (beneficiaryId: string, memberId: string) => `${beneficiaryId}:${memberId}`;

/** "TRON TLa2f6…YjU7": enough for an operator to compare, without the whole address in every list. */
export function maskAddress(network: string, address: string): string {
  return `${network} ${address.slice(0, 6)}…${address.slice(-4)}`;
}

export function signalsOf(found: q.PairFindings): ReferralSignal[] {
  const signals: ReferralSignal[] = [];
  if (found.sameAddress && found.network && found.address)
    signals.push({ kind: 'same_address', detail: maskAddress(found.network, found.address) });
  if (found.payeeMasked !== null) signals.push({ kind: 'same_payee', detail: `payee ${found.payeeMasked}` });
  if (found.deviceLabel !== null) signals.push({ kind: 'same_device', detail: found.deviceLabel });
  if (found.cardLast4 !== null) signals.push({ kind: 'same_card', detail: found.cardLast4 ? `card •••• ${found.cardLast4}` : 'card' });
  if (found.burstIp !== null && found.burstCount > q.SIGNUP_BURST_LIMIT)
    signals.push({ kind: 'signup_burst', detail: `${found.burstCount} sign-ups from ${found.burstIp} within an hour` });
  return signals;
}

const verdictOf = (status: q.ReviewStatus): PairVerdict | null => (status === 'open' ? 'held' : status === 'voided' ? 'void' : null);

/**
 * The pairs that must not pay now, keyed `${beneficiaryId}:${memberId}`; a pair absent from the map
 * pays normally. Runs in the caller's transaction (the one writing the rewards), so a review opened
 * here commits with the rewards it holds, and a decision in progress is waited for rather than missed.
 */
export async function flaggedPairs(
  trx: Executor,
  pairs: { beneficiaryId: string; memberId: string }[],
  now: Date,
): Promise<Map<string, PairVerdict>> {
  const verdicts = new Map<string, PairVerdict>();
  if (pairs.length === 0) return verdicts;
  // A batch names the same pair once per event: each is read once.
  const distinct = [...new Map(pairs.map((pair) => [pairKey(pair.beneficiaryId, pair.memberId), pair])).values()];
  const findings = await q.readPairs(trx, distinct);
  const found: (q.PairKey & { signals: ReferralSignal[] })[] = [];
  for (const row of findings) {
    if (row.reviewStatus !== null) {
      const verdict = verdictOf(row.reviewStatus);
      if (verdict) verdicts.set(pairKey(row.beneficiaryId, row.memberId), verdict);
      continue;
    }
    const signals = signalsOf(row);
    if (signals.length > 0) found.push({ beneficiaryId: row.beneficiaryId, memberId: row.memberId, signals });
  }
  if (found.length === 0) return verdicts;
  const opened = await q.openReviews(trx, found, now);
  for (const key of opened) verdicts.set(key, 'held');
  // Another batch opened the review first (it waited for that one to commit): what it says now counts.
  const raced = found.filter((pair) => !opened.has(pairKey(pair.beneficiaryId, pair.memberId)));
  if (raced.length > 0)
    for (const review of await q.reviewsOf(trx, raced)) {
      const verdict = verdictOf(review.status);
      if (verdict) verdicts.set(pairKey(review.beneficiaryId, review.memberId), verdict);
    }
  return verdicts;
}

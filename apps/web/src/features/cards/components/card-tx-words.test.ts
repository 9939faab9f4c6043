import type { CardTransaction } from '@wallet/contract';
import { describe, expect, it } from 'vitest';
import { CATALOGUES } from '../../../lib/i18n/catalogues';
import { txStatus } from './card-tx-text';

/**
 * A held amount is money waiting for the merchant to settle, not a frozen card; an authorization is a
 * merchant's request, which may be declined, not an approval. Each language's words for them must not
 * be the words for those other things, or "approval · declined" and "frozen 12.50 USD" above the
 * Freeze button is what a member reads.
 */
const FROZEN = { zh: '冻结', ko: '동결', ja: '凍結' } as const;
const APPROVED = { zh: /批准|通过/, ko: /승인/, ja: /承認/ } as const;

describe('card transaction words', () => {
  for (const language of ['zh', 'ko', 'ja'] as const) {
    const c = CATALOGUES[language];
    it(`in ${language}, a held or pending amount never reads as frozen`, () => {
      expect(c.cardPack.detail.freeze).toContain(FROZEN[language]);
      for (const text of [c.cardPack.face.held, c.cards.held, ...Object.values(c.cards.tx)]) expect(text).not.toContain(FROZEN[language]);
    });

    it(`in ${language}, an authorization never reads as an approval, so a declined one is not "approved · declined"`, () => {
      for (const text of [c.cards.tx.authorization, c.cards.tx.reversal]) expect(text).not.toMatch(APPROVED[language]);
    });
  }

  it('has a word of its own for each type and each state in every language', () => {
    for (const c of Object.values(CATALOGUES)) expect(new Set(Object.values(c.cards.tx)).size).toBe(Object.keys(c.cards.tx).length);
  });

  it('badges a declined authorization as declined, and an approved one as pending until it settles', () => {
    const tx = { approved: true, settled: false } as CardTransaction;
    expect(txStatus(tx).label).toBe('cards.tx.unsettled');
    expect(txStatus({ ...tx, settled: true }).label).toBe('cards.tx.settled');
    expect(txStatus({ ...tx, approved: false }).label).toBe('cards.tx.declined');
  });
});

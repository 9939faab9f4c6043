import type { ReadCard } from './types';

/**
 * What this process last wrote of each card it decided authorizations for: the card's version, failure
 * count and freeze, and both balances with their versions. The next batch for the same cards is then
 * decided from here without reading first, one round trip instead of two. The write still checks every
 * version (see writeDecisions), so a card changed elsewhere meanwhile costs one failed write and a fresh
 * read, never a wrong decision. Bounded: the least recently decided cards go first.
 */
export class DecidedCards {
  private readonly cards = new Map<string, ReadCard>();

  constructor(private readonly max = 100_000) {}

  /** The cards with these issuer ids when every one is known, else null. */
  lookup(issuerIds: readonly string[]): ReadCard[] | null {
    const found: ReadCard[] = [];
    for (const id of issuerIds) {
      const card = this.cards.get(id);
      if (!card) return null;
      found.push(card);
    }
    return found;
  }

  remember(cards: readonly ReadCard[]) {
    for (const card of cards) {
      const id = card.issuer_card_id as string;
      this.cards.delete(id);
      this.cards.set(id, card);
    }
    for (const id of this.cards.keys()) {
      if (this.cards.size <= this.max) break;
      this.cards.delete(id);
    }
  }

  forget(issuerIds: Iterable<string>) {
    for (const id of issuerIds) this.cards.delete(id);
  }
}

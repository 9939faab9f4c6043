import { isAmount, toMinor } from './money';
import type { SandboxStore } from './store';

export interface OpenCard {
  id: string;
  /** The app's reference for the card (its own card id). */
  reference: string;
  currency: 'USD' | 'HKD';
  /** What the card holds, a decimal string with at most 2 decimals ('0' allowed). */
  balance: string;
}

/** The one cardholder that owns bulk-made cards: the issuer's KYC is not what they are made for. */
const BULK_HOLDER = 'ich_bulk';

/**
 * Puts many open cards straight into the store, each holding its balance, with the float raised by
 * the same amounts, as if every card had been opened and loaded through the API: a benchmark or a
 * fixture of 100,000 cards is made in a blink instead of 200,000 calls. Refuses the whole lot, before
 * changing anything, if an id is already there or a balance is not an amount.
 */
export function addOpenCards(store: SandboxStore, cards: OpenCard[]): void {
  const seen = new Set<string>();
  for (const card of cards) {
    if (store.cards.has(card.id) || seen.has(card.id)) throw new Error(`card ${card.id} is already in the sandbox`);
    if (card.balance !== '0' && !isAmount(card.balance)) throw new Error(`card ${card.id}: ${card.balance} is not an amount`);
    seen.add(card.id);
  }
  if (!store.cardholders.has(BULK_HOLDER))
    store.cardholders.set(BULK_HOLDER, {
      id: BULK_HOLDER,
      reference: 'bulk',
      firstName: 'Bulk',
      lastName: 'Holder',
      email: 'bulk@sandbox.example.com',
      kycStatus: 'approved',
      kycReason: null,
      kyc: null,
    });
  const createdAt = new Date().toISOString();
  for (const card of cards) {
    const cents = toMinor(card.balance);
    store.cards.set(card.id, {
      id: card.id,
      cardholderId: BULK_HOLDER,
      reference: card.reference,
      type: 'virtual',
      currency: card.currency,
      state: 'open',
      pan: null,
      cvv: null,
      expMonth: null,
      expYear: null,
      pinSet: false,
      bound: false,
      balanceMinor: cents,
      shipping: { status: 'none', trackingNumber: null, address: null },
      createdAt,
    });
    store.moveFloat(card.currency, cents);
  }
}

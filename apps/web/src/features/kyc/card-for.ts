import type { Card } from '@wallet/contract';

/** The card KYC is about: the one named in ?id=, else the newest waiting for KYC, else the newest usable one. */
export function cardFor(cards: Card[], id: string | null): Card | undefined {
  return (
    cards.find((c) => c.id === id) ??
    cards.find((c) => c.status === 'awaiting_kyc') ??
    cards.find((c) => c.status !== 'failed' && c.status !== 'opening')
  );
}

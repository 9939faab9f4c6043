import { Decimal, type ReconBreak } from '@wallet/contract';

/** One line of the booking a break's fix posts: the ledger account and the signed amount it gets. */
export interface BookingLeg {
  account: string;
  /** Which text names the account in the dialog. */
  role: 'chainTreasury' | 'card' | 'adjustments';
  amount: string;
}

/**
 * The two legs the server posts (code 430) when a booking of `brk` is approved, as the operator must
 * see them before asking: a chain balance moves the network's treasury account against adjustments so
 * the wallets' expected balance rises by the difference; a card balance moves the card's own account.
 * Null for the kinds no booking can fix.
 */
export function bookingLegs(brk: Pick<ReconBreak, 'kind' | 'network' | 'subject' | 'difference' | 'bookable'>): BookingLeg[] | null {
  if (!brk.bookable) return null;
  const difference = new Decimal(brk.difference);
  const negated = difference.negated().toFixed();
  if (brk.kind === 'chain_balance' && brk.network) {
    return [
      { account: `chain_treasury:${brk.network}`, role: 'chainTreasury', amount: negated },
      { account: 'adjustments', role: 'adjustments', amount: difference.toFixed() },
    ];
  }
  if (brk.kind === 'card_balance' && brk.subject) {
    return [
      { account: `card:${brk.subject}`, role: 'card', amount: difference.toFixed() },
      { account: 'adjustments', role: 'adjustments', amount: negated },
    ];
  }
  return null;
}

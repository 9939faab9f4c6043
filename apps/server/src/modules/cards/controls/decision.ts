import { type CardChannel, type ControlDeclineReason, type Decimal, mccCategories } from '@wallet/contract';
import type { AuthorizationRequest, ReadCard } from '../authorizations/types';

/**
 * The member's spending controls in the authorization decision (authorizations/plan.ts), pure: the card's
 * controls come with the card in the batch's read, the month's spend so far is carried by the plan.
 */

/** How the card was used; an issuer that does not say is taken at its word for ATM cash (MCC 6011), else as a shop. */
export const channelOf = (request: AuthorizationRequest): CardChannel =>
  request.channel ?? (request.merchant.mcc === '6011' ? 'atm' : 'pos');

/**
 * Why the member's controls refuse this authorization, or null. Checked after the card's state and
 * currency and before its balance: what the member forbade is declined as such even on an empty card.
 * `monthSpent` is the card's approved spend of this month (UTC) before this authorization.
 */
export function controlDecline(
  card: Pick<ReadCard, 'per_purchase_limit' | 'monthly_limit' | 'online_enabled' | 'atm_enabled' | 'blocked_categories'>,
  request: AuthorizationRequest,
  amount: Decimal,
  monthSpent: Decimal,
): ControlDeclineReason | null {
  const channel = channelOf(request);
  if (channel === 'atm' && !card.atm_enabled) return 'atm_disabled';
  if (channel === 'online' && !card.online_enabled) return 'online_disabled';
  if (card.blocked_categories.length > 0 && mccCategories(request.merchant.mcc).some((c) => card.blocked_categories.includes(c)))
    return 'category_blocked';
  if (card.per_purchase_limit !== null && amount.gt(card.per_purchase_limit)) return 'over_purchase_limit';
  if (card.monthly_limit !== null && monthSpent.plus(amount).gt(card.monthly_limit)) return 'over_monthly_limit';
  return null;
}

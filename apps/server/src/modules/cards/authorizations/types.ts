import type { CardChannel, CardControlCategory, DeclineReason } from '@wallet/contract';
import type { CardRow } from '../queries';

/**
 * The shapes authorization decisions share with their callers and with the cache of decided cards.
 * Kept apart from the code so that the cache (decided-cards.ts), the planner and the writer can all
 * name them without importing one another.
 */

export interface AuthorizationRequest {
  authorizationId: string;
  issuerCardId: string;
  amount: string;
  currency: string;
  merchant: { name: string; mcc?: string; country?: string };
  /** Online (card not present), at a terminal, or at an ATM; absent when the issuer does not say. */
  channel?: CardChannel;
}

export interface Decision {
  approved: boolean;
  reason: DeclineReason | null;
}

export type RuleFreezeResult = { issuerCardId: string; reason: 'consecutive_funds_failures' | 'failure_rate' } | null;

export type DecisionResult = Decision & { frozeCard: RuleFreezeResult };

export interface DecisionItem {
  request: AuthorizationRequest;
  /** The webhook delivery's identity (time and delivery id): recorded with the decision, refused when seen before. */
  delivery?: string;
}

/** What a batch needs of a card it read. */
export type ReadCard = Pick<
  CardRow,
  | 'id'
  | 'user_id'
  | 'currency'
  | 'status'
  | 'frozen'
  | 'consecutive_funds_failures'
  | 'rule_window_after_id'
  | 'issuer_card_id'
  | 'last4'
  | 'version'
> & {
  available_id: string | null;
  available_balance: string | null;
  available_version: string | null;
  hold_id: string | null;
  hold_balance: string | null;
  hold_version: string | null;
  /** The member's controls (card_controls, the defaults when there is no row). */
  per_purchase_limit: string | null;
  monthly_limit: string | null;
  online_enabled: boolean;
  atm_enabled: boolean;
  blocked_categories: CardControlCategory[];
  /** Approved spend of the current month (UTC) as read; summed only when there is a monthly limit, else '0'. */
  month_spent: string;
};

import { CURRENCIES, Decimal, type DeclineReason } from '@wallet/contract';
import { AppError } from '../../../platform/errors';
import { controlDecline } from '../controls/decision';
import { countedInWindow, MAX_CONSECUTIVE_FUNDS_FAILURES, type RuleFreeze, windowOverRate } from './freeze-rules';
import type { AuthorizationRequest, DecisionItem, DecisionResult, ReadCard } from './types';

/**
 * Deciding a batch of authorizations, without reading or writing anything: service.ts reads
 * the cards, asks here, and writes what was decided.
 */

function decline(card: CardState, request: AuthorizationRequest, amount: Decimal): DeclineReason | null {
  if (card.row.status !== 'active') return 'card_inactive';
  if (card.frozen) return 'card_frozen';
  if (request.currency !== card.row.currency) return 'currency_mismatch';
  const control = controlDecline(card.row, request, amount, card.monthSpent);
  if (control !== null) return control;
  if (card.available === null || card.available.lt(amount)) return 'insufficient_funds';
  return null;
}

export interface CardState {
  row: ReadCard;
  available: Decimal | null;
  consecutive: number;
  frozen: boolean;
  freezeReason: RuleFreeze;
  /** This month's approved spend, the batch's approvals included as they are taken (see controlDecline). */
  monthSpent: Decimal;
  /** Counted authorizations of the failure-rate window, oldest first; loaded only when a decline needs it. */
  window: boolean[] | null;
}

type Planned =
  | { kind: 'answer'; result: DecisionResult }
  | { kind: 'refused'; reason: unknown }
  | { kind: 'new'; card: CardState; request: AuthorizationRequest; amount: Decimal; result: DecisionResult };

export type Decided = Extract<Planned, { kind: 'new' }>;

export interface BatchRead {
  seen: string[];
  cards: ReadCard[];
  earlier: Array<{ ref: string; approved: boolean; reason: string | null }>;
}

/**
 * The decisions of a batch, taken in order on a copy of each card's state; pure, so it can run again
 * once the failure-rate windows it asked for are read.
 */
export function planBatch(items: DecisionItem[], read: BatchRead, windows: Map<string, boolean[]>) {
  const cards = new Map<string, CardState>();
  for (const row of read.cards)
    cards.set(row.issuer_card_id as string, {
      row,
      available: row.available_balance === null ? null : new Decimal(row.available_balance),
      consecutive: row.consecutive_funds_failures,
      frozen: row.frozen,
      freezeReason: null,
      monthSpent: new Decimal(row.month_spent),
      window: windows.has(row.id) ? [...(windows.get(row.id) as boolean[])] : null,
    });
  const seen = new Set(read.seen);
  const answers = new Map<string, DecisionResult>(
    read.earlier.map((e) => [e.ref, { approved: e.approved, reason: e.reason as DeclineReason | null, frozeCard: null }]),
  );
  const usedDeliveries = new Set<string>();
  const needWindows: ReadCard[] = [];
  const planned: Planned[] = items.map(({ request, delivery }) => {
    if (delivery !== undefined) {
      if (seen.has(delivery) || usedDeliveries.has(delivery)) return { kind: 'refused', reason: new AppError('WEBHOOK_REPLAYED') };
      usedDeliveries.add(delivery);
    }
    const card = cards.get(request.issuerCardId);
    if (!card) return { kind: 'answer', result: { approved: false, reason: 'card_inactive', frozeCard: null } };
    // Inserted before any money moves: a repeated request for the same authorization gets the first answer.
    const first = answers.get(request.authorizationId);
    if (first) return { kind: 'answer', result: { approved: first.approved, reason: first.reason, frozeCard: null } };

    const amount = new Decimal(request.amount);
    const tooPrecise = amount.decimalPlaces() > CURRENCIES[card.row.currency].precision;
    const reason = tooPrecise ? 'currency_mismatch' : decline(card, request, amount);
    if (reason === null) {
      card.available = (card.available as Decimal).minus(amount);
      card.monthSpent = card.monthSpent.plus(amount);
    }

    if (reason === null) card.consecutive = 0;
    else if (reason === 'insufficient_funds') card.consecutive += 1;
    const counted = countedInWindow(reason);
    if (counted) card.window?.push(reason === null);
    // Only a decline can push a card over a rule (an approval adds no failure), so approvals skip the check.
    let freeze: RuleFreeze = null;
    if (reason !== null && !card.frozen && counted) {
      if (card.consecutive > MAX_CONSECUTIVE_FUNDS_FAILURES) freeze = 'consecutive_funds_failures';
      else if (card.window === null) {
        if (!needWindows.includes(card.row)) needWindows.push(card.row);
      } else if (windowOverRate(card.window)) freeze = 'failure_rate';
    }
    if (freeze) {
      card.frozen = true;
      card.freezeReason = freeze;
    }
    const result: DecisionResult = {
      approved: reason === null,
      reason,
      frozeCard: freeze ? { issuerCardId: request.issuerCardId, reason: freeze } : null,
    };
    answers.set(request.authorizationId, result);
    return { kind: 'new', card, request, amount, result };
  });
  return { planned, needWindows, deliveries: [...usedDeliveries] };
}

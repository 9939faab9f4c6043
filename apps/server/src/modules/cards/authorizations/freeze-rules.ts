import { CONTROL_DECLINE_REASONS, Decimal, LIMITS } from '@wallet/contract';

/**
 * The automatic freeze of PRODUCT_SPEC.md section 4:
 * - more than 5 consecutive funds-related declines (the 6th in a row freezes);
 * - an authorization failure rate above 15% over a window of the card's last 20 authorizations,
 *   judged once 20 exist. The window starts again when the card is unfrozen, so an unfrozen card is
 *   not frozen at once by the failures that froze it. Declines caused by the card being frozen or not
 *   yet open are not counted: they say nothing about how the card is used. Nor are declines by the
 *   member's own spending controls: a member who keeps to their limits must not lose the card for it.
 */
export const RATE_WINDOW_SIZE = 20;
export const MAX_CONSECUTIVE_FUNDS_FAILURES = LIMITS.card.freezeAfterConsecutiveFundsFailures;
export const MAX_FAILURE_RATE = new Decimal(LIMITS.card.freezeFailureRateAbove);
export const NOT_COUNTED: readonly string[] = ['card_frozen', 'card_inactive', ...CONTROL_DECLINE_REASONS];

export type RuleFreeze = 'consecutive_funds_failures' | 'failure_rate' | null;

/** Whether a window of counted authorizations (oldest first, `true` = approved) is over the failure rate. */
export function windowOverRate(window: readonly boolean[]): boolean {
  const recent = window.slice(-RATE_WINDOW_SIZE);
  if (recent.length < RATE_WINDOW_SIZE) return false;
  const failed = recent.filter((approved) => !approved).length;
  return new Decimal(failed).div(recent.length).gt(MAX_FAILURE_RATE);
}

/** Whether a decline is counted in the failure-rate window (see NOT_COUNTED above). */
export const countedInWindow = (reason: string | null) => reason === null || !NOT_COUNTED.includes(reason);

import type { Approval } from '../types/console';

/**
 * The approval request a four-eyes action answered with (202 `{ approval }`), if the reply is one:
 * the page then takes the operator to it instead of reporting the action as done.
 */
export function approvalFrom(reply: unknown): Approval | null {
  const approval = (reply as { approval?: Approval } | null | undefined)?.approval;
  return approval && typeof approval.id === 'string' && typeof approval.payloadHash === 'string' ? approval : null;
}

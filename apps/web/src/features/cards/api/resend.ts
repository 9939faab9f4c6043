import { ApiError } from '../../../lib/api-client';

/** How often a recharge or card to wallet is sent again, with the same key, when no answer came. */
export const RESEND_ATTEMPTS = 3;

/**
 * Whether a money request may have reached the server without an answer reaching us: no reply (a lost
 * connection, a timeout), a gateway or server failure (5xx), or the same request still running. Then
 * the outcome is unknown, and only sending it again with the same Idempotency-Key finds out without
 * moving the money twice. A refusal (4xx) is an answer: sending it again changes nothing.
 */
export function isUnanswered(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  if (error.code === 'NETWORK_ERROR' || error.code === 'TIMEOUT' || error.code === 'IDEMPOTENCY_IN_PROGRESS') return true;
  return error.status === 0 || error.status >= 500;
}

/** TanStack Query's `retry` for these requests: unanswered ones only, a few times. */
export const resendUnanswered = (failures: number, error: Error) => failures < RESEND_ATTEMPTS && isUnanswered(error);

/** Waits before each resend: 1 s, 2 s, 4 s. */
export const resendDelay = (failures: number) => Math.min(1000 * 2 ** failures, 4000);

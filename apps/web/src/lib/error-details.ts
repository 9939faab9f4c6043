import { ApiError } from './api-client';

function detail(error: unknown, key: string): unknown {
  return error instanceof ApiError ? error.details?.[key] : undefined;
}

/** When a lock ends (PASSWORD_LOGIN_LOCKED, PAYMENT_PASSWORD_LOCKED): an ISO time. */
export function lockedUntil(error: unknown): string | null {
  const until = detail(error, 'until');
  return typeof until === 'string' ? until : null;
}

/** Wrong payment passwords still allowed before the lock (PAYMENT_PASSWORD_WRONG). */
export function remainingAttempts(error: unknown): number | null {
  const remaining = detail(error, 'remainingAttempts');
  return typeof remaining === 'number' ? remaining : null;
}

/** Seconds to wait before asking again (CODE_RESEND_TOO_SOON, RATE_LIMITED). */
export function retryAfterSeconds(error: unknown): number | null {
  const seconds = detail(error, 'retryAfterSeconds');
  return typeof seconds === 'number' && seconds > 0 ? seconds : null;
}

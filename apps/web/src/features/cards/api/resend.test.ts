import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { isUnanswered, RESEND_ATTEMPTS, resendDelay, resendUnanswered } from './resend';

describe('sending a recharge or card to wallet again', () => {
  it('does so when no answer came: no connection, a timeout, a gateway, a server failure, the same request still running', () => {
    expect(isUnanswered(new ApiError('NETWORK_ERROR', 'unreachable', 0))).toBe(true);
    expect(isUnanswered(new ApiError('TIMEOUT', 'slow', 0))).toBe(true);
    expect(isUnanswered(new ApiError('NETWORK_ERROR', 'HTTP 502 from a gateway', 502))).toBe(true);
    expect(isUnanswered(new ApiError('INTERNAL_ERROR', 'boom', 500))).toBe(true);
    expect(isUnanswered(new ApiError('ISSUER_UNAVAILABLE', 'down', 503))).toBe(true);
    expect(isUnanswered(new ApiError('IDEMPOTENCY_IN_PROGRESS', 'running', 409))).toBe(true);
  });

  it('does not when the server answered with a refusal: the same request would be refused again', () => {
    expect(isUnanswered(new ApiError('PAYMENT_PASSWORD_WRONG', 'wrong', 400))).toBe(false);
    expect(isUnanswered(new ApiError('INSUFFICIENT_BALANCE', 'poor', 400))).toBe(false);
    expect(isUnanswered(new ApiError('IDEMPOTENCY_KEY_REUSED', 'reused', 409))).toBe(false);
    expect(isUnanswered(new ApiError('BAD_REPLY', 'garbled', 200))).toBe(false);
    expect(isUnanswered(new Error('not from the API'))).toBe(false);
  });

  it(`sends again at most ${RESEND_ATTEMPTS} times, waiting longer each time`, () => {
    const lost = new ApiError('NETWORK_ERROR', 'unreachable', 0);
    expect([0, 1, 2, 3].map((failures) => resendUnanswered(failures, lost))).toEqual([true, true, true, false]);
    expect(resendUnanswered(0, new ApiError('PAYMENT_PASSWORD_WRONG', 'wrong', 400))).toBe(false);
    expect([0, 1, 2, 3].map(resendDelay)).toEqual([1000, 2000, 4000, 4000]);
  });
});

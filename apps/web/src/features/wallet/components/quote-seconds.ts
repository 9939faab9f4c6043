import { LIMITS } from '@wallet/contract';

/**
 * Seconds a quote that just arrived still holds: the quote's own time, counted from now, but never
 * more than the contract's hold time nor trusting a phone clock that runs ahead or behind (then
 * the full hold time, and the server still has the last word).
 */
export function quoteSecondsLeft(expiresAt: string, now = Date.now()): number {
  const full = LIMITS.exchange.quoteSeconds;
  const left = Math.floor((new Date(expiresAt).getTime() - now) / 1000);
  if (!Number.isFinite(left) || left <= 0 || left > full) return full;
  return left;
}

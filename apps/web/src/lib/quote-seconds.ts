/**
 * Seconds a quote that just arrived still holds: the quote's own time, counted from now, but never
 * more than the hold time of its kind (`holdSeconds`) nor trusting a phone clock that runs ahead or
 * behind (then the full hold time, and the server still has the last word).
 */
export function quoteSecondsLeft(expiresAt: string, holdSeconds: number, now = Date.now()): number {
  const left = Math.floor((new Date(expiresAt).getTime() - now) / 1000);
  if (!Number.isFinite(left) || left <= 0 || left > holdSeconds) return holdSeconds;
  return left;
}

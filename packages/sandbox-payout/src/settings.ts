import type { Outcome } from './store';

/**
 * How payouts settle without anyone clicking: null waits for the dev page or a test to mark them;
 * N settles each one N seconds after it was submitted, with `autoOutcome`. A change applies to payouts
 * submitted afterwards (each keeps the settlement it was submitted under, across restarts too).
 */
export interface Settings {
  autoSettleSeconds: number | null;
  autoOutcome: Outcome;
}

const MAX_SECONDS = 3600;
const FIELDS = new Set(['autoSettleSeconds', 'autoOutcome']);

/** `current` with the changes asked for (either field may be left out), or what is wrong with them. */
export function parseSettings(body: unknown, current: Settings): { ok: true; settings: Settings } | { ok: false; message: string } {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return { ok: false, message: 'body must be a JSON object' };
  const given = body as Record<string, unknown>;
  const unknown = Object.keys(given).filter((key) => !FIELDS.has(key));
  if (unknown.length > 0) return { ok: false, message: `unknown field ${unknown.join(', ')}` };
  const seconds = given.autoSettleSeconds === undefined ? current.autoSettleSeconds : given.autoSettleSeconds;
  if (seconds !== null && (typeof seconds !== 'number' || !Number.isFinite(seconds) || seconds < 0 || seconds > MAX_SECONDS))
    return { ok: false, message: `autoSettleSeconds must be null or a number from 0 to ${MAX_SECONDS}` };
  const outcome = given.autoOutcome === undefined ? current.autoOutcome : given.autoOutcome;
  if (outcome !== 'paid' && outcome !== 'rejected') return { ok: false, message: 'autoOutcome must be paid or rejected' };
  return { ok: true, settings: { autoSettleSeconds: seconds, autoOutcome: outcome } };
}

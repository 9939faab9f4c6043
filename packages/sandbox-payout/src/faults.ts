import type { ArmedFault as Armed, FaultRules, FaultRequest as Request } from '@wallet/sandbox-issuer';

/**
 * Fault injection for payout submissions: the card issuer sandbox's board (FaultBoard) with the
 * partner's own rules. A fault names no operation (submissions are the only calls it fails) and
 * there is no `delay`; `down` takes submissions and lookups offline.
 */

export type FaultMode = 'refuse' | 'timeout-before' | 'timeout-after' | 'down';
/** The body of `POST /sandbox/faults`: mode, count (default 1; `down` lasts `ms` whatever it), ms. */
export type FaultRequest = Omit<Request<never>, 'operation' | 'mode'> & { mode: FaultMode };
export type ArmedFault = Omit<Armed<never>, 'operation'>;

/** The timeouts hold longer than a caller usually waits, so its own timeout fires first. */
export const PAYOUT_FAULTS: FaultRules<never> = {
  operations: [],
  modes: ['refuse', 'timeout-before', 'timeout-after', 'down'],
  defaultMs: { refuse: 0, 'timeout-before': 15_000, 'timeout-after': 15_000, down: 10_000 },
};

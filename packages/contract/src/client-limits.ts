/**
 * The web app's own waits, LIMITS.client. A module of their own: a bundler puts a module in one chunk
 * whole, so the app's first screen imports these four numbers rather than every business limit.
 */
export const CLIENT_LIMITS = {
  httpTimeoutMs: 60_000,
  toastDurationMs: 1_500,
  chunkLoadTimeoutMs: 120_000,
  /** How long an error reply waits for the language's error messages before the reply's own sentence is shown. */
  errorTextsWaitMs: 3_000,
} as const;

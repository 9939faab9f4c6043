import { startSandboxPayout } from './index';

/**
 * Runs the sandbox payout partner on its own, e.g. against an app pointed at it:
 *   SANDBOX_PAYOUT_PORT=18091 node --import tsx packages/sandbox-payout/src/main.ts
 * SANDBOX_PAYOUT_AUTO_SETTLE_SECONDS (unset = mark payouts by hand on the dev page) and
 * SANDBOX_PAYOUT_AUTO_OUTCOME (paid or rejected) set automatic settlement; SANDBOX_PAYOUT_STATE_FILE
 * keeps payouts across restarts.
 */
const env = process.env;
const autoSettle = env.SANDBOX_PAYOUT_AUTO_SETTLE_SECONDS?.trim();
const outcome = env.SANDBOX_PAYOUT_AUTO_OUTCOME;
const partner = await startSandboxPayout({
  port: Number(env.SANDBOX_PAYOUT_PORT ?? 8091),
  host: env.SANDBOX_PAYOUT_HOST ?? '127.0.0.1',
  webhookUrl: env.SANDBOX_PAYOUT_WEBHOOK_URL ?? 'http://127.0.0.1:8080/api/v1/payout/webhooks/partner',
  webhookSecret: env.PAYOUT_WEBHOOK_SECRET ?? 'sandbox-payout-webhook-secret-for-development-only',
  apiKey: env.PAYOUT_API_KEY ?? 'sandbox-payout-api-key-for-development-only',
  autoSettleSeconds: autoSettle ? Number(autoSettle) : null,
  // Anything but paid or rejected stops the start with the reason.
  ...(outcome ? { autoOutcome: outcome as 'paid' | 'rejected' } : {}),
  ...(env.SANDBOX_PAYOUT_STATE_FILE ? { stateFile: env.SANDBOX_PAYOUT_STATE_FILE } : {}),
  logger: true,
});
partner.app.log.info(`sandbox payout partner on ${partner.url}`);
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => void partner.close());

import path from 'node:path';
import { startSandboxPayout } from '@wallet/sandbox-payout';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../platform/config';
import { HttpPayoutPartner } from './partner';
import { PAYOUT_WEBHOOK_PATH } from './webhook-deliveries';

/**
 * Development without PAYOUT_URL runs the sandbox payout partner beside the app: its own HTTP service
 * on its own port (SANDBOX_PAYOUT_PORT, 0 = any free one), started and stopped with this process.
 * Payouts wait to be marked paid or rejected on its page (/dev/payout), or settle by themselves after
 * SANDBOX_PAYOUT_AUTO_SETTLE_SECONDS. Never started in production.
 */
export async function startPayoutSandboxIfWanted(config: Config, log: FastifyBaseLogger) {
  if (config.PAYOUT_PARTNER !== 'sandbox' || config.NODE_ENV === 'production') return null;
  const sandbox = await startSandboxPayout({
    port: config.SANDBOX_PAYOUT_PORT,
    host: '127.0.0.1',
    webhookUrl: `http://127.0.0.1:${config.PORT}${PAYOUT_WEBHOOK_PATH}`,
    webhookSecret: config.PAYOUT_WEBHOOK_SECRET,
    apiKey: config.PAYOUT_API_KEY,
    autoSettleSeconds: config.SANDBOX_PAYOUT_AUTO_SETTLE_SECONDS ?? null,
    stateFile: path.join(config.DATA_DIR, 'sandbox-payout.json'),
  });
  log.info({ url: sandbox.url }, 'sandbox payout partner started (mark payouts paid or rejected at /dev/payout)');
  return {
    close: () => sandbox.close(),
    partner: new HttpPayoutPartner(sandbox.url, config.PAYOUT_API_KEY, config.PAYOUT_TIMEOUT_MS),
    sandboxUrl: sandbox.url,
  };
}

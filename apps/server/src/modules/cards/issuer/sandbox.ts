import path from 'node:path';
import { startSandboxIssuer } from '@wallet/sandbox-issuer';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../../platform/config';
import { WEBHOOK_PATH } from './client';
import { HttpIssuer } from './http-issuer';

export const SANDBOX_STATE_FILE = 'sandbox-issuer.json';

/**
 * Without ISSUER_URL, development runs the sandbox issuer beside the app: its own HTTP service on its
 * own port (SANDBOX_ISSUER_PORT, 0 = any free one), in this process so it starts and stops with it.
 * It is never started in production.
 */
export async function startSandboxIfWanted(config: Config, log: FastifyBaseLogger) {
  if (config.ISSUER_URL || config.NODE_ENV === 'production') return null;
  const sandbox = await startSandboxIssuer({
    port: config.SANDBOX_ISSUER_PORT,
    host: '127.0.0.1',
    webhookUrl: `http://127.0.0.1:${config.PORT}${WEBHOOK_PATH}`,
    webhookSecret: config.ISSUER_WEBHOOK_SECRET,
    apiKey: config.ISSUER_API_KEY,
    // Long enough to watch "opening" on the screen, far inside the spec's 5 minutes.
    openingDelayMs: 3000,
    // Beside the embedded database, which also outlives a restart: the cards the app remembers stay
    // at the issuer. Deleting DATA_DIR starts both afresh.
    stateFile: path.join(config.DATA_DIR, SANDBOX_STATE_FILE),
  });
  log.info({ url: sandbox.url }, 'sandbox card issuer started (test helpers and dev page at this address)');
  return {
    close: () => sandbox.close(),
    appDeps: {
      issuer: new HttpIssuer(sandbox.url, config.ISSUER_API_KEY, { timeoutMs: config.ISSUER_TIMEOUT_MS }),
      sandboxUrl: sandbox.url,
    },
  };
}

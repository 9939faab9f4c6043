import { startSandboxIssuer } from './index';

/**
 * Runs the sandbox issuer on its own, e.g. against an app started with ISSUER_URL set:
 *   SANDBOX_ISSUER_PORT=18090 node --import tsx packages/sandbox-issuer/src/main.ts
 * (`npm start` starts one inside the server process when ISSUER_URL is not set.)
 */
const env = process.env;
const issuer = await startSandboxIssuer({
  port: Number(env.SANDBOX_ISSUER_PORT ?? 8090),
  host: env.SANDBOX_ISSUER_HOST ?? '127.0.0.1',
  webhookUrl: env.SANDBOX_WEBHOOK_URL ?? 'http://127.0.0.1:8080/api/v1/cards/webhooks/issuer',
  webhookSecret: env.ISSUER_WEBHOOK_SECRET ?? 'sandbox-webhook-secret-for-development-only',
  apiKey: env.ISSUER_API_KEY ?? 'sandbox-api-key-for-development-only',
  logger: true,
});
issuer.app.log.info(`sandbox issuer on ${issuer.url}`);
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => void issuer.close());

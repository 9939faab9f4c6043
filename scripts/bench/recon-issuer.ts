import { addOpenCards, buildSandboxIssuer, type OpenCard } from '@wallet/sandbox-issuer';
import { serviceReady } from './service';

/**
 * The sandbox card issuer of the reconciliation bench (recon-cards.ts), in its own process as a real
 * issuer is elsewhere: the bench's reads of its balance listing cost its event loop, not the one of
 * the reconciliation being timed. Its cards arrive in the first message and go straight into its
 * store (addOpenCards, with the float raised by them), not through the API one by one.
 */
export interface ReconIssuerInput {
  apiKey: string;
  cards: OpenCard[];
}

process.once('message', (input: ReconIssuerInput) => {
  // Nothing here sends webhooks: no card is opened, loaded or paid with through the API.
  const issuer = buildSandboxIssuer({ webhookUrl: 'http://127.0.0.1:9/unused', webhookSecret: 'unused', apiKey: input.apiKey });
  addOpenCards(issuer.store, input.cards);
  process.once('SIGTERM', () => void issuer.app.close().then(() => process.exit(0)));
  issuer.app.listen({ port: 0, host: '127.0.0.1' }).then(
    () => {
      const address = issuer.app.server.address();
      serviceReady(typeof address === 'object' && address ? address.port : 0);
    },
    (error) => {
      console.error(error);
      process.exit(1);
    },
  );
});

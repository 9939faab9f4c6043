import { buildSandboxIssuer } from '@wallet/sandbox-issuer';
import { serviceReady } from './service';

/**
 * The sandbox card issuer of the whole-app load test, in its own process as a real issuer is
 * elsewhere: the issuer API the servers call (loads for recharges) and the network's purchases
 * (POST /sandbox/cards/:id/purchase), each of which it turns into a signed authorization.request
 * webhook to `webhookUrl` and waits for the decision, as it does for `npm start`. Its cards are the
 * bench's, put straight into its store (as open cards holding `balance`) rather than opened through
 * the app: opening is not what is measured. A message `{ webhookUrl }` points the webhooks elsewhere.
 */
export interface IssuerInput {
  apiKey: string;
  webhookSecret: string;
  webhookUrl: string;
  cards: Array<{ issuerCardId: string; reference: string; balance: string }>;
}

process.once('message', (input: IssuerInput) => {
  const issuer = buildSandboxIssuer({ webhookUrl: input.webhookUrl, webhookSecret: input.webhookSecret, apiKey: input.apiKey });
  const createdAt = new Date().toISOString();
  issuer.store.cardholders.set('ich_bench', {
    id: 'ich_bench',
    reference: 'bench',
    firstName: 'Bench',
    lastName: 'Member',
    email: 'issuer@bench.example.com',
    kycStatus: 'approved',
    kycReason: null,
    kyc: null,
  });
  for (const card of input.cards) {
    const [whole = '0', fraction = ''] = card.balance.split('.');
    issuer.store.cards.set(card.issuerCardId, {
      id: card.issuerCardId,
      cardholderId: 'ich_bench',
      reference: card.reference,
      type: 'virtual',
      currency: 'USD',
      state: 'open',
      pan: null,
      cvv: null,
      expMonth: null,
      expYear: null,
      pinSet: false,
      bound: false,
      balanceMinor: BigInt(whole) * 100n + BigInt(fraction.padEnd(2, '0').slice(0, 2)),
      shipping: { status: 'none', trackingNumber: null, address: null },
      createdAt,
    });
  }
  process.on('message', (message: { webhookUrl?: string }) => {
    if (message.webhookUrl) issuer.setWebhookUrl(message.webhookUrl);
    process.send?.({ ok: true });
  });
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

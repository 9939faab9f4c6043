import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { WEBHOOK_PATH } from '../modules/cards/issuer/client';
import { HttpPayoutPartner } from '../modules/payout/partner';
import { PAYOUT_WEBHOOK_PATH } from '../modules/payout/webhook-deliveries';
import { verifyWebhookSignature, WEBHOOK_SIGNATURE_HEADER, WEBHOOK_SIGNATURE_SCHEME } from './webhook-signature';

let t: TestApp;
beforeAll(async () => {
  // A partner that is never called: with one configured, the payout webhook route is there to document.
  t = await createTestApp({ deps: { payoutPartner: new HttpPayoutPartner('http://127.0.0.1:1', 'unused', 100) } });
});
afterAll(() => t.close());

/**
 * Signs the way the API document tells a partner to, read from the document's own words: the
 * header's fields and the quoted text the HMAC covers, with t, d and body filled in.
 */
function signAsDocumented(description: string, secret: string, timestamp: string, delivery: string, body: string): string {
  const formula = /v1=<hex of HMAC-SHA256\(secret, "([^"]+)"\)>/.exec(description)?.[1];
  if (!formula) throw new Error(`no signing formula in: ${description}`);
  const values: Record<string, string> = { t: timestamp, d: delivery, body };
  const text = formula
    .split('.')
    .map((part) => values[part] ?? part)
    .join('.');
  const mac = createHmac('sha256', secret).update(text).digest('hex');
  expect(description).toContain('t=<unix seconds>,d=<delivery id>,v1=');
  return `t=${timestamp},d=${delivery},v1=${mac}`;
}

describe('webhook signatures in the API document', () => {
  it.each([
    ['card issuer', WEBHOOK_PATH],
    ['payout partner', PAYOUT_WEBHOOK_PATH],
  ])('describe the scheme the %s webhook verifies', async (_, path) => {
    const doc = (await t.app.inject({ method: 'GET', url: '/openapi.json' })).json();
    const operation = doc.paths[path]?.post;
    expect(operation, `${path} in the document`).toBeDefined();
    const description: string = operation.description;
    expect(description).toContain(WEBHOOK_SIGNATURE_HEADER);
    expect(description).toContain(WEBHOOK_SIGNATURE_SCHEME);
    expect(description).not.toContain('"t.body"');
    expect(operation.parameters.map((p: { name: string }) => p.name)).toContain(WEBHOOK_SIGNATURE_HEADER);

    // A partner following the text gets a signature the verifier accepts, and one that leaves the delivery id out does not.
    const body = '{"id":"evt_1","type":"card.frozen"}';
    const now = 1_790_000_000;
    const header = signAsDocumented(description, 'doc-secret', String(now), 'delivery_0001', body);
    expect(verifyWebhookSignature('doc-secret', header, body, now * 1000)).toBe(`${now}:delivery_0001`);
    const withoutDelivery = createHmac('sha256', 'doc-secret').update(`${now}.${body}`).digest('hex');
    expect(() => verifyWebhookSignature('doc-secret', `t=${now},d=delivery_0001,v1=${withoutDelivery}`, body, now * 1000)).toThrow(
      'WEBHOOK_SIGNATURE_INVALID',
    );
  });
});

import { errorReplySchema } from '@wallet/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { verifyWebhookSignature, WEBHOOK_SIGNATURE_DESCRIPTION, webhookHeadersSchema } from '../../../platform/webhook-signature';
import { DecisionQueue } from '../authorizations/decision-queue';
import type { CardDeps } from '../deps';
import { WEBHOOK_PATH } from '../issuer/client';
import { announceFreeze, authorizationRequestOf, handleDelivery, type IssuerEvent, issuerEventSchema } from './service';

/**
 * The issuer's webhooks. The signature covers the exact bytes sent, so this plugin reads the body as
 * text (its own JSON parser, scoped to this plugin) and parses it only after the signature holds.
 * A delivery (its signature) is accepted once: the same request sent again is refused as a replay,
 * while the same event re-sent by the issuer (newly signed) is answered as a harmless duplicate.
 */
export const cardWebhookRoutes: FastifyPluginAsyncZod<{ deps: CardDeps; secret: string }> = async (app, { deps, secret }) => {
  const decisions = new DecisionQueue(deps);
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_request, body, done) => done(null, body));

  app.post(
    WEBHOOK_PATH,
    {
      config: { replyBeforeAnnounced: true },
      schema: {
        tags: ['cards'],
        summary: 'Issuer webhooks: authorization requests (answered with a decision) and card events',
        description: WEBHOOK_SIGNATURE_DESCRIPTION,
        headers: webhookHeadersSchema,
        response: { 200: z.record(z.string(), z.unknown()), '4xx': errorReplySchema, '5xx': errorReplySchema },
      },
    },
    async (request) => {
      const raw = typeof request.body === 'string' ? request.body : '';
      // Wall-clock time, not the app's (testable) clock: freshness is about the real moment of delivery.
      const signature = verifyWebhookSignature(secret, request.headers['x-webhook-signature'], raw, Date.now());
      const event = parseEvent(raw);
      const authorization = event && authorizationRequestOf(event);
      if (authorization) {
        // The issuer's 2 seconds: the delivery is recorded in the decision's own transaction, shared with
        // the decisions that arrive meanwhile (a replay is refused there, a failed batch records nothing).
        const decision = await decisions.submit({ request: authorization, delivery: signature });
        announceFreeze(deps, decision);
        return { approved: decision.approved, reason: decision.reason };
      }
      return handleDelivery(deps, signature, event);
    },
  );
};

function parseEvent(raw: string): IssuerEvent | null {
  try {
    const event = issuerEventSchema.safeParse(JSON.parse(raw));
    return event.success ? event.data : null;
  } catch {
    return null;
  }
}

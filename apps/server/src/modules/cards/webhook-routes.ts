import { errorReplySchema } from '@wallet/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { z } from 'zod';
import { AppError } from '../../platform/errors';
import {
  verifyWebhookSignature,
  WEBHOOK_SIGNATURE_DESCRIPTION,
  WEBHOOK_TOLERANCE_SECONDS,
  webhookHeadersSchema,
} from '../../platform/webhook-signature';
import { DecisionQueue } from './authorizations/decision-queue';
import type { CardDeps } from './deps';
import { announceFreeze, authorizationRequestOf, handleIssuerEvent, type IssuerEvent, issuerEventSchema } from './events';

export const WEBHOOK_PATH = '/api/v1/cards/webhooks/issuer';

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
      // Not money: this record may skip waiting for the disk (a crash could forget the last few, and a
      // replay of one of those would still meet the event-id check), which saves a flush per webhook.
      // One statement: set_config(..., true) lasts to the end of this statement's own transaction.
      const fresh = (
        await sql<{ signature: string }>`
          with relaxed as (select set_config('synchronous_commit', 'off', true))
          insert into card_webhook_deliveries (signature) select ${signature} from relaxed
          on conflict (signature) do nothing returning signature`.execute(deps.db)
      ).rows[0];
      if (!fresh) throw new AppError('WEBHOOK_REPLAYED');
      if (!event) throw new AppError('BAD_REQUEST');
      try {
        return await handleIssuerEvent(deps, event);
      } catch (error) {
        // The delivery failed: let the issuer's retry (newly signed or the same) be processed.
        await deps.db.deleteFrom('card_webhook_deliveries').where('signature', '=', signature).execute();
        throw error;
      }
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

/** Deliveries older than the tolerance can no longer pass the timestamp check, so their signatures can go. */
export async function pruneWebhookDeliveries(deps: CardDeps): Promise<void> {
  const cutoff = new Date(Date.now() - 2 * WEBHOOK_TOLERANCE_SECONDS * 1000);
  await deps.db.deleteFrom('card_webhook_deliveries').where('received_at', '<', cutoff).execute();
}

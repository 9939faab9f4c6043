import { errorReplySchema, safeText } from '@wallet/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../platform/errors';
import { verifyWebhookSignature, WEBHOOK_SIGNATURE_DESCRIPTION, webhookHeadersSchema } from '../../platform/webhook-signature';
import type { PayoutDeps } from './deps';
import * as q from './order-queries';
import { apply } from './sending';
import { PAYOUT_WEBHOOK_PATH } from './webhook-deliveries';

// Text the partner sends is stored and shown: control characters make it a malformed event (400).
const text = (max: number) => safeText(max, { trim: false });
const eventSchema = z.object({
  id: text(100).min(1),
  type: z.enum(['payout.paid', 'payout.rejected']),
  data: z.object({
    payout: z.object({
      id: z.uuid(),
      reference: text(100),
      status: z.enum(['pending', 'paid', 'rejected']),
      reason: text(500).nullable().optional(),
    }),
  }),
});

/**
 * The payout partner's status webhooks, signed like the card issuer's (HMAC over timestamp, delivery
 * id and the exact body). A delivery is accepted once; the partner's own retries are newly signed and
 * harmless, as ending an order twice the same way returns it as it stands.
 */
export const payoutWebhookRoutes: FastifyPluginAsyncZod<{ deps: PayoutDeps; secret: string }> = async (app, { deps, secret }) => {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_request, body, done) => done(null, body));

  app.post(
    PAYOUT_WEBHOOK_PATH,
    {
      config: { replyBeforeAnnounced: true },
      schema: {
        tags: ['payout'],
        summary: 'Payout partner webhooks: a payout paid or rejected',
        description: WEBHOOK_SIGNATURE_DESCRIPTION,
        headers: webhookHeadersSchema,
        response: { 200: z.object({ received: z.literal(true) }), '4xx': errorReplySchema, '5xx': errorReplySchema },
      },
    },
    async (request) => {
      const raw = typeof request.body === 'string' ? request.body : '';
      const signature = verifyWebhookSignature(secret, request.headers['x-webhook-signature'], raw, Date.now());
      let event: z.infer<typeof eventSchema>;
      try {
        event = eventSchema.parse(JSON.parse(raw));
      } catch {
        throw new AppError('BAD_REQUEST');
      }
      if (!(await q.deliveryFirstSeen(deps.db, signature))) throw new AppError('WEBHOOK_REPLAYED');
      try {
        const payout = event.data.payout;
        const order = await q.findOrder(deps.db, payout.id);
        if (!order) throw new AppError('PAYOUT_ORDER_NOT_FOUND');
        await apply(deps, order, { id: payout.id, reference: payout.reference, status: payout.status, reason: payout.reason ?? null });
        return { received: true as const };
      } catch (error) {
        // Not processed: the partner's retry (newly signed or the same) must be let through.
        await q.forgetDelivery(deps.db, signature);
        throw error;
      }
    },
  );
};

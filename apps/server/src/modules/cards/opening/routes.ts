import { cardSchema, openCardBodySchema } from '@wallet/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { once } from '../../../platform/idempotency';
import { requireSession, signedIn } from '../../auth/sessions';
import type { CardDeps } from '../deps';
import { errors, idempotencyHeader, security, tags } from '../route-schemas';
import { getCard } from '../service';
import { openCard } from './service';

/** Buying a card: the member's one request; the rest of opening is the issuer's answer (webhooks/) and the jobs. */
export const cardOpeningRoutes: FastifyPluginAsyncZod<{ deps: CardDeps }> = async (app, { deps }) => {
  app.addHook('onRequest', requireSession(deps.db, deps.clock));

  app.post(
    '/api/v1/cards',
    {
      schema: {
        tags,
        security,
        summary: 'Buy a card: the opening fee is taken now (code 21) and the card opened in the background',
        headers: idempotencyHeader,
        body: openCardBodySchema,
        response: { 200: cardSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { userId } = signedIn(request);
      return once(deps, request, reply, userId, async (key) => {
        const card = await openCard(deps, userId, request.body, key, request.ip);
        return getCard(deps, userId, card.id, request.language);
      });
    },
  );
};

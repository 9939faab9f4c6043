import { cardControlsBodySchema, cardControlsSchema } from '@wallet/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireSession, signedIn } from '../../auth/sessions';
import type { CardDeps } from '../deps';
import { cardParams, errors, security, tags } from '../route-schemas';
import { getControls, setControls } from './service';

/** The member's spending controls of their own card (another member's card is not found). */
export const cardControlsRoutes: FastifyPluginAsyncZod<{ deps: CardDeps }> = async (app, { deps }) => {
  app.addHook('onRequest', requireSession(deps.db, deps.clock));

  app.get(
    '/api/v1/cards/:id/controls',
    {
      schema: {
        tags,
        security,
        summary: "My card's spending controls and this month's approved spend (calendar month, UTC)",
        params: cardParams,
        response: { 200: cardControlsSchema, ...errors },
      },
    },
    async (request) => getControls(deps, signedIn(request).userId, request.params.id),
  );

  app.put(
    '/api/v1/cards/:id/controls',
    {
      schema: {
        tags,
        security,
        summary:
          'Set all spending controls of my card: limits (decimal strings in the card currency, null for none), switches, blocked categories',
        params: cardParams,
        body: cardControlsBodySchema,
        response: { 200: cardControlsSchema, ...errors },
      },
    },
    async (request) => {
      const { userId } = signedIn(request);
      await setControls(deps, userId, request.params.id, request.body, request.ip);
      return getControls(deps, userId, request.params.id);
    },
  );
};

import {
  bindCardBodySchema,
  cardFundingListSchema,
  cardListSchema,
  cardProductListSchema,
  cardSchema,
  cardTransactionListSchema,
  cardTransactionSchema,
  freezeBodySchema,
  okReplySchema,
  pinBodySchema,
  revealBodySchema,
  revealReplySchema,
} from '@wallet/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireSession, signedIn } from '../auth/sessions';
import type { CardDeps } from './deps';
import { cardParams, errors, pageQuery, security, tags } from './route-schemas';
import {
  bindPhysicalCard,
  cardList,
  getCard,
  getTransaction,
  listFunding,
  listTransactions,
  memberProducts,
  revealCard,
  setFrozen,
  setPin,
} from './service';

/** The signed-in user's cards: products, reveal, freeze, PIN, binding, transactions, funding history (opening/, funding/, kyc/ and controls/ hold the rest). */
export const cardRoutes: FastifyPluginAsyncZod<{ deps: CardDeps }> = async (app, { deps }) => {
  app.addHook('onRequest', requireSession(deps.db, deps.clock));

  app.get(
    '/api/v1/cards/products',
    { schema: { tags, security, summary: 'Card products on offer', response: { 200: cardProductListSchema, ...errors } } },
    async (request) => memberProducts(deps, signedIn(request).userId, request.language),
  );

  app.get(
    '/api/v1/cards',
    { schema: { tags, security, summary: 'My cards, newest first', response: { 200: cardListSchema, ...errors } } },
    // Not async: a list the cache holds is sent without going through a promise.
    (request) => cardList(deps, signedIn(request).userId, request.language),
  );

  app.get(
    '/api/v1/cards/:id',
    { schema: { tags, security, summary: 'One card', params: cardParams, response: { 200: cardSchema, ...errors } } },
    async (request) => getCard(deps, signedIn(request).userId, request.params.id, request.language),
  );

  app.post(
    '/api/v1/cards/:id/reveal',
    {
      schema: {
        tags,
        security,
        summary: 'Card number and CVV, after the payment password; never cached',
        params: cardParams,
        body: revealBodySchema,
        response: { 200: revealReplySchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      reply.header('pragma', 'no-cache');
      return revealCard(deps, signedIn(request).userId, request.params.id, request.body, request.ip);
    },
  );

  app.post(
    '/api/v1/cards/:id/freeze',
    {
      schema: {
        tags,
        security,
        summary: 'Freeze or unfreeze my card',
        params: cardParams,
        body: freezeBodySchema,
        response: { 200: cardSchema, ...errors },
      },
    },
    async (request) => {
      const { userId } = signedIn(request);
      await setFrozen(deps, userId, request.params.id, request.body.frozen);
      return getCard(deps, userId, request.params.id, request.language);
    },
  );

  app.post(
    '/api/v1/cards/:id/bind',
    {
      schema: {
        tags,
        security,
        summary: 'Bind a delivered physical card by the number printed on it (checked by the issuer; binding again is harmless)',
        params: cardParams,
        body: bindCardBodySchema,
        response: { 200: cardSchema, ...errors },
      },
    },
    async (request) => {
      const { userId } = signedIn(request);
      await bindPhysicalCard(deps, userId, request.params.id, request.body.cardNumber, request.ip);
      return getCard(deps, userId, request.params.id, request.language);
    },
  );

  app.post(
    '/api/v1/cards/:id/pin',
    {
      schema: {
        tags,
        security,
        summary: 'Set the 6-digit card PIN',
        params: cardParams,
        body: pinBodySchema,
        response: { 200: okReplySchema, ...errors },
      },
    },
    async (request) => {
      await setPin(deps, signedIn(request).userId, request.params.id, request.body.pin, request.body.paymentPassword, request.ip);
      return { ok: true as const };
    },
  );

  app.get(
    '/api/v1/cards/:id/transactions',
    {
      schema: {
        tags,
        security,
        summary: 'Card transactions, newest first',
        params: cardParams,
        querystring: pageQuery,
        response: { 200: cardTransactionListSchema, ...errors },
      },
    },
    // Not async, as the list above.
    (request) => listTransactions(deps, signedIn(request).userId, request.params.id, request.query, request.language),
  );

  app.get(
    '/api/v1/cards/:id/transactions/:txId',
    {
      schema: {
        tags,
        security,
        summary: 'One card transaction',
        params: z.object({ id: z.uuid(), txId: z.string().regex(/^\d{1,18}$/) }),
        response: { 200: cardTransactionSchema, ...errors },
      },
    },
    async (request) => getTransaction(deps, signedIn(request).userId, request.params.id, request.params.txId, request.language),
  );

  app.get(
    '/api/v1/cards/:id/funding',
    {
      schema: {
        tags,
        security,
        summary: 'Card funding history (recharges, withdrawals to the wallet, fees), newest first',
        params: cardParams,
        querystring: pageQuery,
        response: { 200: cardFundingListSchema, ...errors },
      },
    },
    async (request) => listFunding(deps, signedIn(request).userId, request.params.id, request.query, request.language),
  );
};

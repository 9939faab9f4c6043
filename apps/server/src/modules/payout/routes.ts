import {
  errorReplySchema,
  okReplySchema,
  payeeDetailsSchema,
  payeeListQuerySchema,
  payeeListReplySchema,
  payeeRevealBodySchema,
  payeeSaveBodySchema,
  payeeSchema,
  payoutOrderBodySchema,
  payoutOrderListQuerySchema,
  payoutOrderListReplySchema,
  payoutOrderSchema,
  payoutQuoteBodySchema,
  payoutQuoteSchema,
  payoutTermsSchema,
  stepUpBodySchema,
} from '@wallet/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { once } from '../../platform/idempotency';
import { requireSession, signedIn } from '../auth/sessions';
import type { PayoutDeps } from './deps';
import type { OrderRow } from './order-queries';
import { createPayoutQuote, getOrder, listOrders, orderByKey, payoutTerms, submitOrder, withHistory } from './orders';
import { deletePayee, listPayees, makeDefaultPayee, revealPayee, savePayee } from './payees';
import { driveWhileWaiting } from './sending';

const errors = { '4xx': errorReplySchema, '5xx': errorReplySchema };
const tags = ['payout'];
const security = [{ bearer: [] }];
const idParams = z.object({ id: z.uuid() });
const me = (request: FastifyRequest) => signedIn(request).userId;

/** The member's flash exchange: payees, terms, quotes, orders. */
export const payoutRoutes: FastifyPluginAsyncZod<{ deps: PayoutDeps }> = async (app, { deps }) => {
  app.addHook('onRequest', requireSession(deps.db, deps.clock));

  app.get(
    '/api/v1/payout/payees',
    {
      schema: {
        tags,
        security,
        summary: 'My receiving accounts, masked',
        querystring: payeeListQuerySchema,
        response: { 200: payeeListReplySchema, ...errors },
      },
    },
    async (request) => ({ payees: await listPayees(deps, me(request), request.query.kind) }),
  );

  app.post(
    '/api/v1/payout/payees',
    {
      schema: {
        tags,
        security,
        summary: 'Add a receiving account (emailed code or payment password)',
        body: payeeSaveBodySchema,
        response: { 200: payeeSchema, ...errors },
      },
    },
    async (request) => savePayee(deps, me(request), null, request.body, request.ip),
  );

  app.put(
    '/api/v1/payout/payees/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Change a receiving account (emailed code or payment password)',
        params: idParams,
        body: payeeSaveBodySchema,
        response: { 200: payeeSchema, ...errors },
      },
    },
    async (request) => savePayee(deps, me(request), request.params.id, request.body, request.ip),
  );

  app.post(
    '/api/v1/payout/payees/:id/reveal',
    {
      schema: {
        tags,
        security,
        summary: 'Every field of a receiving account, for its edit screen (payment password)',
        params: idParams,
        body: payeeRevealBodySchema,
        response: { 200: payeeDetailsSchema, ...errors },
      },
    },
    async (request) => revealPayee(deps, me(request), request.params.id, request.body.paymentPassword, request.ip),
  );

  app.delete(
    '/api/v1/payout/payees/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Delete a receiving account (orders keep showing it)',
        params: idParams,
        // A DELETE without a body (no second factor on) has none at all.
        body: stepUpBodySchema.nullish(),
        response: { 200: okReplySchema, ...errors },
      },
    },
    async (request) => {
      await deletePayee(deps, me(request), request.params.id, request.body?.secondFactor, request.ip);
      return { ok: true as const };
    },
  );

  app.post(
    '/api/v1/payout/payees/:id/default',
    {
      schema: {
        tags,
        security,
        summary: 'Make a receiving account the default of its kind',
        params: idParams,
        response: { 200: payeeSchema, ...errors },
      },
    },
    async (request) => makeDefaultPayee(deps, me(request), request.params.id),
  );

  app.get(
    '/api/v1/payout/terms',
    { schema: { tags, security, summary: 'Limits, rate and fee of flash exchange now', response: { 200: payoutTermsSchema, ...errors } } },
    async (request) => payoutTerms(deps, me(request)),
  );

  app.post(
    '/api/v1/payout/quotes',
    {
      schema: {
        tags,
        security,
        summary: 'Price a sale of USDT for CNY, held for 30 seconds',
        body: payoutQuoteBodySchema,
        response: { 200: payoutQuoteSchema, ...errors },
      },
    },
    async (request) => createPayoutQuote(deps, me(request), request.body.kind, request.body.amount),
  );

  app.post(
    '/api/v1/payout/orders',
    {
      schema: {
        tags,
        security,
        summary: 'Sell at a quote: the USDT is held and the order is in progress',
        description: 'A retry with the same Idempotency-Key returns the order as it stands.',
        headers: z.object({ 'idempotency-key': z.string().optional() }),
        body: payoutOrderBodySchema,
        response: { 200: payoutOrderSchema, ...errors },
      },
    },
    async (request, reply) => {
      const userId = me(request);
      const answer = async (placed: OrderRow) => {
        const [order] = await withHistory(deps, [await driveWhileWaiting(deps, placed)], request.language);
        return order as NonNullable<typeof order>;
      };
      return once(deps, request, reply, userId, async (key) => answer(await submitOrder(deps, userId, request.body, key, request.ip)), {
        asItStands: async (key) => answer(await orderByKey(deps, userId, key)),
      });
    },
  );

  app.get(
    '/api/v1/payout/orders',
    {
      schema: {
        tags,
        security,
        summary: 'My flash exchange orders, newest first',
        querystring: payoutOrderListQuerySchema,
        response: { 200: payoutOrderListReplySchema, ...errors },
      },
    },
    async (request) => listOrders(deps, me(request), request.query.cursor, request.query.limit, request.language),
  );

  app.get(
    '/api/v1/payout/orders/:id',
    {
      schema: { tags, security, summary: 'One order with its timeline', params: idParams, response: { 200: payoutOrderSchema, ...errors } },
    },
    async (request) => getOrder(deps, me(request), request.params.id, request.language),
  );
};

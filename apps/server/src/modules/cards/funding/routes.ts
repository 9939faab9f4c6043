import {
  cardOperationSchema,
  cardWithdrawBodySchema,
  cardWithdrawQuoteBodySchema,
  cardWithdrawQuoteSchema,
  cardWithdrawReplySchema,
  rechargeBodySchema,
  rechargeQuoteBodySchema,
  rechargeQuoteSchema,
  rechargeReplySchema,
} from '@wallet/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { once } from '../../../platform/idempotency';
import { requireSession, signedIn } from '../../auth/sessions';
import type { CardDeps } from '../deps';
import { cardParams, errors, idempotencyHeader, security, tags } from '../route-schemas';
import { getOperation, recharge, rechargeQuote, withdrawQuote, withdrawToWallet } from './service';

/** Money between wallet and card: quotes, recharge, card to wallet, and the operation they start. */
export const cardMoneyRoutes: FastifyPluginAsyncZod<{ deps: CardDeps }> = async (app, { deps }) => {
  app.addHook('onRequest', requireSession(deps.db, deps.clock));

  app.post(
    '/api/v1/cards/:id/recharge/quote',
    {
      schema: {
        tags,
        security,
        summary: 'What a recharge costs (fee first) and what reaches the card',
        params: cardParams,
        body: rechargeQuoteBodySchema,
        response: { 200: rechargeQuoteSchema, ...errors },
      },
    },
    async (request) => rechargeQuote(deps, signedIn(request).userId, request.params.id, request.body.amount),
  );

  app.post(
    '/api/v1/cards/:id/recharge',
    {
      schema: {
        tags,
        security,
        summary: 'Recharge the card from the wallet (USDT to a USD card, HKD to an HKD card)',
        headers: idempotencyHeader,
        params: cardParams,
        body: rechargeBodySchema,
        response: { 200: rechargeReplySchema, ...errors },
      },
    },
    // A finished repeat answers the operation as it now stands (recharge finds it by its key first), so a
    // client sending again with the same key sees it finish.
    async (request, reply) => {
      const { userId } = signedIn(request);
      const run = (key: string) =>
        recharge(deps, userId, request.params.id, request.body.amount, request.body.paymentPassword, key, request.ip);
      return once(deps, request, reply, userId, run, { asItStands: run });
    },
  );

  app.post(
    '/api/v1/cards/:id/withdraw',
    {
      schema: {
        tags,
        security,
        summary: 'Move card balance back to the wallet (code 17)',
        headers: idempotencyHeader,
        params: cardParams,
        body: cardWithdrawBodySchema,
        response: { 200: cardWithdrawReplySchema, ...errors },
      },
    },
    async (request, reply) => {
      const { userId } = signedIn(request);
      const run = (key: string) =>
        withdrawToWallet(deps, userId, request.params.id, request.body.amount, request.body.paymentPassword, key, request.ip);
      return once(deps, request, reply, userId, run, { asItStands: run });
    },
  );

  app.post(
    '/api/v1/cards/:id/withdraw/quote',
    {
      schema: {
        tags,
        security,
        summary: 'What a card to wallet moves: the amount, the rate and what reaches the wallet',
        params: cardParams,
        body: cardWithdrawQuoteBodySchema,
        response: { 200: cardWithdrawQuoteSchema, ...errors },
      },
    },
    async (request) => withdrawQuote(deps, signedIn(request).userId, request.params.id, request.body.amount),
  );

  app.get(
    '/api/v1/cards/:id/operations/:operationId',
    {
      schema: {
        tags,
        security,
        summary: 'A recharge or card to wallet as it stands (poll while it is processing)',
        params: z.object({ id: z.uuid(), operationId: z.uuid() }),
        response: { 200: cardOperationSchema, ...errors },
      },
    },
    async (request) => getOperation(deps, signedIn(request).userId, request.params.id, request.params.operationId),
  );
};

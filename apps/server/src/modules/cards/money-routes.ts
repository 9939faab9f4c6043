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
import { idempotencyKey } from '../../platform/idempotency';
import { requireSession, signedIn } from '../auth/sessions';
import type { CardDeps } from './deps';
import { getOperation, recharge, rechargeQuote, withdrawQuote, withdrawToWallet } from './funding';
import { cardParams, errors, idempotencyHeader, security, tags } from './route-schemas';

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
    // No reply cache (platform/idempotency): the operation row is the request's record, and a repeat
    // answers it as it now stands, so a client polling with the same key sees it finish.
    async (request) => {
      const { userId } = signedIn(request);
      const key = idempotencyKey(request);
      return recharge(deps, userId, request.params.id, request.body.amount, request.body.paymentPassword, key, request.ip);
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
    async (request) => {
      const { userId } = signedIn(request);
      const key = idempotencyKey(request);
      return withdrawToWallet(deps, userId, request.params.id, request.body.amount, request.body.paymentPassword, key, request.ip);
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

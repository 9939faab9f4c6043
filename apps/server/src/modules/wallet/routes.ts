import {
  balancesReplySchema,
  errorReplySchema,
  exchangeBodySchema,
  exchangePairsReplySchema,
  exchangeReplySchema,
  quoteBodySchema,
  quoteSchema,
  recentRecipientsReplySchema,
  recipientSchema,
  recordDetailSchema,
  recordListReplySchema,
  recordsQuerySchema,
  transferBodySchema,
  transferReplySchema,
  uidSchema,
  withdrawalBodySchema,
  withdrawalFeesReplySchema,
  withdrawalListReplySchema,
  withdrawalSchema,
} from '@wallet/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../platform/config';
import { once, onceInTransaction } from '../../platform/idempotency';
import { requireSession, signedIn } from '../auth/sessions';
import { cachedBalancesOf } from './balances';
import { createQuote, executeQuote, listExchangePairs } from './exchange';
import { getRecord, listRecords } from './records';
import { findRecipient, recentRecipientsOf, recipientView, transfer } from './transfers';
import { getWithdrawal, listWithdrawals, requestWithdrawal, type WithdrawalDeps, withdrawalFees } from './withdrawals';

const errors = { '4xx': errorReplySchema, '5xx': errorReplySchema };
// Optional in the schema so a missing key gets its own error code (IDEMPOTENCY_KEY_REQUIRED) from the handler.
const idempotencyHeader = z.object({
  'idempotency-key': z.string().optional().describe('Required. Unique per attempt; a retry with the same key returns the first reply'),
});

/** The signed-in user's money: balances, exchange, transfer, withdrawal, records. */
export const walletRoutes: FastifyPluginAsyncZod<{ deps: WithdrawalDeps; config: Pick<Config, 'RATE_LIMIT_LOOKUPS_PER_MINUTE'> }> = async (
  app,
  { deps, config },
) => {
  app.addHook('onRequest', requireSession(deps.db, deps.clock));
  const tags = ['wallet'];
  const security = [{ bearer: [] }];

  app.get(
    '/api/v1/wallet/balances',
    {
      schema: {
        tags,
        security,
        summary: 'Balances and their total in my display currency',
        response: { 200: balancesReplySchema, ...errors },
      },
    },
    // Not async: a reply the cache holds is sent without going through a promise.
    (request) => cachedBalancesOf(deps.db, signedIn(request).userId),
  );

  app.get(
    '/api/v1/wallet/exchange/pairs',
    {
      schema: {
        tags,
        security,
        summary: 'The exchanges offered now (from, to)',
        response: { 200: exchangePairsReplySchema, ...errors },
      },
    },
    async () => ({ pairs: await listExchangePairs(deps) }),
  );

  app.post(
    '/api/v1/wallet/exchange/quotes',
    {
      schema: {
        tags,
        security,
        summary: 'Price an exchange; the quote holds for 30 seconds',
        body: quoteBodySchema,
        response: { 200: quoteSchema, ...errors },
      },
    },
    async (request) => createQuote(deps, signedIn(request).userId, request.body.from, request.body.to, request.body.amount),
  );

  app.post(
    '/api/v1/wallet/exchange',
    {
      schema: {
        tags,
        security,
        summary: 'Execute a quote with the payment password',
        headers: idempotencyHeader,
        body: exchangeBodySchema,
        response: { 200: exchangeReplySchema, ...errors },
      },
    },
    async (request, reply) => {
      const { userId } = signedIn(request);
      return onceInTransaction(deps, request, reply, userId, (keyed) =>
        executeQuote(deps, userId, request.body.quoteId, request.body.paymentPassword, keyed, request.ip),
      );
    },
  );

  // A static path: Fastify matches it before /recipients/:uid. Only my own transfers, so no lookup limit.
  app.get(
    '/api/v1/wallet/recipients/recent',
    {
      schema: {
        tags,
        security,
        summary: 'The last members I sent a transfer to, each once, newest first',
        response: { 200: recentRecipientsReplySchema, ...errors },
      },
    },
    async (request) => ({ recipients: await recentRecipientsOf(deps, signedIn(request).userId) }),
  );

  app.get(
    '/api/v1/wallet/recipients/:uid',
    {
      // Each answer names a member (nickname, masked email): enough for paying, not for walking the UIDs.
      config: { rateLimit: { max: config.RATE_LIMIT_LOOKUPS_PER_MINUTE, timeWindow: '1 minute' } },
      schema: {
        tags,
        security,
        summary: 'Who a UID belongs to, before a transfer',
        params: z.object({ uid: uidSchema }),
        response: { 200: recipientSchema, ...errors },
      },
    },
    async (request) => recipientView(await findRecipient(deps, request.params.uid)),
  );

  app.post(
    '/api/v1/wallet/transfers',
    {
      schema: {
        tags,
        security,
        summary: 'Send money to another user by UID',
        headers: idempotencyHeader,
        body: transferBodySchema,
        response: { 200: transferReplySchema, ...errors },
      },
    },
    async (request, reply) => {
      const { userId } = signedIn(request);
      return onceInTransaction(deps, request, reply, userId, (keyed) => transfer(deps, userId, request.body, keyed, request.ip));
    },
  );

  app.get(
    '/api/v1/wallet/withdrawals/fees',
    {
      schema: {
        tags,
        security,
        summary: 'Withdrawal minimum and fee per network',
        response: { 200: withdrawalFeesReplySchema, ...errors },
      },
    },
    async () => withdrawalFees(deps),
  );

  app.post(
    '/api/v1/wallet/withdrawals',
    {
      schema: {
        tags,
        security,
        summary: 'Request a USDT withdrawal; the amount and fee are held',
        headers: idempotencyHeader,
        body: withdrawalBodySchema,
        response: { 200: withdrawalSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { userId } = signedIn(request);
      return once(deps, request, reply, userId, (key) => requestWithdrawal(deps, userId, request.body, key, request.ip));
    },
  );

  app.get(
    '/api/v1/wallet/withdrawals',
    {
      schema: {
        tags,
        security,
        summary: 'My withdrawals, newest first',
        querystring: z.object({ cursor: z.uuid().optional(), limit: z.coerce.number().int().min(1).max(50).default(20) }),
        response: { 200: withdrawalListReplySchema, ...errors },
      },
    },
    async (request) => listWithdrawals(deps, signedIn(request).userId, request.query.cursor, request.query.limit),
  );

  app.get(
    '/api/v1/wallet/withdrawals/:id',
    {
      schema: {
        tags,
        security,
        summary: 'One withdrawal with its status history',
        params: z.object({ id: z.uuid() }),
        response: { 200: withdrawalSchema, ...errors },
      },
    },
    async (request) => getWithdrawal(deps, signedIn(request).userId, request.params.id),
  );

  app.get(
    '/api/v1/wallet/records',
    {
      schema: {
        tags,
        security,
        summary: 'Every movement of my wallet, newest first',
        querystring: recordsQuerySchema,
        response: { 200: recordListReplySchema, ...errors },
      },
    },
    // Not async, as the balances above.
    (request) => listRecords(deps.db, signedIn(request).userId, request.query, request.language),
  );

  app.get(
    '/api/v1/wallet/records/:id',
    {
      schema: {
        tags,
        security,
        summary: 'One record',
        params: z.object({ id: z.string().regex(/^\d{1,18}$/) }),
        response: { 200: recordDetailSchema, ...errors },
      },
    },
    async (request) => getRecord(deps.db, signedIn(request).userId, request.params.id, request.language),
  );
};

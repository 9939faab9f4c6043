import {
  adminAdjustBodySchema,
  adminPairBodySchema,
  adminRateBodySchema,
  adminRejectBodySchema,
  currencySchema,
  errorReplySchema,
  okReplySchema,
  txHashSchema,
  uidSchema,
  withdrawalSchema,
} from '@wallet/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { once } from '../../platform/idempotency';
import { operatorOf } from '../operators/context';
import { decideWithdrawal, pendingWithdrawals, type WithdrawalDeps } from '../wallet/withdrawals';
import { adjustBalance, setPair, setRate } from './service';

const errors = { '4xx': errorReplySchema, '5xx': errorReplySchema };

/**
 * Operator actions, each permission-checked by the operator guard and audited in the transaction
 * of its effect (see service.ts). (A console screen comes later; these are API only.)
 */
export const adminRoutes: FastifyPluginAsyncZod<{ deps: WithdrawalDeps }> = async (app, { deps }) => {
  const tags = ['admin'];
  const security = [{ bearer: [] }];

  app.put(
    '/api/v1/admin/rates/:currency',
    {
      config: { permission: 'rates.write' },
      schema: {
        tags,
        security,
        summary: 'Set the USD price of a currency',
        params: z.object({ currency: currencySchema }),
        body: adminRateBodySchema,
        response: { 200: okReplySchema, ...errors },
      },
    },
    async (request) => {
      await setRate(deps, operatorOf(request), request.params.currency, request.body.usdPrice);
      return { ok: true as const };
    },
  );

  app.put(
    '/api/v1/admin/pairs/:from/:to',
    {
      config: { permission: 'rates.write' },
      schema: {
        tags,
        security,
        summary: 'Set the spread and fee of an exchange pair, or turn it off',
        params: z.object({ from: currencySchema, to: currencySchema }),
        body: adminPairBodySchema,
        response: { 200: okReplySchema, ...errors },
      },
    },
    async (request) => {
      await setPair(deps, operatorOf(request), { ...request.params, ...request.body });
      return { ok: true as const };
    },
  );

  app.post(
    '/api/v1/admin/users/:uid/adjustments',
    {
      config: { permission: 'adjustments.make' },
      schema: {
        tags,
        security,
        summary: 'Credit (positive) or debit (negative) a user, with a reason (ledger code 13)',
        params: z.object({ uid: uidSchema }),
        body: adminAdjustBodySchema,
        response: { 200: z.object({ journalId: z.string(), replayed: z.boolean() }), ...errors },
      },
    },
    async (request, reply) => {
      const by = operatorOf(request);
      // A finished repeat asks the ledger again: it finds the posting by its key and answers replayed, writing nothing.
      const run = (key: string) => adjustBalance(deps, by, { uid: request.params.uid, ...request.body, key });
      return once(deps, request, reply, by.operatorId, run, { asItStands: run });
    },
  );

  app.get(
    '/api/v1/admin/withdrawals',
    {
      config: { permission: 'withdrawals.read' },
      schema: {
        tags,
        security,
        summary: 'Withdrawals waiting for review',
        response: { 200: z.object({ withdrawals: z.array(withdrawalSchema) }), ...errors },
      },
    },
    async () => ({ withdrawals: await pendingWithdrawals(deps) }),
  );

  app.post(
    '/api/v1/admin/withdrawals/:id/approve',
    {
      config: { permission: 'withdrawals.decide' },
      schema: {
        tags,
        security,
        summary: 'Approve a withdrawal and mark it sent',
        params: z.object({ id: z.uuid() }),
        body: z.object({ txHash: txHashSchema.optional() }),
        response: { 200: withdrawalSchema, ...errors },
      },
    },
    async (request) => decideWithdrawal(deps, operatorOf(request), request.params.id, { approve: true, txHash: request.body.txHash }),
  );

  app.post(
    '/api/v1/admin/withdrawals/:id/reject',
    {
      config: { permission: 'withdrawals.decide' },
      schema: {
        tags,
        security,
        summary: 'Reject a withdrawal and return the funds',
        params: z.object({ id: z.uuid() }),
        body: adminRejectBodySchema,
        response: { 200: withdrawalSchema, ...errors },
      },
    },
    async (request) => decideWithdrawal(deps, operatorOf(request), request.params.id, { approve: false, reason: request.body.reason }),
  );
};

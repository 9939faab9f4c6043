import {
  adminAdjustBodySchema,
  adminPairBodySchema,
  adminRateBodySchema,
  adminRejectBodySchema,
  adminWithdrawalSchema,
  approvalReplySchema,
  currencySchema,
  errorReplySchema,
  okReplySchema,
  txHashSchema,
  uidSchema,
  withdrawalSchema,
} from '@wallet/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idempotencyKey } from '../../platform/idempotency';
import type { Approvals } from '../approvals/service';
import { operatorOf } from '../operators/context';
import { decideWithdrawal, pendingWithdrawals, type WithdrawalDeps } from '../wallet/withdrawals';
import { requestAdjustment, setPair, setRate } from './service';
import { approveWithdrawal } from './withdrawal-kind';

const errors = { '4xx': errorReplySchema, '5xx': errorReplySchema };

/**
 * Operator actions; each is audited in the transaction of its effect (see service.ts). A balance
 * adjustment, and a withdrawal above approvals.withdrawal_above, answer 202 with an approval request
 * that a second operator approves (ADR 0034).
 */
export const adminRoutes: FastifyPluginAsyncZod<{ deps: WithdrawalDeps; approvals: Approvals }> = async (app, { deps, approvals }) => {
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
        summary: 'Ask to credit (positive) or debit (negative) a member, with a reason: a second operator approves it (ledger code 13)',
        params: z.object({ uid: uidSchema }),
        body: adminAdjustBodySchema,
        response: { 202: approvalReplySchema, ...errors },
      },
    },
    async (request, reply) => {
      // The same Idempotency-Key finds the same request again (the approvals service keeps it in the payload).
      const requestKey = idempotencyKey(request);
      const approval = await requestAdjustment(
        deps,
        approvals,
        operatorOf(request),
        { uid: request.params.uid, ...request.body, requestKey },
        // As every keyed route says of a repeat (platform/idempotency.ts).
        () => reply.header('idempotency-hit', 'true'),
      );
      return reply.code(202).send({ approval });
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
        response: { 200: z.object({ withdrawals: z.array(adminWithdrawalSchema) }), ...errors },
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
        summary: 'Approve a withdrawal and mark it sent; above approvals.withdrawal_above, ask a second operator (202)',
        params: z.object({ id: z.uuid() }),
        body: z.object({ txHash: txHashSchema.optional() }),
        response: { 200: withdrawalSchema, 202: approvalReplySchema, ...errors },
      },
    },
    async (request, reply) => {
      const decided = await approveWithdrawal(deps, approvals, operatorOf(request), request.params.id, request.body.txHash);
      return 'approval' in decided ? reply.code(202).send(decided) : decided.withdrawal;
    },
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

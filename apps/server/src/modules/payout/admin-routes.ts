import {
  adminPayoutArrivedBodySchema,
  adminPayoutOrderListReplySchema,
  adminPayoutSettingsBodySchema,
  adminPayoutSettingsSchema,
  adminRejectBodySchema,
  approvalReplySchema,
  errorReplySchema,
  okReplySchema,
} from '@wallet/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Approvals } from '../approvals/service';
import { operatorOf } from '../operators/context';
import type { PayoutDeps } from './deps';
import { deskDecision, openOrdersForDesk, payoutSettingsForDesk, setPayoutSettings } from './desk';
import { resealPayees } from './payees';

const errors = { '4xx': errorReplySchema, '5xx': errorReplySchema };
const tags = ['admin'];
const security = [{ bearer: [] }];
const operator = operatorOf;
const decidedSchema = z.object({ id: z.uuid(), stage: z.string() });

/** The flash exchange desk: settings, open orders, arrived or rejected (above approvals.payout_above, by two operators: 202). */
export const payoutAdminRoutes: FastifyPluginAsyncZod<{ deps: PayoutDeps; approvals: Approvals }> = async (app, { deps, approvals }) => {
  app.get(
    '/api/v1/admin/payout/settings',
    {
      config: { permission: 'payout.read' },
      schema: {
        tags,
        security,
        summary: 'The flash exchange settings, in the shape PUT takes, with when they last changed',
        response: { 200: adminPayoutSettingsSchema, ...errors },
      },
    },
    async () => payoutSettingsForDesk(deps.db),
  );

  app.put(
    '/api/v1/admin/payout/settings',
    {
      config: { permission: 'payout.settings' },
      schema: {
        tags,
        security,
        summary: 'Set flash exchange limits (USDT), spread and fee, or turn it off',
        body: adminPayoutSettingsBodySchema,
        response: { 200: okReplySchema, ...errors },
      },
    },
    async (request) => {
      await setPayoutSettings(deps, operator(request), request.body);
      return { ok: true as const };
    },
  );

  app.get(
    '/api/v1/admin/payout/orders',
    {
      config: { permission: 'payout.read' },
      schema: {
        tags,
        security,
        summary: 'Flash exchange orders not yet arrived or rejected',
        response: { 200: adminPayoutOrderListReplySchema, ...errors },
      },
    },
    async () => ({ orders: await openOrdersForDesk(deps) }),
  );

  app.post(
    '/api/v1/admin/payout/orders/:id/arrived',
    {
      config: { permission: 'payout.decide' },
      schema: {
        tags,
        security,
        summary: 'Mark an order paid by hand: its USDT hold settles',
        params: z.object({ id: z.uuid() }),
        body: adminPayoutArrivedBodySchema,
        response: { 200: decidedSchema, 202: approvalReplySchema, ...errors },
      },
    },
    async (request, reply) => {
      const decided = await deskDecision(deps, approvals, operator(request), request.params.id, {
        outcome: 'arrived',
        reference: request.body.reference ?? null,
      });
      return 'approval' in decided ? reply.code(202).send(decided) : decided.order;
    },
  );

  app.post(
    '/api/v1/admin/payout/orders/:id/rejected',
    {
      config: { permission: 'payout.decide' },
      schema: {
        tags,
        security,
        summary: 'Reject an order with a reason the member sees: its USDT returns (code 112)',
        params: z.object({ id: z.uuid() }),
        body: adminRejectBodySchema,
        response: { 200: decidedSchema, 202: approvalReplySchema, ...errors },
      },
    },
    async (request, reply) => {
      const decision = { outcome: 'rejected' as const, reason: request.body.reason };
      const decided = await deskDecision(deps, approvals, operator(request), request.params.id, decision);
      return 'approval' in decided ? reply.code(202).send(decided) : decided.order;
    },
  );

  app.post(
    '/api/v1/admin/payout/payees/reseal',
    {
      config: { permission: 'payout.settings' },
      schema: {
        tags,
        security,
        summary: 'Re-seal payee numbers under the current PAYEE_ENCRYPTION_KEY_ID (after a key rotation)',
        response: { 200: z.object({ resealed: z.number().int() }), ...errors },
      },
    },
    async () => ({ resealed: await resealPayees(deps) }),
  );
};

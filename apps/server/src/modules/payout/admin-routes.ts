import {
  adminPayoutArrivedBodySchema,
  adminPayoutOrderListReplySchema,
  adminPayoutSettingsBodySchema,
  adminRejectBodySchema,
  errorReplySchema,
  okReplySchema,
} from '@wallet/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { operatorOf } from '../operators/context';
import type { PayoutDeps } from './deps';
import { decideOrder, openOrdersForDesk, setPayoutSettings } from './desk';
import { resealPayees } from './payees';

const errors = { '4xx': errorReplySchema, '5xx': errorReplySchema };
const tags = ['admin'];
const security = [{ bearer: [] }];
const operator = operatorOf;

/** The flash exchange desk (API only until the operator console): settings, open orders, arrived or rejected. */
export const payoutAdminRoutes: FastifyPluginAsyncZod<{ deps: PayoutDeps }> = async (app, { deps }) => {
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
        response: { 200: z.object({ id: z.uuid(), stage: z.string() }), ...errors },
      },
    },
    async (request) => {
      const ended = await decideOrder(deps, operator(request), request.params.id, {
        outcome: 'arrived',
        reference: request.body.reference ?? null,
      });
      return { id: ended.id, stage: ended.stage };
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
        response: { 200: z.object({ id: z.uuid(), stage: z.string() }), ...errors },
      },
    },
    async (request) => {
      const ended = await decideOrder(deps, operator(request), request.params.id, { outcome: 'rejected', reason: request.body.reason });
      return { id: ended.id, stage: ended.stage };
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

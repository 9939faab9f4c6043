import {
  errorReplySchema,
  largeNodeApplicationBodySchema,
  largeNodeApplicationListSchema,
  largeNodeApplicationSchema,
  nodeAllocationBodySchema,
  nodeAllocationListSchema,
  nodeAllocationSchema,
  nodeOfferSchema,
  nodePurchaseBodySchema,
  nodePurchaseListSchema,
  nodePurchaseSchema,
  nodeUpgradeBodySchema,
  nodeUpgradeSchema,
  placementPageQuerySchema,
} from '@wallet/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { onceInTransaction } from '../../platform/idempotency';
import type { AuthDeps } from '../auth/service';
import { requireSession, signedIn } from '../auth/sessions';
import { allocate, allocationsOf } from './allocations';
import { applicationsOf, apply } from './applications';
import { buySmallNodes, offer, purchasesOf } from './purchases';
import { upgrade } from './upgrades';

const errors = { '4xx': errorReplySchema, '5xx': errorReplySchema };
const tags = ['nodes'];
const security = [{ bearer: [] }];
const idempotencyHeader = z.object({
  'idempotency-key': z.string().optional().describe('Required. Unique per attempt; a retry with the same key returns the first reply'),
});
const me = (request: FastifyRequest) => signedIn(request).userId;

/** The member's nodes (issue 44): the offer, small-node purchases, the upgrade, allocation, large-node applications. */
export const nodeMemberRoutes: FastifyPluginAsyncZod<{ deps: AuthDeps }> = async (app, { deps }) => {
  app.addHook('onRequest', requireSession(deps.db, deps.clock));

  app.get(
    '/api/v1/nodes/offer',
    {
      schema: {
        tags,
        security,
        summary: 'The node offer: small-node price and cap, upgrade ratio, large-node hold, D-pool share, and my nodes',
        response: { 200: nodeOfferSchema, ...errors },
      },
    },
    async (request) => offer(deps, me(request)),
  );

  app.post(
    '/api/v1/nodes/purchases',
    {
      schema: {
        tags,
        security,
        summary: 'Buy small nodes from the USDT wallet at the node price, within the per-member cap',
        description:
          'expectedAmount must equal quantity × the price now (NODE_PRICE_CHANGED otherwise); the cap counts every small node bought (NODE_CAP_REACHED).',
        headers: idempotencyHeader,
        body: nodePurchaseBodySchema,
        response: { 200: nodePurchaseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const userId = me(request);
      return onceInTransaction(deps, request, reply, userId, (keyed) => buySmallNodes(deps, userId, request.body, keyed, request.ip));
    },
  );

  app.get(
    '/api/v1/nodes/purchases',
    {
      schema: {
        tags,
        security,
        summary: 'My small-node purchases, newest first',
        querystring: placementPageQuerySchema,
        response: { 200: nodePurchaseListSchema, ...errors },
      },
    },
    async (request) => purchasesOf(deps.db, me(request), request.query),
  );

  app.post(
    '/api/v1/nodes/upgrades',
    {
      schema: {
        tags,
        security,
        summary: 'Upgrade the ratio of small nodes to one large node, once per key',
        headers: idempotencyHeader,
        body: nodeUpgradeBodySchema,
        response: { 200: nodeUpgradeSchema, ...errors },
      },
    },
    async (request, reply) => {
      const userId = me(request);
      return onceInTransaction(deps, request, reply, userId, (keyed) =>
        upgrade(deps, userId, request.body.paymentPassword, keyed, request.ip),
      );
    },
  );

  app.post(
    '/api/v1/nodes/allocations',
    {
      schema: {
        tags,
        security,
        summary: 'Allocate small or large nodes to another member by email',
        headers: idempotencyHeader,
        body: nodeAllocationBodySchema,
        response: { 200: nodeAllocationSchema, ...errors },
      },
    },
    async (request, reply) => {
      const userId = me(request);
      return onceInTransaction(deps, request, reply, userId, (keyed) => allocate(deps, userId, request.body, keyed, request.ip));
    },
  );

  app.get(
    '/api/v1/nodes/allocations',
    {
      schema: {
        tags,
        security,
        summary: 'Node allocations I made or received, newest first; emails masked',
        querystring: placementPageQuerySchema,
        response: { 200: nodeAllocationListSchema, ...errors },
      },
    },
    async (request) => allocationsOf(deps.db, me(request), request.query),
  );

  app.post(
    '/api/v1/nodes/applications',
    {
      schema: {
        tags,
        security,
        summary: 'Apply for a large node; the large-node amount in USDT is put on hold until an operator decides',
        headers: idempotencyHeader,
        body: largeNodeApplicationBodySchema,
        response: { 200: largeNodeApplicationSchema, ...errors },
      },
    },
    async (request, reply) => {
      const userId = me(request);
      return onceInTransaction(deps, request, reply, userId, (keyed) => apply(deps, userId, request.body, keyed, request.ip));
    },
  );

  app.get(
    '/api/v1/nodes/applications',
    {
      schema: {
        tags,
        security,
        summary: 'My large-node applications, newest first, with their state and reason',
        response: { 200: largeNodeApplicationListSchema, ...errors },
      },
    },
    async (request) => applicationsOf(deps.db, me(request)),
  );
};

import {
  distributionBodySchema,
  distributionListSchema,
  distributionQuerySchema,
  distributionSchema,
  errorReplySchema,
  myPlacementSchema,
  placementPageQuerySchema,
  placementPurchaseBodySchema,
  placementPurchaseListSchema,
  placementPurchaseSchema,
  placementRoundListSchema,
  placementRoundSchema,
} from '@wallet/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { onceInTransaction } from '../../platform/idempotency';
import type { AuthDeps } from '../auth/service';
import { requireSession, signedIn } from '../auth/sessions';
import { distribute, listDistributions } from './distributions';
import { myPlacement } from './my-placement';
import { purchase } from './purchases';
import { getRound, listPurchases, listRounds } from './rounds';

const errors = { '4xx': errorReplySchema, '5xx': errorReplySchema };
// Optional in the schema so a missing key gets its own error code (IDEMPOTENCY_KEY_REQUIRED) from the handler.
const idempotencyHeader = z.object({
  'idempotency-key': z.string().optional().describe('Required. Unique per attempt; a retry with the same key returns the first reply'),
});
const roundParams = z.object({ id: z.uuid() });

/** Private placement for the signed-in member (issue 44): rounds, buying, My placement, distribution. */
export const placementRoutes: FastifyPluginAsyncZod<{ deps: AuthDeps }> = async (app, { deps }) => {
  app.addHook('onRequest', requireSession(deps.db, deps.clock));
  const tags = ['placement'];
  const security = [{ bearer: [] }];

  app.get(
    '/api/v1/placement/rounds',
    {
      schema: {
        tags,
        security,
        summary: 'Rounds open, upcoming, sold out, and closed in the last 30 days (open first)',
        response: { 200: placementRoundListSchema, ...errors },
      },
    },
    async (request) => listRounds(deps, signedIn(request).userId),
  );

  app.get(
    '/api/v1/placement/rounds/:id',
    {
      schema: {
        tags,
        security,
        summary: 'A round with its tiers, price and what I bought',
        params: roundParams,
        response: { 200: placementRoundSchema, ...errors },
      },
    },
    async (request) => getRound(deps, signedIn(request).userId, request.params.id),
  );

  app.post(
    '/api/v1/placement/rounds/:id/purchases',
    {
      schema: {
        tags,
        security,
        summary: 'Buy whole SBC units of a round with USDT (payment password)',
        headers: idempotencyHeader,
        params: roundParams,
        body: placementPurchaseBodySchema,
        response: { 200: placementPurchaseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { userId } = signedIn(request);
      return onceInTransaction(deps, request, reply, userId, (keyed) =>
        purchase(deps, userId, request.params.id, request.body, keyed, request.ip),
      );
    },
  );

  app.get(
    '/api/v1/placement/purchases',
    {
      schema: {
        tags,
        security,
        summary: 'My placement purchases, newest first',
        querystring: placementPageQuerySchema,
        response: { 200: placementPurchaseListSchema, ...errors },
      },
    },
    async (request) => listPurchases(deps, signedIn(request).userId, request.query),
  );

  app.get(
    '/api/v1/placement/me',
    {
      schema: {
        tags,
        security,
        summary: 'My placement: held, estimated value, purchase amount, acquired, awaiting, distributed, nodes',
        response: { 200: myPlacementSchema, ...errors },
      },
    },
    async (request) => myPlacement(deps, signedIn(request).userId),
  );

  app.post(
    '/api/v1/placement/distributions',
    {
      schema: {
        tags,
        security,
        summary: 'Distribute SBC awaiting distribution to another member by email (payment password)',
        headers: idempotencyHeader,
        body: distributionBodySchema,
        response: { 200: distributionSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { userId } = signedIn(request);
      return onceInTransaction(deps, request, reply, userId, (keyed) => distribute(deps, userId, request.body, keyed, request.ip));
    },
  );

  app.get(
    '/api/v1/placement/distributions',
    {
      schema: {
        tags,
        security,
        summary: 'Distributions I made (out) or received (in), newest first, with their count',
        querystring: distributionQuerySchema,
        response: { 200: distributionListSchema, ...errors },
      },
    },
    async (request) => listDistributions(deps, signedIn(request).userId, request.query),
  );
};

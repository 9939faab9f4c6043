import {
  consoleDpoolPeriodBodySchema,
  consoleDpoolPeriodDetailSchema,
  consoleDpoolPeriodListSchema,
  consoleFourEyesReplySchema,
  errorReplySchema,
  nodeDashboardSchema,
  nodeRewardListSchema,
  nodeRewardProofSchema,
  placementPageQuerySchema,
} from '@wallet/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Clock } from '../../../platform/clock';
import type { Db } from '../../../platform/db/database';
import { idempotencyKey } from '../../../platform/idempotency';
import type { Approvals } from '../../approvals/service';
import { requireSession, signedIn } from '../../auth/sessions';
import { operatorOf } from '../../operators/context';
import { consolePeriod, consolePeriods, myRewardProof, myRewards, nodeDashboard } from './reads';
import { requestPeriod } from './record';

const errors = { '4xx': errorReplySchema, '5xx': errorReplySchema };
const security = [{ bearer: [] }];
const me = (request: FastifyRequest) => signedIn(request).userId;
const periodParams = z.object({ id: z.uuid() });
const listQuery = z.object({
  offset: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

export interface DpoolRouteDeps {
  db: Db;
  clock: Clock;
  approvals: Approvals;
}

/** The console's D-pool periods (issue 44): read with nodes.read, recorded with nodes.dpool through four eyes. */
export const dpoolAdminRoutes: FastifyPluginAsyncZod<{ deps: DpoolRouteDeps }> = async (app, { deps }) => {
  const tags = ['admin'];
  app.get(
    '/api/v1/admin/nodes/dpool-periods',
    {
      config: { permission: 'nodes.read' },
      schema: {
        tags,
        security,
        summary: 'D-pool periods, newest first: total, share, pool, snapshot hash, what was paid, carried and left unallocated',
        querystring: listQuery,
        response: { 200: consoleDpoolPeriodListSchema, ...errors },
      },
    },
    async (request) => consolePeriods(deps.db, request.query),
  );

  app.get(
    '/api/v1/admin/nodes/dpool-periods/:id',
    {
      config: { permission: 'nodes.read' },
      schema: {
        tags,
        security,
        summary: 'A D-pool period with one line per holder of its snapshot (emails masked)',
        params: periodParams,
        response: { 200: consoleDpoolPeriodDetailSchema, ...errors },
      },
    },
    async (request) => consolePeriod(deps.db, request.params.id),
  );

  app.post(
    '/api/v1/admin/nodes/dpool-periods',
    {
      config: { permission: 'nodes.dpool' },
      schema: {
        tags,
        security,
        summary:
          "Ask to record a period's SBC D-pool total (Idempotency-Key): a second operator approves; a job then pays large-node holders",
        body: consoleDpoolPeriodBodySchema,
        response: { 202: consoleFourEyesReplySchema, ...errors },
      },
    },
    async (request, reply) => {
      const requestKey = idempotencyKey(request);
      const approvalId = await requestPeriod(deps, operatorOf(request), { ...request.body, requestKey }, () =>
        reply.header('idempotency-hit', 'true'),
      );
      return reply.code(202).send({ approvalId });
    },
  );
};

/** The member's node dashboard (glo) and node rewards with their proofs (jiefen). */
export const dpoolMemberRoutes: FastifyPluginAsyncZod<{ deps: { db: Db; clock: Clock } }> = async (app, { deps }) => {
  const tags = ['nodes'];
  app.addHook('onRequest', requireSession(deps.db, deps.clock));

  app.get(
    '/api/v1/nodes/dashboard',
    {
      schema: {
        tags,
        security,
        summary: 'My nodes, upgrade progress, the next reward estimate, the last period paid, my carry and rewards total',
        response: { 200: nodeDashboardSchema, ...errors },
      },
    },
    async (request) => nodeDashboard(deps.db, me(request)),
  );

  app.get(
    '/api/v1/nodes/rewards',
    {
      schema: {
        tags,
        security,
        summary: "My node rewards, newest first, each with its period's Merkle root and snapshot hash",
        querystring: placementPageQuerySchema,
        response: { 200: nodeRewardListSchema, ...errors },
      },
    },
    async (request) => myRewards(deps.db, me(request), request.query),
  );

  app.get(
    '/api/v1/nodes/rewards/:periodId/proof',
    {
      schema: {
        tags,
        security,
        summary: 'My line of a period and its Merkle proof: verifyDpoolLine(root, leaf, proof) checks it',
        params: z.object({ periodId: z.uuid() }),
        response: { 200: nodeRewardProofSchema, ...errors },
      },
    },
    async (request) => myRewardProof(deps.db, me(request), request.params.periodId),
  );
};

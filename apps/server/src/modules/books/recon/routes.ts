import {
  acceptBreakBody,
  approvalReplySchema,
  bookBreakBody,
  errorReplySchema,
  reconBreakDetailSchema,
  reconBreakListQuery,
  reconBreakSchema,
  reconRunListQuery,
  reconRunSchema,
} from '@wallet/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idempotencyKey } from '../../../platform/idempotency';
import type { Approvals } from '../../approvals/service';
import { recordOperatorAudit } from '../../operators/audit-chain';
import { operatorOf } from '../../operators/context';
import type { BackgroundWork } from '../background';
import { requestBooking } from './booking';
import { acceptBreak } from './breaks';
import { breakById, listBreaks, listRuns, runById } from './reads';
import { finishInBackground, type ReconDeps, startRun } from './run';

const errors = { '4xx': errorReplySchema, '5xx': errorReplySchema };
const tags = ['admin'];
const security = [{ bearer: [] }];
const idParams = z.object({ id: z.uuid() });
const PREFIX = '/api/v1/admin/books';

/** The console's reconciliation (issue 45): runs, breaks and what operators do to them. */
export const reconRoutes: FastifyPluginAsyncZod<{ deps: ReconDeps; approvals: Approvals; background: BackgroundWork }> = async (
  app,
  { deps, approvals, background },
) => {
  const { db } = deps;

  app.get(
    `${PREFIX}/runs`,
    {
      config: { permission: 'books.read' },
      schema: {
        tags,
        security,
        summary: 'Reconciliation runs, newest first',
        querystring: reconRunListQuery,
        response: { 200: z.object({ items: z.array(reconRunSchema), total: z.number().int() }), ...errors },
      },
    },
    async (request) => listRuns(db, request.query),
  );

  app.get(
    `${PREFIX}/runs/:id`,
    {
      config: { permission: 'books.read' },
      schema: { tags, security, summary: 'One reconciliation run', params: idParams, response: { 200: reconRunSchema, ...errors } },
    },
    async (request) => runById(db, request.params.id),
  );

  app.post(
    `${PREFIX}/runs`,
    {
      config: { permission: 'books.run' },
      schema: {
        tags,
        security,
        summary: 'Start a reconciliation now: answers at once with the run, which goes on in the background (409 while another runs)',
        response: { 202: reconRunSchema, ...errors },
      },
    },
    async (request, reply) => {
      const operator = operatorOf(request);
      const run = await startRun(deps, { trigger: 'operator', operatorId: operator.operatorId, cutoffAt: deps.clock.now() }, (trx, runId) =>
        recordOperatorAudit(trx, operator, { action: 'books.run', object: `recon_run:${runId}` }),
      );
      if (!run) throw new Error('an operator run always starts or refuses');
      // Read before the background work starts: the reply tells of the run as started.
      const started = await runById(db, run.id);
      finishInBackground(deps, run, background);
      return reply.code(202).send(started);
    },
  );

  app.get(
    `${PREFIX}/breaks`,
    {
      config: { permission: 'books.read' },
      schema: {
        tags,
        security,
        summary: 'Reconciliation breaks, most recently changed first',
        querystring: reconBreakListQuery,
        response: { 200: z.object({ items: z.array(reconBreakSchema), total: z.number().int() }), ...errors },
      },
    },
    async (request) => {
      const { status, source, offset, limit } = request.query;
      return listBreaks(db, { status, source }, { offset, limit });
    },
  );

  app.get(
    `${PREFIX}/breaks/:id`,
    {
      config: { permission: 'books.read' },
      schema: {
        tags,
        security,
        summary: 'A break and its whole history',
        params: idParams,
        response: { 200: reconBreakDetailSchema, ...errors },
      },
    },
    async (request) => breakById(db, request.params.id),
  );

  app.post(
    `${PREFIX}/breaks/:id/accept`,
    {
      config: { permission: 'books.resolve' },
      schema: {
        tags,
        security,
        summary: 'Accept an open break as it stands, with a note',
        params: idParams,
        body: acceptBreakBody,
        response: { 200: reconBreakDetailSchema, ...errors },
      },
    },
    async (request) => {
      await acceptBreak(deps, operatorOf(request), request.params.id, request.body.note);
      return breakById(db, request.params.id);
    },
  );

  app.post(
    `${PREFIX}/breaks/:id/booking`,
    {
      config: { permission: 'books.resolve' },
      schema: {
        tags,
        security,
        summary: 'Ask to fix a chain or card balance break by a booking (ledger code 430): a second operator approves it',
        params: idParams,
        body: bookBreakBody,
        response: { 202: approvalReplySchema, ...errors },
      },
    },
    async (request, reply) => {
      // The same Idempotency-Key finds the same request again (the approvals service keeps it in the payload).
      const requestKey = idempotencyKey(request);
      const approval = await requestBooking(
        deps,
        approvals,
        operatorOf(request),
        { breakId: request.params.id, note: request.body.note, requestKey },
        () => reply.header('idempotency-hit', 'true'),
      );
      return reply.code(202).send({ approval });
    },
  );
};

import {
  consoleSnapshotSchema,
  errorReplySchema,
  myProofsSchema,
  proofCheckReportBody,
  proofFailureSchema,
  publicSnapshotSchema,
  reconRunListQuery,
  snapshotHistoryItemSchema,
} from '@wallet/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Clock } from '../../../platform/clock';
import { AppError } from '../../../platform/errors';
import { requireSession, signedIn } from '../../auth/sessions';
import { recordOperatorAudit } from '../../operators/audit-chain';
import { operatorOf } from '../../operators/context';
import type { BackgroundWork } from '../background';
import { beginSnapshot, completeSnapshot, type SnapshotDeps } from './snapshot';
import {
  consoleSnapshots,
  consoleView,
  latestPublicSnapshot,
  myProofs,
  proofFailures,
  publishedSnapshot,
  recordChecks,
  snapshotHistory,
} from './views';

export type ReservesRouteDeps = SnapshotDeps & { clock: Clock };

const errors = { '4xx': errorReplySchema, '5xx': errorReplySchema };
const snapshotParams = z.object({ id: z.uuid() });
const page = reconRunListQuery;
/** Public and the same for everyone: shared caches may keep it a little while; a new snapshot comes once a day. */
const PUBLIC_CACHE = 'public, max-age=60';

/**
 * Proof of reserves over HTTP (issue 45): the public page (no sign-in), the member's own proofs and
 * what their app found, and the console's snapshots and failed checks.
 */
export const reservesRoutes: FastifyPluginAsyncZod<{ deps: ReservesRouteDeps; background: BackgroundWork }> = async (
  app,
  { deps, background },
) => {
  const { db } = deps;
  const tags = ['reserves'];

  app.get(
    '/api/v1/reserves',
    { schema: { tags, summary: 'The latest published proof-of-reserves snapshot', response: { 200: publicSnapshotSchema, ...errors } } },
    async (_request, reply) => {
      reply.header('cache-control', PUBLIC_CACHE);
      return latestPublicSnapshot(db);
    },
  );

  app.get(
    '/api/v1/reserves/history',
    {
      schema: {
        tags,
        summary: 'Published snapshots, newest cut-off first',
        querystring: page,
        response: { 200: z.object({ items: z.array(snapshotHistoryItemSchema), total: z.number().int() }), ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', PUBLIC_CACHE);
      return snapshotHistory(db, request.query);
    },
  );

  const memberRoutes: FastifyPluginAsyncZod = async (member) => {
    member.addHook('onRequest', requireSession(db, deps.clock));
    const security = [{ bearer: [] }];

    member.get(
      '/api/v1/reserves/mine',
      {
        schema: {
          tags,
          security,
          summary: 'My inclusion proofs in the latest snapshot, one per currency, and what my app reported',
          response: { 200: myProofsSchema, ...errors },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'private, no-store');
        return myProofs(db, signedIn(request).userId);
      },
    );

    member.post(
      '/api/v1/reserves/mine/checks',
      {
        schema: {
          tags,
          security,
          summary: 'What my app found when it checked my proofs',
          body: proofCheckReportBody,
          response: { 204: z.null(), ...errors },
        },
      },
      async (request, reply) => {
        await recordChecks(db, signedIn(request).userId, request.body, request.headers['user-agent']);
        return reply.code(204).send(null);
      },
    );
  };
  await app.register(memberRoutes);

  // After /mine and /history, which a parameter would otherwise also match.
  app.get(
    '/api/v1/reserves/:id',
    {
      schema: { tags, summary: 'One published snapshot', params: snapshotParams, response: { 200: publicSnapshotSchema, ...errors } },
    },
    async (request, reply) => {
      reply.header('cache-control', PUBLIC_CACHE);
      return publishedSnapshot(db, request.params.id);
    },
  );

  const admin = ['admin'];
  const security = [{ bearer: [] }];

  app.get(
    '/api/v1/admin/books/snapshots',
    {
      config: { permission: 'books.read' },
      schema: {
        tags: admin,
        security,
        summary: 'Proof-of-reserves snapshots, newest first, with failed member checks',
        querystring: page,
        response: { 200: z.object({ items: z.array(consoleSnapshotSchema), total: z.number().int() }), ...errors },
      },
    },
    async (request) => consoleSnapshots(db, request.query),
  );

  app.post(
    '/api/v1/admin/books/snapshots',
    {
      config: { permission: 'books.run' },
      schema: {
        tags: admin,
        security,
        summary: 'Build a snapshot now (cut-off now), in the background; answers it while it builds',
        response: { 200: consoleSnapshotSchema, ...errors },
      },
    },
    async (request) => {
      const operator = operatorOf(request);
      const now = deps.clock.now();
      const snapshot = await beginSnapshot(db, now, now, (trx, begun) =>
        recordOperatorAudit(trx, operator, {
          action: 'books.snapshot.build',
          object: `reserves_snapshot:${begun.id}`,
          after: { cutoffAt: begun.cutoff_at.toISOString() },
        }),
      );
      // Null only when this very instant already has a snapshot (two clicks in one millisecond): one builds.
      if (!snapshot) throw new AppError('RESERVES_SNAPSHOT_IN_PROGRESS');
      background.start(() =>
        completeSnapshot(deps, snapshot).catch(() => {
          // completeSnapshot marked it failed and logged why; the console shows the error.
        }),
      );
      return consoleView(snapshot);
    },
  );

  app.get(
    '/api/v1/admin/books/proof-failures',
    {
      config: { permission: 'books.read' },
      schema: {
        tags: admin,
        security,
        summary: "Members' failed proof checks, newest first",
        querystring: page,
        response: { 200: z.object({ items: z.array(proofFailureSchema) }), ...errors },
      },
    },
    async (request) => proofFailures(db, request.query),
  );
};

import {
  adminAssignDepositBodySchema,
  checkTxBodySchema,
  depositListReplySchema,
  depositSchema,
  errorReplySchema,
  topUpInfoReplySchema,
} from '@wallet/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Clock } from '../../platform/clock';
import type { Config } from '../../platform/config';
import type { Db } from '../../platform/db/database';
import { requireSession, signedIn } from '../auth/sessions';
import { operatorOf } from '../operators/context';
import type { ChainService } from './service';

const errors = { '4xx': errorReplySchema, '5xx': errorReplySchema };

type Deps = { db: Db; clock: Clock; chain: ChainService; config: Config };

/** The top-up page: where to send, the day's remaining top-ups, my deposits, and "check this hash". */
export const topUpRoutes: FastifyPluginAsyncZod<Deps> = async (app, { db, clock, chain }) => {
  app.addHook('onRequest', requireSession(db, clock));
  const tags = ['top-up'];
  const security = [{ bearer: [] }];

  app.get(
    '/api/v1/topup',
    {
      schema: {
        tags,
        security,
        summary: 'Deposit addresses per network, my bound address and today’s remaining top-ups',
        response: { 200: topUpInfoReplySchema, ...errors },
      },
    },
    async (request) => chain.topUpInfo(signedIn(request).userId),
  );

  app.get(
    '/api/v1/topup/deposits',
    { schema: { tags, security, summary: 'My on-chain deposits with their status', response: { 200: depositListReplySchema, ...errors } } },
    async (request) => ({ deposits: await chain.listDeposits(signedIn(request).userId) }),
  );

  app.post(
    '/api/v1/topup/check',
    {
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags,
        security,
        summary: 'Check a transaction hash now; credited only under the usual rules (sender must be my bound address)',
        body: checkTxBodySchema,
        response: { 200: depositListReplySchema, ...errors },
      },
    },
    async (request) => ({ deposits: await chain.checkTransaction(signedIn(request).userId, request.body.network, request.body.txHash) }),
  );
};

/** Operators: deposits that belong to nobody, and assigning one to a user (audited). */
export const depositAdminRoutes: FastifyPluginAsyncZod<{ chain: ChainService }> = async (app, { chain }) => {
  const tags = ['admin'];
  const security = [{ bearer: [] }];

  app.get(
    '/api/v1/admin/deposits/unattributed',
    {
      config: { permission: 'deposits.read' },
      schema: {
        tags,
        security,
        summary: 'Confirmed deposits from senders nobody bound',
        response: { 200: depositListReplySchema, ...errors },
      },
    },
    async () => ({ deposits: await chain.unattributed() }),
  );

  app.post(
    '/api/v1/admin/deposits/:id/assign',
    {
      config: { permission: 'deposits.assign' },
      schema: {
        tags,
        security,
        summary: 'Give an unattributed deposit to a user (credited under the daily top-up limit)',
        params: z.object({ id: z.uuid() }),
        body: adminAssignDepositBodySchema,
        response: { 200: depositSchema, ...errors },
      },
    },
    async (request) => chain.assign(operatorOf(request), request.params.id, request.body.uid, request.body.reason),
  );
};

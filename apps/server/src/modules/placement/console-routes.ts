import {
  consoleRoundBodySchema,
  consoleRoundCloseBodySchema,
  consoleRoundListSchema,
  consoleRoundQuerySchema,
  consoleRoundReplySchema,
  errorReplySchema,
} from '@wallet/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { operatorOf } from '../operators/context';
import { closeRound, createRound, editRound, getConsoleRound, listConsoleRounds, type PlacementConsoleDeps } from './console-rounds';

const errors = { '4xx': errorReplySchema, '5xx': errorReplySchema };
const tags = ['admin'];
const security = [{ bearer: [] }];
const roundParams = z.object({ id: z.uuid() });

/** Placement rounds in the console (issue 44): read with placement.read, changed with placement.rounds. */
export const placementAdminRoutes: FastifyPluginAsyncZod<{ deps: PlacementConsoleDeps }> = async (app, { deps }) => {
  app.get(
    '/api/v1/admin/placement/rounds',
    {
      config: { permission: 'placement.read' },
      schema: {
        tags,
        security,
        summary: 'Placement rounds, newest start first, with buyers and USDT raised',
        querystring: consoleRoundQuerySchema,
        response: { 200: consoleRoundListSchema, ...errors },
      },
    },
    async (request) => listConsoleRounds(deps, request.query),
  );

  app.get(
    '/api/v1/admin/placement/rounds/:id',
    {
      config: { permission: 'placement.read' },
      schema: { tags, security, summary: 'A placement round', params: roundParams, response: { 200: consoleRoundReplySchema, ...errors } },
    },
    async (request) => getConsoleRound(deps, request.params.id),
  );

  app.post(
    '/api/v1/admin/placement/rounds',
    {
      config: { permission: 'placement.rounds' },
      schema: {
        tags,
        security,
        summary: 'Create a placement round (tiers, limits, window, KYC)',
        body: consoleRoundBodySchema,
        response: { 200: consoleRoundReplySchema, ...errors },
      },
    },
    async (request) => createRound(deps, operatorOf(request), request.body),
  );

  app.put(
    '/api/v1/admin/placement/rounds/:id',
    {
      config: { permission: 'placement.rounds' },
      schema: {
        tags,
        security,
        summary: 'Edit a round; tiers, limits and start only while nothing is sold',
        params: roundParams,
        body: consoleRoundBodySchema,
        response: { 200: consoleRoundReplySchema, ...errors },
      },
    },
    async (request) => editRound(deps, operatorOf(request), request.params.id, request.body),
  );

  app.post(
    '/api/v1/admin/placement/rounds/:id/close',
    {
      config: { permission: 'placement.rounds' },
      schema: {
        tags,
        security,
        summary: 'Close a round now, with a reason',
        params: roundParams,
        body: consoleRoundCloseBodySchema,
        response: { 200: consoleRoundReplySchema, ...errors },
      },
    },
    async (request) => closeRound(deps, operatorOf(request), request.params.id, request.body.reason),
  );
};

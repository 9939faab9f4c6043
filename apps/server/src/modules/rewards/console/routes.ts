import {
  agencyMemberQuerySchema,
  agencyMemberSchema,
  agencyRatesSchema,
  agencyRoleBodySchema,
  agencyRoleReplySchema,
  agencyTicketGrantBodySchema,
  agencyTicketGrantListSchema,
  agencyTicketGrantSchema,
  agencyTicketGrantsQuerySchema,
  approvalReplySchema,
  errorReplySchema,
  rewardRuleBodySchema,
  rewardRuleSchema,
  rewardTaskBodySchema,
  rewardTaskSchema,
  uidSchema,
} from '@wallet/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idempotencyKey } from '../../../platform/idempotency';
import { operatorOf } from '../../operators/context';
import * as agency from './service';

const errors = { '4xx': errorReplySchema, '5xx': errorReplySchema };
const tags = ['admin'];
const security = [{ bearer: [] }];
const uidParams = z.object({ uid: uidSchema });

/** The agency programme in the console (issue 43): roles, rates, tasks and card-ticket grants. */
export const agencyAdminRoutes: FastifyPluginAsyncZod<{ deps: agency.AgencyConsoleDeps }> = async (app, { deps }) => {
  app.get(
    '/api/v1/admin/agency/members/:uid',
    {
      config: { permission: 'agency.read' },
      schema: {
        tags,
        security,
        summary: 'A member in the programme: role and its history, upline, team per depth, tickets, direct invitees (paged)',
        params: uidParams,
        querystring: agencyMemberQuerySchema,
        response: { 200: agencyMemberSchema, ...errors },
      },
    },
    async (request) => agency.memberView(deps, request.params.uid, request.query),
  );

  app.put(
    '/api/v1/admin/agency/members/:uid/role',
    {
      config: { permission: 'agency.roles' },
      schema: {
        tags,
        security,
        summary: "Set or remove a member's agency role; to or from city partner it asks a second operator (202)",
        params: uidParams,
        body: agencyRoleBodySchema,
        response: { 200: agencyRoleReplySchema, 202: approvalReplySchema, ...errors },
      },
    },
    async (request, reply) => {
      const changed = await agency.changeRole(deps, operatorOf(request), request.params.uid, request.body);
      return 'approval' in changed ? reply.code(202).send({ approval: changed.approval }) : changed.applied;
    },
  );

  app.get(
    '/api/v1/admin/agency/rates',
    {
      config: { permission: 'agency.read' },
      schema: {
        tags,
        security,
        summary: 'The reward rule in force per event kind, role and level, and every version with its start',
        response: { 200: agencyRatesSchema, ...errors },
      },
    },
    async () => agency.rates(deps),
  );

  app.post(
    '/api/v1/admin/agency/rates',
    {
      config: { permission: 'agency.rates' },
      schema: {
        tags,
        security,
        summary: 'A new version of a reward rule, from its start time (now or later); versions are never edited',
        body: rewardRuleBodySchema,
        response: { 200: rewardRuleSchema, ...errors },
      },
    },
    async (request) => agency.addRule(deps, operatorOf(request), request.body),
  );

  app.get(
    '/api/v1/admin/agency/tasks',
    {
      config: { permission: 'agency.read' },
      schema: {
        tags,
        security,
        summary: 'The reward tasks, newest first',
        response: { 200: z.object({ items: z.array(rewardTaskSchema) }), ...errors },
      },
    },
    async () => ({ items: await agency.tasks(deps) }),
  );

  app.post(
    '/api/v1/admin/agency/tasks',
    {
      config: { permission: 'agency.rates' },
      schema: {
        tags,
        security,
        summary: 'A task: a goal (cards opened, spending) within days of joining, paid in USDT (ledger code 33)',
        body: rewardTaskBodySchema,
        response: { 200: rewardTaskSchema, ...errors },
      },
    },
    async (request) => agency.addTask(deps, operatorOf(request), request.body),
  );

  app.put(
    '/api/v1/admin/agency/tasks/:id/end',
    {
      config: { permission: 'agency.rates' },
      schema: {
        tags,
        security,
        summary: 'End a task now',
        params: z.object({ id: z.string().regex(/^\d{1,18}$/) }),
        response: { 200: rewardTaskSchema, ...errors },
      },
    },
    async (request) => agency.endTask(deps, operatorOf(request), request.params.id),
  );

  app.get(
    '/api/v1/admin/agency/tickets',
    {
      config: { permission: 'agency.read' },
      schema: {
        tags,
        security,
        summary: 'Card-ticket grants, newest first, with the tickets each has left',
        querystring: agencyTicketGrantsQuerySchema,
        response: { 200: agencyTicketGrantListSchema, ...errors },
      },
    },
    async (request) => agency.grants(deps, request.query),
  );

  app.post(
    '/api/v1/admin/agency/members/:uid/tickets',
    {
      config: { permission: 'agency.tickets' },
      schema: {
        tags,
        security,
        summary: 'Grant card tickets to an agency member; a retry with the same Idempotency-Key grants nothing more',
        params: uidParams,
        headers: z.object({ 'idempotency-key': z.string().optional() }),
        body: agencyTicketGrantBodySchema,
        response: { 200: agencyTicketGrantSchema, ...errors },
      },
    },
    async (request, reply) =>
      agency.grantTickets(
        deps,
        operatorOf(request),
        request.params.uid,
        { ...request.body, requestKey: idempotencyKey(request) },
        // As every keyed route says of a repeat (platform/idempotency.ts).
        () => reply.header('idempotency-hit', 'true'),
      ),
  );
};

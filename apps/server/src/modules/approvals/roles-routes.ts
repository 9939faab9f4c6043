import { approvalReplySchema, errorReplySchema, operatorRolesChangeBodySchema } from '@wallet/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../platform/db/database';
import { operatorOf } from '../operators/context';
import { requestRolesChange } from './roles-kind';
import type { Approvals } from './service';

const errors = { '4xx': errorReplySchema, '5xx': errorReplySchema };

/** A change of an operator's roles: always a request for a second admin (202). */
export const rolesRoutes: FastifyPluginAsyncZod<{ db: Db; approvals: Approvals }> = async (app, deps) => {
  app.put(
    '/api/v1/admin/operators/:id/roles',
    {
      config: { permission: 'operators.write' },
      schema: {
        tags: ['admin'],
        security: [{ bearer: [] }],
        summary: "Ask for a change of an operator's roles: a second admin approves it",
        params: z.object({ id: z.uuid() }),
        body: operatorRolesChangeBodySchema,
        response: { 202: approvalReplySchema, ...errors },
      },
    },
    async (request, reply) => {
      const approval = await requestRolesChange(deps, operatorOf(request), request.params.id, request.body.roles);
      return reply.code(202).send({ approval });
    },
  );
};

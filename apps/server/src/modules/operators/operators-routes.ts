import {
  apiKeySchema,
  apiKeysQuerySchema,
  apiKeysReplySchema,
  createApiKeyBodySchema,
  createdApiKeyReplySchema,
  errorReplySchema,
  invitedOperatorReplySchema,
  inviteOperatorBodySchema,
  operatorSchema,
  operatorsQuerySchema,
  operatorsReplySchema,
} from '@wallet/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createApiKey, listApiKeys, revokeApiKey } from './api-keys';
import { operatorOf } from './context';
import type { OperatorDeps } from './deps';
import { createOperator, listOperators, setOperatorStatus } from './operators-service';

const errors = { '4xx': errorReplySchema, '5xx': errorReplySchema };

/** Operators and API keys (admins change them, auditors read them). Role changes go through four eyes (approvals). */
export const operatorsRoutes: FastifyPluginAsyncZod<{ deps: OperatorDeps }> = async (app, { deps }) => {
  const tags = ['console operators'];
  const security = [{ bearer: [] }];
  const id = z.object({ id: z.uuid() });

  app.get(
    '/api/v1/admin/operators',
    {
      config: { permission: 'operators.read' },
      schema: {
        tags,
        security,
        summary: 'Operators',
        querystring: operatorsQuerySchema,
        response: { 200: operatorsReplySchema, ...errors },
      },
    },
    async (request) => listOperators(deps.db, request.query),
  );

  app.post(
    '/api/v1/admin/operators',
    {
      config: { permission: 'operators.write' },
      schema: {
        tags,
        security,
        summary: 'Invite an operator: a single-use enrolment link (72 hours), also mailed to them',
        body: inviteOperatorBodySchema,
        response: { 200: invitedOperatorReplySchema, ...errors },
      },
    },
    async (request) => createOperator(deps, operatorOf(request), request.body),
  );

  for (const [action, status] of [
    ['disable', 'disabled'],
    ['enable', 'active'],
  ] as const)
    app.post(
      `/api/v1/admin/operators/:id/${action}`,
      {
        config: { permission: 'operators.write' },
        schema: {
          tags,
          security,
          summary:
            action === 'disable'
              ? 'Disable an operator: their sessions end and the API keys they made are revoked'
              : 'Enable an operator again (sessions and keys are not given back)',
          params: id,
          response: { 200: operatorSchema, ...errors },
        },
      },
      async (request) => setOperatorStatus(deps, operatorOf(request), request.params.id, status),
    );

  app.get(
    '/api/v1/admin/api-keys',
    {
      config: { permission: 'api_keys.read' },
      schema: {
        tags,
        security,
        summary: 'Operator API keys',
        querystring: apiKeysQuerySchema,
        response: { 200: apiKeysReplySchema, ...errors },
      },
    },
    async (request) => listApiKeys(deps.db, request.query),
  );

  app.post(
    '/api/v1/admin/api-keys',
    {
      config: { permission: 'api_keys.write' },
      schema: {
        tags,
        security,
        summary: 'Make an API key scoped to roles; the key is in this reply only',
        body: createApiKeyBodySchema,
        response: { 200: createdApiKeyReplySchema, ...errors },
      },
    },
    async (request) => createApiKey(deps, operatorOf(request), request.body),
  );

  app.delete(
    '/api/v1/admin/api-keys/:id',
    {
      config: { permission: 'api_keys.write' },
      schema: { tags, security, summary: 'Revoke an API key', params: id, response: { 200: apiKeySchema, ...errors } },
    },
    async (request) => revokeApiKey(deps, operatorOf(request), request.params.id),
  );
};

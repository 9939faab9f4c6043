import {
  consoleRecoveryCodesReplySchema,
  consoleWebauthnOptionsSchema,
  errorReplySchema,
  okReplySchema,
  operatorPasskeyBodySchema,
  operatorPasskeySchema,
  operatorPasskeysReplySchema,
  operatorSessionsReplySchema,
} from '@wallet/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { relyingPartyFor } from '../auth/second-factor/relying-party';
import { addOwnPasskey, listOwnPasskeys, removeOwnPasskey, renewRecoveryCodes } from './account';
import { operatorOf } from './context';
import type { OperatorDeps } from './deps';
import { clearConsoleCookie } from './guard';
import { passkeyRegistrationOptions } from './passkeys';
import { listSessions, revokeOwnSession } from './sessions';

const errors = { '4xx': errorReplySchema, '5xx': errorReplySchema };

/** The signed-in operator's own sessions, passkeys and recovery codes: every role has them. */
export const consoleMeRoutes: FastifyPluginAsyncZod<{ deps: OperatorDeps }> = async (app, { deps }) => {
  const tags = ['console auth'];
  const config = { permission: 'dashboard.read' as const };
  const id = z.object({ id: z.uuid() });

  app.get(
    '/api/v1/admin/me/sessions',
    { config, schema: { tags, summary: 'My signed-in console sessions', response: { 200: operatorSessionsReplySchema, ...errors } } },
    async (request) => listSessions(deps, operatorOf(request)),
  );

  app.delete(
    '/api/v1/admin/me/sessions/:id',
    { config, schema: { tags, summary: 'End one of my sessions (this one too)', params: id, response: { 200: okReplySchema, ...errors } } },
    async (request, reply) => {
      const operator = operatorOf(request);
      await revokeOwnSession(deps, operator, request.params.id);
      if (request.params.id === operator.sessionId) clearConsoleCookie(request, reply);
      return { ok: true as const };
    },
  );

  app.get(
    '/api/v1/admin/me/passkeys',
    { config, schema: { tags, summary: 'My passkeys', response: { 200: operatorPasskeysReplySchema, ...errors } } },
    async (request) => listOwnPasskeys(deps, operatorOf(request)),
  );

  app.post(
    '/api/v1/admin/me/passkeys/options',
    {
      config,
      schema: { tags, summary: 'WebAuthn creation options for a new passkey', response: { 200: consoleWebauthnOptionsSchema, ...errors } },
    },
    async (request) => {
      const operator = operatorOf(request);
      return passkeyRegistrationOptions(
        deps,
        { id: operator.operatorId, email: operator.email },
        relyingPartyFor(deps.secondFactor.relyingParty, request),
      );
    },
  );

  app.post(
    '/api/v1/admin/me/passkeys',
    {
      config,
      schema: { tags, summary: 'Register a passkey', body: operatorPasskeyBodySchema, response: { 200: operatorPasskeySchema, ...errors } },
    },
    async (request) =>
      addOwnPasskey(
        deps,
        operatorOf(request),
        request.body.label,
        request.body.response,
        relyingPartyFor(deps.secondFactor.relyingParty, request),
      ),
  );

  app.delete(
    '/api/v1/admin/me/passkeys/:id',
    { config, schema: { tags, summary: 'Remove one of my passkeys', params: id, response: { 200: okReplySchema, ...errors } } },
    async (request) => {
      await removeOwnPasskey(deps, operatorOf(request), request.params.id);
      return { ok: true as const };
    },
  );

  app.post(
    '/api/v1/admin/me/recovery-codes',
    {
      config,
      schema: {
        tags,
        summary: 'Replace my recovery codes with ten new ones, shown once',
        response: { 200: consoleRecoveryCodesReplySchema, ...errors },
      },
    },
    async (request) => renewRecoveryCodes(deps, operatorOf(request)),
  );
};

import {
  consoleCodeBodySchema,
  consolePasskeyBodySchema,
  consolePasswordBodySchema,
  consolePasswordReplySchema,
  consoleRecoveryBodySchema,
  consoleWebauthnOptionsSchema,
  enrolBodySchema,
  errorReplySchema,
  okReplySchema,
  operatorReplySchema,
  totpEnrolReplySchema,
} from '@wallet/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../platform/errors';
import { relyingPartyFor } from '../auth/second-factor/relying-party';
import { csrfTokenFor, csrfTokenMatches, fromOwnOrigin } from '../auth/session-cookie';
import { operatorOf } from './context';
import type { OperatorDeps } from './deps';
import { clearConsoleCookie, setConsoleCookie } from './guard';
import { clientOf, consoleCookieToken, signInStepToken } from './http';
import { enrol } from './operators-service';
import { passkeyAuthenticationOptions } from './passkeys';
import { meOf, pendingSession, signOut } from './sessions';
import { enrolTotp, signInWithPasskey, signInWithPassword, signInWithRecoveryCode, signInWithTotp } from './sign-in';

const errors = { '4xx': errorReplySchema, '5xx': errorReplySchema };

/** The console's sign-in steps (open before sign-in: operatorPublic) and the signed-in operator. */
export const consoleAuthRoutes: FastifyPluginAsyncZod<{ deps: OperatorDeps; loginsPerMinute: number }> = async (
  app,
  { deps, loginsPerMinute },
) => {
  const tags = ['console auth'];
  const open = { operatorPublic: true, rateLimit: { max: loginsPerMinute, timeWindow: '1 minute' } };
  const signedIn = (request: FastifyRequest, reply: FastifyReply, token: string) => {
    setConsoleCookie(request, reply, token);
    return { csrfToken: csrfTokenFor(token) };
  };

  app.post(
    '/api/v1/admin/auth/password',
    {
      config: open,
      schema: {
        tags,
        summary: "Sign in with email and password: a 'password'-stage session; next, the authenticator's enrolment or a second factor",
        body: consolePasswordBodySchema,
        response: { 200: consolePasswordReplySchema, ...errors },
      },
    },
    async (request, reply) => {
      signInStepToken(request, { continuing: false });
      const { token, reply: step } = await signInWithPassword(deps, request.body.email, request.body.password, clientOf(request));
      setConsoleCookie(request, reply, token);
      return step;
    },
  );

  app.post(
    '/api/v1/admin/auth/totp/enrol',
    {
      config: open,
      schema: {
        tags,
        summary: "First sign-in: the new authenticator's first code turns it on; answers the ten recovery codes, shown once",
        body: consoleCodeBodySchema,
        response: { 200: totpEnrolReplySchema, ...errors },
      },
    },
    async (request, reply) => {
      const token = signInStepToken(request, { continuing: true });
      const done = await enrolTotp(deps, token, request.body.code, clientOf(request));
      signedIn(request, reply, done.token);
      return { recoveryCodes: done.recoveryCodes, operator: done.me };
    },
  );

  app.post(
    '/api/v1/admin/auth/totp',
    {
      config: open,
      schema: {
        tags,
        summary: 'Finish signing in with the authenticator code',
        body: consoleCodeBodySchema,
        response: { 200: operatorReplySchema, ...errors },
      },
    },
    async (request, reply) => {
      const token = signInStepToken(request, { continuing: true });
      const done = await signInWithTotp(deps, token, request.body.code, clientOf(request));
      signedIn(request, reply, done.token);
      return { operator: done.me };
    },
  );

  app.post(
    '/api/v1/admin/auth/recovery',
    {
      config: open,
      schema: {
        tags,
        summary: 'Finish signing in with a recovery code (each works once)',
        body: consoleRecoveryBodySchema,
        response: { 200: operatorReplySchema, ...errors },
      },
    },
    async (request, reply) => {
      const token = signInStepToken(request, { continuing: true });
      const done = await signInWithRecoveryCode(deps, token, request.body.code, clientOf(request));
      signedIn(request, reply, done.token);
      return { operator: done.me };
    },
  );

  app.post(
    '/api/v1/admin/auth/passkey/options',
    {
      config: open,
      schema: {
        tags,
        summary: "A passkey challenge for the sign-in's second step",
        body: z.object({}).optional(),
        response: { 200: consoleWebauthnOptionsSchema, ...errors },
      },
    },
    async (request) => {
      const session = await pendingSession(deps, signInStepToken(request, { continuing: true }));
      return passkeyAuthenticationOptions(deps, session.operator_id, relyingPartyFor(deps.secondFactor.relyingParty, request));
    },
  );

  app.post(
    '/api/v1/admin/auth/passkey',
    {
      config: open,
      schema: {
        tags,
        summary: 'Finish signing in with a passkey',
        body: consolePasskeyBodySchema,
        response: { 200: operatorReplySchema, ...errors },
      },
    },
    async (request, reply) => {
      const token = signInStepToken(request, { continuing: true });
      const party = relyingPartyFor(deps.secondFactor.relyingParty, request);
      const done = await signInWithPasskey(deps, token, request.body.response, party, clientOf(request));
      signedIn(request, reply, done.token);
      return { operator: done.me };
    },
  );

  app.post(
    '/api/v1/admin/auth/enrol',
    {
      config: open,
      schema: {
        tags,
        summary: 'Set the password from a single-use enrolment link',
        body: enrolBodySchema,
        response: { 200: okReplySchema, ...errors },
      },
    },
    async (request) => {
      signInStepToken(request, { continuing: false });
      await enrol(deps, request.body.token, request.body.password, clientOf(request));
      return { ok: true as const };
    },
  );

  app.post(
    '/api/v1/admin/auth/logout',
    {
      config: { operatorPublic: true },
      schema: { tags, summary: 'Sign out: the session ends', response: { 200: okReplySchema, ...errors } },
    },
    async (request, reply) => {
      if (!fromOwnOrigin(request)) throw new AppError('CROSS_SITE_REQUEST');
      // The session ends when the call proves it is the console's (its CSRF token); a console that lost
      // the token (a reload after the idle limit) still gets its cookie cleared.
      const token = consoleCookieToken(request);
      if (token && csrfTokenMatches(request, token)) await signOut(deps, token, clientOf(request));
      clearConsoleCookie(request, reply);
      return { ok: true as const };
    },
  );

  app.get(
    '/api/v1/admin/session',
    {
      config: { permission: 'dashboard.read' },
      schema: {
        tags,
        summary: 'The signed-in operator: roles, permissions, CSRF token, idle timeout',
        response: { 200: operatorReplySchema.shape.operator, ...errors },
      },
    },
    async (request) => {
      const operator = operatorOf(request);
      return meOf(
        deps.db,
        { id: operator.operatorId, email: operator.email, roles: operator.roles },
        operator.apiKeyId ? null : consoleCookieToken(request),
      );
    },
  );
};

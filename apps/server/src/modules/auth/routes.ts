import {
  codeLoginBodySchema,
  codePurposeSchema,
  csrfReplySchema,
  emailSchema,
  errorReplySchema,
  loginReplySchema,
  okReplySchema,
  passwordLoginBodySchema,
  registerBodySchema,
  resetPasswordBodySchema,
  sendCodeReplySchema,
  signInReplySchema,
} from '@wallet/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../platform/config';
import { keepDeviceKey, registerDeviceKeys, signInDevice } from './second-factor/device-key';
import * as auth from './service';
import { clearSessionCookie, csrfTokenFor, deliverSessionsAsCookies } from './session-cookie';
import { authenticate, sessionToken } from './sessions';

const errors = { '4xx': errorReplySchema, '5xx': errorReplySchema };

/** Sign-up and sign-in: the only account routes reachable without a session. */
export const authRoutes: FastifyPluginAsyncZod<{ deps: auth.AuthDeps; config: Config }> = async (app, { deps, config }) => {
  registerDeviceKeys(app);
  const loginLimit = { rateLimit: { max: config.RATE_LIMIT_LOGINS_PER_MINUTE, timeWindow: '1 minute' } };
  const codeLimit = { rateLimit: { max: config.RATE_LIMIT_CODES_PER_HOUR, timeWindow: '1 hour' } };
  const tags = ['auth'];
  deliverSessionsAsCookies(app);

  app.post(
    '/api/v1/auth/codes',
    {
      config: codeLimit,
      schema: {
        tags,
        summary: 'Email a 6-digit code to register, log in or reset the password',
        body: z.object({ email: emailSchema, purpose: codePurposeSchema.extract(['register', 'login', 'reset_password']) }),
        response: { 200: sendCodeReplySchema, ...errors },
      },
    },
    async (request) => auth.sendPublicCode(deps, request.body.email, request.body.purpose, request.language),
  );

  app.post(
    '/api/v1/auth/register',
    {
      config: loginLimit,
      schema: {
        tags,
        summary: 'Create an account and sign in',
        body: registerBodySchema,
        response: { 200: signInReplySchema, ...errors },
      },
    },
    async (request) =>
      keepDeviceKey(request, await auth.register(deps, { ...request.body, language: request.language }, signInDevice(request))),
  );

  app.post(
    '/api/v1/auth/login/password',
    {
      config: loginLimit,
      schema: {
        tags,
        summary: 'Sign in with email and password',
        body: passwordLoginBodySchema,
        response: { 200: loginReplySchema, ...errors },
      },
    },
    async (request) =>
      keepDeviceKey(request, await auth.loginWithPassword(deps, request.body.email, request.body.password, signInDevice(request))),
  );

  app.post(
    '/api/v1/auth/login/code',
    {
      config: loginLimit,
      schema: {
        tags,
        summary: 'Sign in with email and emailed code',
        body: codeLoginBodySchema,
        response: { 200: loginReplySchema, ...errors },
      },
    },
    async (request) => keepDeviceKey(request, await auth.loginWithCode(deps, request.body.email, request.body.code, signInDevice(request))),
  );

  app.post(
    '/api/v1/auth/password/reset',
    {
      config: loginLimit,
      schema: {
        tags,
        summary: 'Set a new password with an emailed code',
        body: resetPasswordBodySchema,
        response: { 200: loginReplySchema, ...errors },
      },
    },
    async (request) =>
      keepDeviceKey(
        request,
        await auth.resetPassword(deps, request.body.email, request.body.code, request.body.password, signInDevice(request)),
      ),
  );

  app.post(
    '/api/v1/auth/logout',
    { schema: { tags, summary: 'End this session', security: [{ bearer: [] }], response: { 200: okReplySchema, ...errors } } },
    async (request, reply) => {
      // The checks first (the page's origin, the CSRF token): a refused logout leaves the cookie alone,
      // or any page could sign a member out. Then cleared before the session is looked up, so a browser
      // whose session had already ended loses the dead cookie too.
      sessionToken(request);
      clearSessionCookie(request, reply);
      const session = await authenticate(deps.db, deps.clock, request);
      await auth.endSession(deps, session.userId, session.sessionId);
      return { ok: true as const };
    },
  );

  app.get(
    '/api/v1/auth/session',
    {
      schema: {
        tags,
        summary: "The CSRF token of this browser's session cookie, for a page loaded after sign-in",
        response: { 200: csrfReplySchema, ...errors },
      },
    },
    async (request) => {
      await authenticate(deps.db, deps.clock, request);
      const token = sessionToken(request) as string;
      return { csrfToken: csrfTokenFor(token) };
    },
  );
};

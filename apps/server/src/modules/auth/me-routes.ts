import {
  addressHistoryReplySchema,
  changeAddressBodySchema,
  changePasswordBodySchema,
  changePaymentPasswordBodySchema,
  codePurposeSchema,
  errorReplySchema,
  okReplySchema,
  profileSchema,
  sendCodeReplySchema,
  sessionListReplySchema,
  setPaymentPasswordBodySchema,
  updateProfileBodySchema,
} from '@wallet/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../platform/config';
import * as auth from './service';
import { requireSession, signedIn } from './sessions';

const errors = { '4xx': errorReplySchema, '5xx': errorReplySchema };

/** The signed-in user's own account. Every route here needs a live session and acts only on its user. */
export const meRoutes: FastifyPluginAsyncZod<{ deps: auth.AuthDeps; config: Config }> = async (app, { deps, config }) => {
  app.addHook('onRequest', requireSession(deps.db, deps.clock));
  const me = signedIn;
  const tags = ['account'];
  const security = [{ bearer: [] }];

  app.get(
    '/api/v1/me',
    { schema: { tags, security, summary: 'My profile', response: { 200: profileSchema, ...errors } } },
    async (request) => auth.getProfile(deps, me(request).userId),
  );

  app.patch(
    '/api/v1/me',
    {
      schema: {
        tags,
        security,
        summary: 'Edit nickname, phone, language or display currency',
        body: updateProfileBodySchema,
        response: { 200: profileSchema, ...errors },
      },
    },
    async (request) => auth.updateProfile(deps, me(request).userId, request.body),
  );

  app.post(
    '/api/v1/me/codes',
    {
      config: { rateLimit: { max: config.RATE_LIMIT_CODES_PER_HOUR, timeWindow: '1 hour' } },
      schema: {
        tags,
        security,
        summary: 'Email me a code for a sensitive action',
        body: z.object({ purpose: codePurposeSchema.exclude(['register', 'login', 'reset_password']) }),
        response: { 200: sendCodeReplySchema, ...errors },
      },
    },
    async (request) => auth.sendAccountCode(deps, me(request).userId, request.body.purpose),
  );

  app.post(
    '/api/v1/me/password',
    {
      schema: {
        tags,
        security,
        summary: 'Change my login password; ends my other sessions',
        body: changePasswordBodySchema,
        response: { 200: okReplySchema, ...errors },
      },
    },
    async (request) => {
      const { oldPassword, code, password } = request.body;
      await auth.changePassword(deps, me(request), { oldPassword, code }, password, request.ip);
      return { ok: true as const };
    },
  );

  app.post(
    '/api/v1/me/payment-password',
    {
      schema: {
        tags,
        security,
        summary: 'Set (or reset) my payment password with an emailed code',
        body: setPaymentPasswordBodySchema,
        response: { 200: profileSchema, ...errors },
      },
    },
    async (request) => auth.setPaymentPassword(deps, me(request).userId, request.body.code, request.body.paymentPassword, request.ip),
  );

  app.put(
    '/api/v1/me/payment-password',
    {
      schema: {
        tags,
        security,
        summary: 'Change my payment password with the current one',
        body: changePaymentPasswordBodySchema,
        response: { 200: profileSchema, ...errors },
      },
    },
    async (request) =>
      auth.changePaymentPassword(deps, me(request).userId, request.body.oldPaymentPassword, request.body.paymentPassword, request.ip),
  );

  app.post(
    '/api/v1/me/address',
    {
      schema: {
        tags,
        security,
        summary: 'Bind a new wallet address',
        body: changeAddressBodySchema,
        response: { 200: profileSchema, ...errors },
      },
    },
    async (request) => auth.changeAddress(deps, me(request).userId, request.body, request.ip),
  );

  app.get(
    '/api/v1/me/address/history',
    { schema: { tags, security, summary: 'Addresses I bound before', response: { 200: addressHistoryReplySchema, ...errors } } },
    async (request) => ({ entries: await auth.addressHistory(deps, me(request).userId) }),
  );

  app.get(
    '/api/v1/me/sessions',
    { schema: { tags, security, summary: 'My signed-in devices', response: { 200: sessionListReplySchema, ...errors } } },
    async (request) => ({ sessions: await auth.listSessions(deps, me(request)) }),
  );

  app.delete(
    '/api/v1/me/sessions/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Sign one of my devices out',
        params: z.object({ id: z.uuid() }),
        response: { 200: okReplySchema, ...errors },
      },
    },
    async (request) => {
      await auth.endSession(deps, me(request).userId, request.params.id);
      return { ok: true as const };
    },
  );

  app.post(
    '/api/v1/me/sessions/revoke-others',
    {
      schema: {
        tags,
        security,
        summary: 'Sign out every device but this one',
        response: { 200: z.object({ ended: z.number().int() }), ...errors },
      },
    },
    async (request) => ({ ended: await auth.endOtherSessions(deps, me(request)) }),
  );
};

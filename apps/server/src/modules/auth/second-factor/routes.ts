import {
  errorReplySchema,
  factorAddedReplySchema,
  loginSecondFactorBodySchema,
  loginTicketBodySchema,
  passkeyRegisterBodySchema,
  recoveryCodesReplySchema,
  secondFactorGuardBodySchema,
  secondFactorStatusSchema,
  signInReplySchema,
  totpConfirmBodySchema,
  totpSetupReplySchema,
  webauthnOptionsReplySchema,
} from '@wallet/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../../platform/config';
import { type AuthDeps, completeSecondFactorSignIn } from '../service';
import { deliverSessionsAsCookies } from '../session-cookie';
import { requireSession, signedIn } from '../sessions';
import { keepDeviceKey, registerDeviceKeys, signInDevice } from './device-key';
import { originOf } from './notice';
import { relyingPartyFor } from './relying-party';
import * as factors from './service';
import { ticketHolder } from './sign-in';

const errors = { '4xx': errorReplySchema, '5xx': errorReplySchema };

/** The second step of a sign-in that asked for the second factor; reachable without a session. */
export const secondFactorSignInRoutes: FastifyPluginAsyncZod<{ deps: AuthDeps; config: Config }> = async (app, { deps, config }) => {
  registerDeviceKeys(app);
  const loginLimit = { rateLimit: { max: config.RATE_LIMIT_LOGINS_PER_MINUTE, timeWindow: '1 minute' } };
  const tags = ['auth'];
  deliverSessionsAsCookies(app);

  app.post(
    '/api/v1/auth/login/passkey-options',
    {
      config: loginLimit,
      schema: {
        tags,
        summary: "A passkey challenge for the sign-in's second step",
        body: loginTicketBodySchema,
        response: { 200: webauthnOptionsReplySchema, ...errors },
      },
    },
    async (request) => {
      const userId = await ticketHolder(deps, request.body.ticket);
      return { options: await factors.passkeyChallenge(deps, userId, relyingPartyFor(deps.secondFactor.relyingParty, request)) };
    },
  );

  app.post(
    '/api/v1/auth/login/second-factor',
    {
      config: loginLimit,
      schema: {
        tags,
        summary: 'Finish a sign-in with the second factor (passkey, authenticator code or recovery code)',
        body: loginSecondFactorBodySchema,
        response: { 200: signInReplySchema, ...errors },
      },
    },
    async (request) =>
      keepDeviceKey(request, await completeSecondFactorSignIn(deps, request.body.ticket, request.body.secondFactor, signInDevice(request))),
  );
};

/** The member's second factor in the security settings. */
export const secondFactorRoutes: FastifyPluginAsyncZod<{ deps: AuthDeps }> = async (app, { deps }) => {
  app.addHook('onRequest', requireSession(deps.db, deps.clock));
  const tags = ['second factor'];
  const security = [{ bearer: [] }];
  const me = (request: Parameters<typeof signedIn>[0]) => signedIn(request).userId;

  app.get(
    '/api/v1/me/second-factor',
    { schema: { tags, security, summary: 'My second factors', response: { 200: secondFactorStatusSchema, ...errors } } },
    async (request) => factors.secondFactorStatus(deps.db, me(request)),
  );

  app.post(
    '/api/v1/me/second-factor/totp',
    {
      schema: {
        tags,
        security,
        summary: 'Start setting up an authenticator app: its secret and otpauth URI',
        response: { 200: totpSetupReplySchema, ...errors },
      },
    },
    async (request) => factors.beginTotp(deps, me(request)),
  );

  app.post(
    '/api/v1/me/second-factor/totp/confirm',
    {
      schema: {
        tags,
        security,
        summary:
          'Turn the authenticator app on with its first code, and the factor already on or, for the first factor, memberProof (payment password, or without one a code emailed for second_factor); tells the member by email and notification',
        body: totpConfirmBodySchema,
        response: { 200: factorAddedReplySchema, ...errors },
      },
    },
    async (request) => factors.confirmTotp(deps, me(request), request.body, originOf(request)),
  );

  app.post(
    '/api/v1/me/second-factor/totp/remove',
    {
      schema: {
        tags,
        security,
        summary: 'Remove the authenticator app (needs the second factor); tells the member by email and notification',
        body: secondFactorGuardBodySchema,
        response: { 200: secondFactorStatusSchema, ...errors },
      },
    },
    async (request) => factors.removeTotp(deps, me(request), request.body.secondFactor, originOf(request)),
  );

  app.post(
    '/api/v1/me/second-factor/passkeys/options',
    {
      schema: {
        tags,
        security,
        summary: 'WebAuthn creation options for a new passkey',
        response: { 200: webauthnOptionsReplySchema, ...errors },
      },
    },
    async (request) => ({
      options: await factors.passkeyRegistrationOptions(deps, me(request), relyingPartyFor(deps.secondFactor.relyingParty, request)),
    }),
  );

  app.post(
    '/api/v1/me/second-factor/passkeys',
    {
      schema: {
        tags,
        security,
        summary:
          'Register a passkey, with the factor already on or, for the first factor, memberProof (payment password, or without one a code emailed for second_factor); tells the member by email and notification',
        body: passkeyRegisterBodySchema,
        response: { 200: factorAddedReplySchema, ...errors },
      },
    },
    async (request) => factors.addPasskey(deps, me(request), request.body, originOf(request)),
  );

  app.post(
    '/api/v1/me/second-factor/passkeys/:id/remove',
    {
      schema: {
        tags,
        security,
        summary: 'Remove a passkey (needs the second factor); tells the member by email and notification',
        params: z.object({ id: z.uuid() }),
        body: secondFactorGuardBodySchema,
        response: { 200: secondFactorStatusSchema, ...errors },
      },
    },
    async (request) => factors.removePasskey(deps, me(request), request.params.id, request.body.secondFactor, originOf(request)),
  );

  app.post(
    '/api/v1/me/second-factor/recovery-codes',
    {
      schema: {
        tags,
        security,
        summary:
          'Replace my recovery codes with 10 new ones, shown once (needs the second factor); tells the member by email and notification',
        body: secondFactorGuardBodySchema,
        response: { 200: recoveryCodesReplySchema, ...errors },
      },
    },
    async (request) => factors.regenerateRecoveryCodes(deps, me(request), request.body.secondFactor, originOf(request)),
  );

  app.post(
    '/api/v1/me/second-factor/passkey-challenge',
    {
      schema: {
        tags,
        security,
        summary: 'A passkey challenge, for the proof a guarded action (withdrawal, address, payee, card details) asks',
        response: { 200: webauthnOptionsReplySchema, ...errors },
      },
    },
    async (request) => ({
      options: await factors.passkeyChallenge(deps, me(request), relyingPartyFor(deps.secondFactor.relyingParty, request)),
    }),
  );
};

import { appLockSettingSchema, appUnlockBodySchema, errorReplySchema, okReplySchema, setAppLockBodySchema } from '@wallet/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { appLockSetting, setAppLock, unlockApp } from './app-lock';
import type { AuthDeps } from './service';
import { requireSession, signedIn } from './sessions';

const errors = { '4xx': errorReplySchema, '5xx': errorReplySchema };

/** The member's app lock: the setting, and the check that opens a locked app. */
export const appLockRoutes: FastifyPluginAsyncZod<{ deps: AuthDeps }> = async (app, { deps }) => {
  app.addHook('onRequest', requireSession(deps.db, deps.clock));
  const tags = ['account'];
  const security = [{ bearer: [] }];

  app.get(
    '/api/v1/me/app-lock',
    { schema: { tags, security, summary: 'My app lock setting', response: { 200: appLockSettingSchema, ...errors } } },
    async (request) => appLockSetting(deps, signedIn(request).userId),
  );

  app.put(
    '/api/v1/me/app-lock',
    {
      schema: {
        tags,
        security,
        summary: 'Turn my app lock on (with how long unused before it locks) or off; on needs a payment password',
        body: setAppLockBodySchema,
        response: { 200: appLockSettingSchema, ...errors },
      },
    },
    async (request) => setAppLock(deps, signedIn(request).userId, request.body, request.ip),
  );

  app.post(
    '/api/v1/me/app-lock/unlock',
    {
      schema: {
        tags,
        security,
        summary:
          'Open the locked app with my payment password (under its limits, shared with money movements) or a passkey (challenge from /api/v1/me/second-factor/passkey-challenge)',
        body: appUnlockBodySchema,
        response: { 200: okReplySchema, ...errors },
      },
    },
    async (request) => {
      await unlockApp(deps, signedIn(request).userId, request.body, request.ip);
      return { ok: true as const };
    },
  );
};

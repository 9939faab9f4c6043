import {
  adminAppReleaseBodySchema,
  adminAppReleaseListReplySchema,
  appVersionSchema,
  errorReplySchema,
  okReplySchema,
} from '@wallet/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { operatorOf } from '../operators/context';
import { type AppReleaseDeps, listReleases, publishRelease } from './service';

const errors = { '4xx': errorReplySchema, '5xx': errorReplySchema };
const tags = ['admin'];
const security = [{ bearer: [] }];

/** The operator publishes app versions (API only until the operator console); each publish is audited. */
export const appReleaseAdminRoutes: FastifyPluginAsyncZod<{ deps: AppReleaseDeps }> = async (app, { deps }) => {
  app.put(
    '/api/v1/admin/app/releases/:version',
    {
      config: { permission: 'releases.write' },
      schema: {
        tags,
        security,
        summary: 'Publish an app version (or replace it): release notes per language, minimum version, Android package',
        params: z.object({ version: appVersionSchema }),
        body: adminAppReleaseBodySchema,
        response: { 200: okReplySchema, ...errors },
      },
    },
    async (request) => {
      await publishRelease(deps, operatorOf(request), request.params.version, request.body);
      return { ok: true as const };
    },
  );

  app.get(
    '/api/v1/admin/app/releases',
    {
      config: { permission: 'releases.read' },
      schema: {
        tags,
        security,
        summary: 'Every published app version, newest first',
        response: { 200: adminAppReleaseListReplySchema, ...errors },
      },
    },
    async () => ({ releases: await listReleases(deps) }),
  );
};

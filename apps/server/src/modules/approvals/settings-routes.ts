import { consoleSettingBodySchema, consoleSettingsReplySchema, errorReplySchema, okReplySchema } from '@wallet/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../platform/db/database';
import { operatorOf } from '../operators/context';
import { changeSetting, listSettings, SETTING_KEYS } from './settings-service';

const errors = { '4xx': errorReplySchema, '5xx': errorReplySchema };
const tags = ['admin'];
const security = [{ bearer: [] }];

/** The console's settings (idle timeout, approval expiry and thresholds): read by finance and auditors, changed by admins. */
export const settingsRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/api/v1/admin/settings',
    {
      config: { permission: 'settings.read' },
      schema: { tags, security, summary: 'Console settings', response: { 200: consoleSettingsReplySchema, ...errors } },
    },
    async () => ({ items: await listSettings(db) }),
  );

  app.put(
    '/api/v1/admin/settings/:key',
    {
      config: { permission: 'settings.write' },
      schema: {
        tags,
        security,
        summary: 'Change a console setting (audited, before and after)',
        params: z.object({ key: z.enum(SETTING_KEYS) }),
        body: consoleSettingBodySchema,
        response: { 200: okReplySchema, ...errors },
      },
    },
    async (request) => {
      await changeSetting(db, operatorOf(request), request.params.key, request.body.value);
      return { ok: true as const };
    },
  );
};

import { z } from 'zod';
import { currencySchema, networkSchema } from '../code-schemas';
import { LANGUAGES } from '../languages';
import { SERVER_REGIONS } from '../server-regions';

export const healthReplySchema = z.object({ status: z.literal('ok') }).meta({ id: 'Health' });

export const readyReplySchema = z
  .object({
    status: z.enum(['ready', 'not_ready']),
    checks: z.object({
      database: z.enum(['ok', 'unreachable']),
      migrations: z.enum(['ok', 'pending', 'unknown']),
    }),
  })
  .meta({ id: 'Readiness' });
export type ReadyReply = z.infer<typeof readyReplySchema>;

export const metaReplySchema = z
  .object({
    appVersion: z.string(),
    languages: z.array(z.enum(LANGUAGES)),
    currencies: z.array(
      z.object({
        code: currencySchema,
        precision: z.number().int(),
        display: z.number().int(),
        kind: z.enum(['crypto', 'fiat', 'token']),
      }),
    ),
    networks: z.array(z.object({ code: networkSchema, standard: z.string(), bindable: z.boolean(), assets: z.array(currencySchema) })),
    servers: z.array(z.object({ region: z.enum(SERVER_REGIONS), baseUrl: z.string() })),
    /** True when mail goes to the development outbox at /dev/mail instead of a mail server. */
    devMailbox: z.boolean(),
  })
  .meta({ id: 'Meta' });
export type MetaReply = z.infer<typeof metaReplySchema>;

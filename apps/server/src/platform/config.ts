import path from 'node:path';
import { SERVER_REGIONS } from '@wallet/contract';
import { z } from 'zod';
import { REPO_ROOT } from './paths';

const postgresUrl = z
  .string()
  .refine(
    (value) => /^postgres(ql)?:\/\//.test(value),
    'must be a postgres:// or postgresql:// URL, e.g. postgres://user:pass@127.0.0.1:5432/wallet',
  );

const port = (fallback: number) =>
  z.coerce
    .number({ error: 'must be a whole number' })
    .int('must be a whole number')
    .min(1, 'must be between 1 and 65535')
    .max(65535, 'must be between 1 and 65535')
    .default(fallback);

const serversSchema = z
  .string()
  .transform((raw, ctx) => {
    try {
      return JSON.parse(raw) as unknown;
    } catch {
      ctx.addIssue({ code: 'custom', message: 'must be JSON, e.g. {"KR":"https://kr.example.com"}' });
      return z.NEVER;
    }
  })
  .pipe(z.partialRecord(z.enum(SERVER_REGIONS), z.union([z.literal(''), z.url({ protocol: /^https?$/ })])));

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test'], { error: 'must be development, production or test' }).default('development'),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: port(8080),
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], { error: 'must be a pino level such as info' })
    .default('info'),
  DATABASE_URL: postgresUrl.optional(),
  DATABASE_POOL_MAX: z.coerce.number().int('must be a whole number').min(2, 'must be at least 2').max(200).default(10),
  DATA_DIR: z.string().min(1).default(path.join(REPO_ROOT, 'data')),
  EMBEDDED_PG_PORT: port(54329),
  WEB_DIST_DIR: z.string().min(1).default(path.join(REPO_ROOT, 'apps/web/dist')),
  API_SERVERS: serversSchema.default({}),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int('must be a whole number').min(1000, 'must be at least 1000').default(15_000),
  APP_SECRET: z.string().min(32, 'must be at least 32 characters (e.g. `openssl rand -hex 32`)').optional(),
  SMTP_URL: z
    .string()
    .refine((v) => /^smtps?:\/\//.test(v), 'must be an smtp:// or smtps:// URL, e.g. smtps://user:pass@smtp.example.com:465')
    .optional(),
  MAIL_FROM: z.string().min(3).default('SBC Wallet <no-reply@sbc-wallet.local>'),
  REDIS_URL: z
    .string()
    .refine((v) => /^rediss?:\/\//.test(v), 'must be a redis:// URL')
    .optional(),
  CORS_ORIGINS: z
    .string()
    .transform((v) =>
      v
        .split(',')
        .map((o) => o.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.union([z.literal('*'), z.url({ protocol: /^https?$/ })], { error: 'must be * or a comma-separated list of origins' })))
    .default(['*']),
  DEMO_DATA: z
    .enum(['true', 'false'], { error: 'must be true or false' })
    .transform((v) => v === 'true')
    .optional(),
  ADMIN_EMAILS: z
    .string()
    .transform((v) =>
      v
        .split(',')
        .map((e) => e.trim().toLowerCase())
        .filter(Boolean),
    )
    .pipe(z.array(z.email('must be a comma-separated list of emails')))
    .default([]),
  WITHDRAW_FEES: z
    .string()
    .transform((raw, ctx) => {
      try {
        return JSON.parse(raw) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: 'must be JSON, e.g. {"TRON":"1","BSC":"0.5"}' });
        return z.NEVER;
      }
    })
    .pipe(
      z.object(
        { TRON: z.string().regex(/^\d+(\.\d{1,6})?$/), BSC: z.string().regex(/^\d+(\.\d{1,6})?$/) },
        { error: 'must give a USDT fee for TRON and BSC, e.g. {"TRON":"1","BSC":"0.5"}' },
      ),
    )
    .default({ TRON: '1', BSC: '0.5' }),
  RATE_LIMIT_CODES_PER_HOUR: z.coerce.number().int('must be a whole number').min(1).default(20),
  RATE_LIMIT_LOGINS_PER_MINUTE: z.coerce.number().int('must be a whole number').min(1).default(30),
  CODES_PER_EMAIL_PER_HOUR: z.coerce.number().int('must be a whole number').min(1).default(10),
});

// Development and tests get a fixed secret so a fresh clone runs; production must bring its own.
const DEVELOPMENT_SECRET = 'development-only-secret-not-for-production-use';

const configSchema = envSchema
  .superRefine((env, ctx) => {
    if (env.NODE_ENV !== 'production') return;
    if (!env.APP_SECRET) ctx.addIssue({ code: 'custom', path: ['APP_SECRET'], message: 'is required in production' });
    if (!env.SMTP_URL)
      ctx.addIssue({ code: 'custom', path: ['SMTP_URL'], message: 'is required in production (mail carries login codes)' });
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV === 'production' && env.DEMO_DATA)
      ctx.addIssue({ code: 'custom', path: ['DEMO_DATA'], message: 'cannot be true in production' });
  })
  .transform((env) => ({
    ...env,
    APP_SECRET: env.APP_SECRET ?? DEVELOPMENT_SECRET,
    DEMO_DATA: env.DEMO_DATA ?? env.NODE_ENV === 'development',
  }));

export type Config = z.infer<typeof configSchema>;

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

/** Reads the environment once at start; every bad variable is reported, not just the first. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const result = configSchema.safeParse(present);
  if (!result.success) {
    throw new ConfigError(result.error.issues.map((issue) => `${issue.path.join('.') || '(environment)'}: ${issue.message}`));
  }
  return result.data;
}

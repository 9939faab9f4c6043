import { isIP } from 'node:net';
import path from 'node:path';
import { isTronAddress, SERVER_REGIONS } from '@wallet/contract';
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

const evmAddress = z.string().regex(/^0x[0-9a-fA-F]{40}$/, 'must be a 0x address of 40 hex digits');
const privateKey = z.string().regex(/^0x[0-9a-fA-F]{64}$/, 'must be a 0x private key of 64 hex digits');
const tronAddress = z.string().refine(isTronAddress, 'must be a TRON address (T..., base58check)');
const rpcUrl = z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' });
const boolean = z.enum(['true', 'false'], { error: 'must be true or false' }).transform((v) => v === 'true');
const decimal = z.string().regex(/^\d+(\.\d+)?$/, 'must be a decimal number such as 100');

/** On-chain top-up and withdrawal (ADR 0005). A network is on when its RPC URL and deposit address are set. */
const chainEnv = {
  DEVCHAIN: boolean.optional(),
  DEVCHAIN_PORT: port(8545),
  DEVCHAIN_BLOCK_MS: z.coerce.number().int('must be a whole number').min(0).default(1000),
  BSC_RPC_URL: rpcUrl.optional(),
  BSC_USDT_CONTRACT: evmAddress.optional(),
  BSC_DEPOSIT_ADDRESS: evmAddress.optional(),
  BSC_HOT_WALLET_KEY: privateKey.optional(),
  TRON_RPC_URL: rpcUrl.optional(),
  TRON_USDT_CONTRACT: tronAddress.optional(),
  TRON_DEPOSIT_ADDRESS: tronAddress.optional(),
  TRON_API_URL: rpcUrl.optional(),
  TRON_HOT_WALLET_KEY: privateKey.optional(),
  BTC_ESPLORA_URL: rpcUrl.optional(),
  BTC_XPUB: z
    .string()
    .regex(/^[xtv]pub[1-9A-HJ-NP-Za-km-z]{100,112}$/, 'must be an extended public key (xpub... or tpub...)')
    .optional(),
  ETH_RPC_URL: rpcUrl.optional(),
  ETH_DEPOSIT_ADDRESS: evmAddress.optional(),
  CHAIN_CONFIRMATIONS: z
    .string()
    .transform((raw, ctx) => {
      try {
        return JSON.parse(raw) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: 'must be JSON, e.g. {"BSC":15,"TRON":19,"ETH":12,"BTC":2}' });
        return z.NEVER;
      }
    })
    .pipe(z.partialRecord(z.enum(['BSC', 'TRON', 'ETH', 'BTC']), z.number().int().min(1).max(10_000)))
    .default({}),
  CHAIN_SCAN_BATCH_BLOCKS: z.coerce.number().int('must be a whole number').min(1).max(100_000).default(2000),
  CHAIN_POLL_MS: z.coerce.number().int('must be a whole number').min(100).default(500),
  TOPUP_TIME_ZONE: z
    .string()
    .refine((v) => /^[+-]\d{2}:\d{2}$/.test(v), 'must be a UTC offset such as +08:00')
    .default('+08:00'),
  WITHDRAW_AUTO_APPROVE_BELOW: decimal.optional(),
  // How long a newly saved withdrawal address (and every withdrawal after a password or bound-address
  // change) waits before withdrawals are accepted: time for the member, told by email, to lock the account.
  WITHDRAW_NEW_ADDRESS_DELAY_HOURS: z.coerce.number({ error: 'must be a number of hours' }).min(0).max(720).default(24),
};

/**
 * Card issuer (ADR 0006). Without ISSUER_URL, development and tests start the sandbox issuer in the
 * same process on SANDBOX_ISSUER_PORT (0 picks a free port, logged at start).
 */
const SANDBOX_ISSUER_API_KEY = 'sandbox-api-key-for-development-only';
const SANDBOX_WEBHOOK_SECRET = 'sandbox-webhook-secret-for-development-only';
const cardEnv = {
  ISSUER_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional(),
  ISSUER_API_KEY: z.string().min(8, 'must be at least 8 characters').default(SANDBOX_ISSUER_API_KEY),
  ISSUER_WEBHOOK_SECRET: z.string().min(16, 'must be at least 16 characters').default(SANDBOX_WEBHOOK_SECRET),
  // How long a call to the issuer may take before its outcome counts as unknown (tests shorten it).
  ISSUER_TIMEOUT_MS: z.coerce
    .number()
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(120_000, 'must be at most 120000')
    .default(10_000),
  SANDBOX_ISSUER_PORT: z.coerce.number().int('must be a whole number').min(0).max(65535).default(0),
};

/**
 * Flash exchange (payout module). Without PAYOUT_URL, development starts the sandbox payout partner
 * beside the app; with PAYOUT_PARTNER=none (or in production without a URL) orders wait for an
 * operator to mark them arrived or rejected. Payee numbers are sealed with PAYEE_ENCRYPTION_KEYS
 * ({"<key id>":"<base64 of 32 bytes>"}), new values under PAYEE_ENCRYPTION_KEY_ID.
 */
/** Keys of a SecretBox: {"<key id>":"<base64 of 32 bytes>"}, so a key can be rotated (secret-box.ts). */
const sealingKeys = z
  .string()
  .transform((raw, ctx) => {
    try {
      return JSON.parse(raw) as unknown;
    } catch {
      ctx.addIssue({ code: 'custom', message: 'must be JSON, e.g. {"k2026":"<base64 of 32 random bytes>"}' });
      return z.NEVER;
    }
  })
  .pipe(
    z.record(
      z.string().regex(/^[A-Za-z0-9_-]{1,32}$/),
      z.string().refine((v) => Buffer.from(v, 'base64').length === 32, 'each key must be 32 bytes in base64 (openssl rand -base64 32)'),
    ),
  );
/**
 * A set of keys with ids (sealingKeys): required in production, saying what it protects, and its
 * `<name without S>_ID` must name one of them, the key new values use.
 */
function checkKeySet(
  ctx: z.RefinementCtx,
  production: boolean,
  name: 'PAYEE_ENCRYPTION_KEYS' | 'TOTP_ENCRYPTION_KEYS' | 'PAYMENT_PIN_KEYS',
  keys: Record<string, string> | undefined,
  currentId: string | undefined,
  protects: string,
): void {
  if (production && !keys) ctx.addIssue({ code: 'custom', path: [name], message: `is required in production (${protects})` });
  if (keys && !(currentId && Object.hasOwn(keys, currentId)))
    ctx.addIssue({ code: 'custom', path: [`${name.slice(0, -1)}_ID`], message: `must name one of ${name} (the key new values use)` });
}
const SANDBOX_PAYOUT_API_KEY = 'sandbox-payout-key-for-development-only';
const SANDBOX_PAYOUT_WEBHOOK_SECRET = 'sandbox-payout-webhook-secret-for-development-only';
const DEVELOPMENT_PAYEE_KEYS = { dev1: Buffer.from('development-only-payee-key-32-by').toString('base64') };
const payoutEnv = {
  PAYOUT_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional(),
  PAYOUT_PARTNER: z.enum(['sandbox', 'none'], { error: 'must be sandbox or none' }).optional(),
  PAYOUT_API_KEY: z.string().min(8, 'must be at least 8 characters').default(SANDBOX_PAYOUT_API_KEY),
  PAYOUT_WEBHOOK_SECRET: z.string().min(16, 'must be at least 16 characters').default(SANDBOX_PAYOUT_WEBHOOK_SECRET),
  PAYOUT_TIMEOUT_MS: z.coerce.number().int('must be a whole number').min(1).max(120_000).default(10_000),
  SANDBOX_PAYOUT_PORT: z.coerce.number().int('must be a whole number').min(0).max(65535).default(0),
  SANDBOX_PAYOUT_AUTO_SETTLE_SECONDS: z.coerce.number().int('must be a whole number').min(0).max(3600).optional(),
  PAYEE_ENCRYPTION_KEYS: sealingKeys.optional(),
  PAYEE_ENCRYPTION_KEY_ID: z.string().optional(),
};

/**
 * Second factor (auth/second-factor). Authenticator-app secrets are sealed with TOTP_ENCRYPTION_KEYS,
 * new ones under TOTP_ENCRYPTION_KEY_ID. Passkeys belong to APP_URL's host in production and to the
 * page's own origin elsewhere.
 */
const DEVELOPMENT_TOTP_KEYS = { dev1: Buffer.from('development-only-totp-secret-32b').toString('base64') };
const secondFactorEnv = {
  TOTP_ENCRYPTION_KEYS: sealingKeys.optional(),
  TOTP_ENCRYPTION_KEY_ID: z.string().optional(),
};

/**
 * Payment passwords (auth/payment-pins) are HMAC-SHA-256 under PAYMENT_PIN_KEYS, new ones under
 * PAYMENT_PIN_KEY_ID; a key stays listed while hashes made with it remain (each is replaced at its
 * member's next right PIN). Held outside the database: a leaked table without them gives nothing.
 */
const DEVELOPMENT_PAYMENT_PIN_KEYS = { dev1: Buffer.from('development-only-payment-pin-32b').toString('base64') };
const paymentPinEnv = {
  PAYMENT_PIN_KEYS: sealingKeys.optional(),
  PAYMENT_PIN_KEY_ID: z.string().optional(),
};

/**
 * TRUST_PROXY: which proxies in front of the server may name the client in X-Forwarded-For, so that
 * request.ip (and with it every per-address rate limit and secret-guessing limit, and the place in a
 * new-device email) is the member's own address rather than the proxy's. Unset or "false" (the
 * default): the header is ignored and the connecting address is the client. A number: that many
 * proxies in front (e.g. 1 for one nginx or load balancer). Otherwise a comma-separated list of the
 * proxies' addresses or CIDR ranges, or the names loopback, linklocal and uniquelocal (e.g.
 * "loopback,10.0.0.0/8"). "true" is refused: trusting every address lets any client pick its own.
 */
const TRUST_PROXY_NAMES = ['loopback', 'linklocal', 'uniquelocal'];
const trustProxySchema = z
  .string()
  .transform((raw, ctx): false | number | string[] => {
    const value = raw.trim();
    if (value === 'false') return false;
    if (/^\d+$/.test(value)) return Number(value);
    const entries = value
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean);
    const valid = (entry: string) => {
      if (TRUST_PROXY_NAMES.includes(entry)) return true;
      const [address = '', bits, extra] = entry.split('/');
      const family = isIP(address);
      if (!family || extra !== undefined) return false;
      return bits === undefined || (/^\d+$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128));
    };
    if (entries.length === 0 || !entries.every(valid)) {
      ctx.addIssue({
        code: 'custom',
        message: 'must be false, a number of proxies (e.g. 1), or proxy addresses/CIDR ranges such as loopback,10.0.0.0/8',
      });
      return z.NEVER;
    }
    return entries;
  })
  .default(false);

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test'], { error: 'must be development, production or test' }).default('development'),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: port(8080),
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], { error: 'must be a pino level such as info' })
    .default('info'),
  DATABASE_URL: postgresUrl.optional(),
  /** PostgreSQL itself when DATABASE_URL is a pooler in transaction mode: LISTEN, the job queue and session locks go here. */
  DATABASE_DIRECT_URL: postgresUrl.optional(),
  DATABASE_POOL_MAX: z.coerce.number().int('must be a whole number').min(2, 'must be at least 2').max(200).default(10),
  DATA_DIR: z.string().min(1).default(path.join(REPO_ROOT, 'data')),
  EMBEDDED_PG_PORT: port(54329),
  WEB_DIST_DIR: z.string().min(1).default(path.join(REPO_ROOT, 'apps/web/dist')),
  /** The operator console's build, served at /console/; empty: this server serves no console (it runs elsewhere). */
  CONSOLE_DIST_DIR: z.string().default(path.join(REPO_ROOT, 'apps/console/dist')),
  API_SERVERS: serversSchema.default({}),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int('must be a whole number').min(1000, 'must be at least 1000').default(15_000),
  APP_SECRET: z.string().min(32, 'must be at least 32 characters (e.g. `openssl rand -hex 32`)').optional(),
  SMTP_URL: z
    .string()
    .refine((v) => /^smtps?:\/\//.test(v), 'must be an smtp:// or smtps:// URL, e.g. smtps://user:pass@smtp.example.com:465')
    .optional(),
  MAIL_FROM: z.string().min(3).default('SBC Wallet <no-reply@sbc-wallet.local>'),
  // Where members open the web app: the links in security emails (lock my account) point here.
  APP_URL: z.url({ protocol: /^https?$/, error: 'must be the http(s) address of the web app, e.g. https://wallet.example.com' }).optional(),
  REDIS_URL: z
    .string()
    .refine((v) => /^rediss?:\/\//.test(v), 'must be a redis:// URL')
    .optional(),
  TRUST_PROXY: trustProxySchema,
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
  /** Looking a member up by UID before a transfer, per address. */
  RATE_LIMIT_LOOKUPS_PER_MINUTE: z.coerce.number().int('must be a whole number').min(1).default(30),
  CODES_PER_EMAIL_PER_HOUR: z.coerce.number().int('must be a whole number').min(1).default(10),
  ...chainEnv,
  ...cardEnv,
  ...payoutEnv,
  ...secondFactorEnv,
  ...paymentPinEnv,
});

// Development and tests get a fixed secret so a fresh clone runs; production must bring its own.
const DEVELOPMENT_SECRET = 'development-only-secret-not-for-production-use';

const configSchema = envSchema
  .superRefine((env, ctx) => {
    if (env.NODE_ENV !== 'production') return;
    if (!env.APP_SECRET) ctx.addIssue({ code: 'custom', path: ['APP_SECRET'], message: 'is required in production' });
    if (!env.SMTP_URL)
      ctx.addIssue({ code: 'custom', path: ['SMTP_URL'], message: 'is required in production (mail carries login codes)' });
    if (!env.APP_URL)
      ctx.addIssue({ code: 'custom', path: ['APP_URL'], message: 'is required in production (security emails link to the app)' });
    // A real issuer with the sandbox's published secrets would accept forged webhooks.
    if (env.ISSUER_URL && env.ISSUER_WEBHOOK_SECRET === SANDBOX_WEBHOOK_SECRET)
      ctx.addIssue({ code: 'custom', path: ['ISSUER_WEBHOOK_SECRET'], message: "must be set to the issuer's secret in production" });
    if (env.ISSUER_URL && env.ISSUER_API_KEY === SANDBOX_ISSUER_API_KEY)
      ctx.addIssue({ code: 'custom', path: ['ISSUER_API_KEY'], message: "must be set to the issuer's key in production" });
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV !== 'production') return;
    if (env.PAYOUT_URL && env.PAYOUT_WEBHOOK_SECRET === SANDBOX_PAYOUT_WEBHOOK_SECRET)
      ctx.addIssue({
        code: 'custom',
        path: ['PAYOUT_WEBHOOK_SECRET'],
        message: "must be set to the payout partner's secret in production",
      });
    if (env.PAYOUT_URL && env.PAYOUT_API_KEY === SANDBOX_PAYOUT_API_KEY)
      ctx.addIssue({ code: 'custom', path: ['PAYOUT_API_KEY'], message: "must be set to the payout partner's key in production" });
  })
  .superRefine((env, ctx) => {
    const production = env.NODE_ENV === 'production';
    checkKeySet(ctx, production, 'PAYEE_ENCRYPTION_KEYS', env.PAYEE_ENCRYPTION_KEYS, env.PAYEE_ENCRYPTION_KEY_ID, 'it seals payee numbers');
    checkKeySet(
      ctx,
      production,
      'TOTP_ENCRYPTION_KEYS',
      env.TOTP_ENCRYPTION_KEYS,
      env.TOTP_ENCRYPTION_KEY_ID,
      'it seals authenticator-app secrets',
    );
    checkKeySet(ctx, production, 'PAYMENT_PIN_KEYS', env.PAYMENT_PIN_KEYS, env.PAYMENT_PIN_KEY_ID, 'it keys the payment password hashes');
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV === 'production' && env.DEMO_DATA)
      ctx.addIssue({ code: 'custom', path: ['DEMO_DATA'], message: 'cannot be true in production' });
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV === 'production' && env.DEVCHAIN)
      ctx.addIssue({ code: 'custom', path: ['DEVCHAIN'], message: 'cannot be true in production (it is a local test chain)' });
  })
  .transform((env) => ({
    ...env,
    APP_SECRET: env.APP_SECRET ?? DEVELOPMENT_SECRET,
    APP_URL: (env.APP_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, ''),
    DEMO_DATA: env.DEMO_DATA ?? env.NODE_ENV === 'development',
    // The local chain runs by default only where the demo data does: `npm start` in development.
    DEVCHAIN: env.DEVCHAIN ?? env.NODE_ENV === 'development',
    CHAIN_CONFIRMATIONS: { ...DEFAULT_CONFIRMATIONS, ...env.CHAIN_CONFIRMATIONS },
    // Development approves small withdrawals itself so the demo runs end to end; production reviews all.
    WITHDRAW_AUTO_APPROVE_BELOW: env.WITHDRAW_AUTO_APPROVE_BELOW ?? (env.NODE_ENV === 'development' ? '1000' : '0'),
    PAYEE_ENCRYPTION_KEYS: env.PAYEE_ENCRYPTION_KEYS ?? DEVELOPMENT_PAYEE_KEYS,
    PAYEE_ENCRYPTION_KEY_ID: env.PAYEE_ENCRYPTION_KEYS ? (env.PAYEE_ENCRYPTION_KEY_ID as string) : 'dev1',
    TOTP_ENCRYPTION_KEYS: env.TOTP_ENCRYPTION_KEYS ?? DEVELOPMENT_TOTP_KEYS,
    TOTP_ENCRYPTION_KEY_ID: env.TOTP_ENCRYPTION_KEYS ? (env.TOTP_ENCRYPTION_KEY_ID as string) : 'dev1',
    PAYMENT_PIN_KEYS: env.PAYMENT_PIN_KEYS ?? DEVELOPMENT_PAYMENT_PIN_KEYS,
    PAYMENT_PIN_KEY_ID: env.PAYMENT_PIN_KEYS ? (env.PAYMENT_PIN_KEY_ID as string) : 'dev1',
    // The sandbox partner only outside production and only when no real one is named.
    PAYOUT_PARTNER: env.PAYOUT_URL
      ? ('http' as const)
      : env.NODE_ENV === 'production'
        ? ('none' as const)
        : (env.PAYOUT_PARTNER ?? 'sandbox'),
  }));

/** Blocks a deposit must be under before it is credited, per network (ADR 0005). */
const DEFAULT_CONFIRMATIONS = { BSC: 15, TRON: 19, ETH: 12, BTC: 2 };

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

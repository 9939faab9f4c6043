import {
  APP_VERSION,
  CURRENCIES,
  CURRENCY_CODES,
  LANGUAGES,
  type MetaReply,
  NETWORK_CODES,
  NETWORKS,
  type ReadyReply,
  SERVER_REGIONS,
} from '@wallet/contract';
import { sql } from 'kysely';
import type { Config } from '../../platform/config';
import type { Db } from '../../platform/db/database';
import { pendingMigrations } from '../../platform/db/migrate';

export async function checkReadiness(db: Db): Promise<ReadyReply> {
  try {
    await sql`select 1`.execute(db);
  } catch {
    return { status: 'not_ready', checks: { database: 'unreachable', migrations: 'unknown' } };
  }
  const pending = await pendingMigrations(db).catch(() => null);
  const migrations = pending === null ? 'unknown' : pending.length === 0 ? 'ok' : 'pending';
  return { status: migrations === 'ok' ? 'ready' : 'not_ready', checks: { database: 'ok', migrations } };
}

/** What a client needs before anything else: versions, languages, currencies, networks, servers. */
export function describeService(config: Config): MetaReply {
  return {
    appVersion: APP_VERSION,
    languages: [...LANGUAGES],
    currencies: CURRENCY_CODES.map((code) => ({ code, ...CURRENCIES[code] })),
    networks: NETWORK_CODES.map((code) => ({ code, ...NETWORKS[code], assets: [...NETWORKS[code].assets] })),
    servers: SERVER_REGIONS.map((region) => ({ region, baseUrl: config.API_SERVERS[region] ?? '' })),
    devMailbox: config.NODE_ENV !== 'production' && !config.SMTP_URL,
  };
}

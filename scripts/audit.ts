import path from 'node:path';
import { verifyAuditChain } from '../apps/server/src/modules/operators/audit-chain';
import { loadConfig } from '../apps/server/src/platform/config';
import { openDatabase } from '../apps/server/src/platform/db/database';
import { embeddedDatabaseUrl, startEmbeddedPostgres } from '../apps/server/src/platform/db/embedded';
import { postmasterPid } from '../apps/server/src/platform/db/leftover-postgres';

/**
 * `npm run audit -- verify`: recomputes the operators' audit chain (ADR 0034) and says whether it is
 * intact or where it first breaks; exits 1 when broken, so a scheduled check can alert on it. Reads
 * DATABASE_URL, else the embedded development database (the running server's, or started for this).
 */
const [command] = process.argv.slice(2);
if (command !== 'verify') {
  console.error('usage: npm run audit -- verify');
  process.exit(2);
}

const config = loadConfig();
const running = config.DATABASE_URL ? null : await postmasterPid(path.join(path.resolve(config.DATA_DIR), 'postgres'));
const embedded =
  config.DATABASE_URL || running
    ? undefined
    : await startEmbeddedPostgres({ dataDir: config.DATA_DIR, port: config.EMBEDDED_PG_PORT, database: 'wallet', log: () => {} });
const url = config.DATABASE_URL ?? embedded?.url ?? embeddedDatabaseUrl(config.EMBEDDED_PG_PORT, 'wallet');
const database = openDatabase(url, 2);
let broken = false;
try {
  const verdict = await verifyAuditChain(database.db);
  if (verdict.intact) console.info(`audit chain intact: ${verdict.entries} entries, last hash ${verdict.lastHash}`);
  else {
    broken = true;
    console.error(`audit chain BROKEN at seq ${verdict.brokenAt}: ${verdict.why} (${verdict.entries} entries before it verified)`);
  }
} finally {
  await database.close();
  await embedded?.stop();
}
process.exit(broken ? 1 : 0);

import path from 'node:path';
import { emailSchema, operatorRolesSchema } from '@wallet/contract';
import { createOperator, renewEnrolment } from '../apps/server/src/modules/operators/operators-service';
import { findOperatorByEmail } from '../apps/server/src/modules/operators/queries';
import { systemClock } from '../apps/server/src/platform/clock';
import { loadConfig } from '../apps/server/src/platform/config';
import { openDatabase } from '../apps/server/src/platform/db/database';
import { embeddedDatabaseUrl, startEmbeddedPostgres } from '../apps/server/src/platform/db/embedded';
import { postmasterPid } from '../apps/server/src/platform/db/leftover-postgres';
import { migrateToLatest } from '../apps/server/src/platform/db/migrate';
import { createLogger } from '../apps/server/src/platform/logger';
import { createMailer } from '../apps/server/src/platform/mail';

/**
 * `npm run operator -- create EMAIL ROLE[,ROLE...]`: makes an operator and prints their single-use
 * enrolment link (also mailed). For an operator who has not set a password yet, prints a new link.
 * The database is DATABASE_URL, else the embedded one of `npm start` (the running server's, or
 * started here when no server runs).
 */
const USAGE = 'usage: npm run operator -- create EMAIL ROLE[,ROLE...]   (roles: support, finance, compliance, admin, auditor)';
const [command, emailArg, rolesArg] = process.argv.slice(2);
const email = emailSchema.safeParse(emailArg ?? '');
const roles = operatorRolesSchema.safeParse((rolesArg ?? '').split(',').filter(Boolean));
if (command !== 'create' || !email.success || !roles.success) {
  console.error(USAGE);
  process.exit(2);
}

const config = loadConfig();
const log = createLogger(config.LOG_LEVEL === 'info' ? 'warn' : config.LOG_LEVEL);
const pid = config.DATABASE_URL ? null : await postmasterPid(path.join(path.resolve(config.DATA_DIR), 'postgres'));
const running = pid !== null && isAlive(pid);
const embedded =
  config.DATABASE_URL || running
    ? undefined
    : await startEmbeddedPostgres({ dataDir: config.DATA_DIR, port: config.EMBEDDED_PG_PORT, database: 'wallet', log: () => {} });
const url = config.DATABASE_URL ?? embedded?.url ?? embeddedDatabaseUrl(config.EMBEDDED_PG_PORT, 'wallet');
const database = openDatabase(url, 2);
try {
  await migrateToLatest(database.db);
  const deps = { db: database.db, clock: systemClock, mailer: createMailer(config, database.db, log), log, appUrl: config.APP_URL };
  const existing = await findOperatorByEmail(database.db, email.data);
  if (existing?.password_hash) {
    console.error(`${email.data} is already an operator with a password; change roles in the console (four eyes).`);
    process.exitCode = 1;
  } else {
    const link = existing
      ? await renewEnrolment(deps, existing.id)
      : (await createOperator(deps, null, { email: email.data, roles: roles.data })).enrolUrl;
    console.info(
      `Operator ${email.data} (${existing ? existing.roles.join(', ') : roles.data.join(', ')}): set a password within 72 hours at\n${link}`,
    );
  }
} finally {
  await database.close();
  await embedded?.stop();
}

function isAlive(processId: number): boolean {
  try {
    process.kill(processId, 0);
    return true;
  } catch {
    return false;
  }
}

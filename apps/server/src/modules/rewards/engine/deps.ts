import type { Clock } from '../../../platform/clock';
import type { Db } from '../../../platform/db/database';

/** What the engine needs: the database and the time its rules see (tests move it by hand). */
export interface EngineDeps {
  db: Db;
  clock: Clock;
}

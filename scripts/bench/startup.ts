import { serverEnv } from './money';
import { processRssKb, type RunningServer, type ServerCode, startServer } from './server';
import { sized } from './size';

/** Memory a moment after start-up, while its garbage is still in the heap. */
export const JUST_STARTED_MS = sized(5_000, 500);
/**
 * Memory once idle: V8's memory reducer collects and shrinks the heap after about half a minute
 * without work, as it does on a quiet production server between requests.
 */
export const SETTLED_MS = sized(50_000, 1_000);

export interface StartupSide {
  readyMs: number;
  rssKbJustStarted: number;
  rssKbIdle: number;
}

/**
 * The server started on an existing, migrated database, as a deployment restarts it: from spawning
 * the process to its first ready answer, and its resident memory 5 s later and once idle. The
 * compiled server (`npm start`) against the same code run through tsx (how it was started before).
 * The two start one after the other (each start has the machine to itself) and then idle together.
 */
export async function serverStartup(url: string): Promise<Record<ServerCode, StartupSide>> {
  const servers: RunningServer[] = [];
  try {
    const sides = {} as Record<ServerCode, Promise<StartupSide>>;
    // The compiled server first, so the tsx side is not favoured by a warm file cache.
    for (const code of ['compiled', 'tsx'] as const) {
      const server = await startServer(serverEnv(url), { code });
      servers.push(server);
      sides[code] = idleMemory(server);
      await delay(JUST_STARTED_MS);
    }
    return { compiled: await sides.compiled, tsx: await sides.tsx };
  } finally {
    await Promise.all(servers.map((server) => server.stop()));
  }
}

async function idleMemory(server: RunningServer): Promise<StartupSide> {
  await delay(JUST_STARTED_MS);
  const rssKbJustStarted = processRssKb(server.pid);
  await delay(SETTLED_MS - JUST_STARTED_MS);
  return { readyMs: server.readyMs, rssKbJustStarted, rssKbIdle: processRssKb(server.pid) };
}

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

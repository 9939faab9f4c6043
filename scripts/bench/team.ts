import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../../apps/server/src/platform/db/database';
import { loadProcess } from './child';
import { serverEnv } from './money';
import { type ReadFigures, type ReadLoad, type ReadLoadResult, type ReadTarget, readFigures } from './reads-load';
import { SERVER_NODE_FLAGS, startServer } from './server';
import { startService } from './service';
import { sized } from './size';
import { insertBenchSessions } from './users';

/** The programme's size the issue names: members in one tree, and reward rows among them. */
export const TEAM_MEMBERS = sized(100_000, 500);
export const TEAM_REWARDS = sized(1_000_000, 2_000);
/** Members (besides the root) whose summaries are asked for: spread over the tree's levels. */
const ASKING = sized(300, 10);
const FIRST_UID = 91_000_000;
export const LIGHT_CONNECTIONS = 4;

export interface TeamFigures {
  members: number;
  rewards: number;
  closureRows: number;
  seedSeconds: number;
  /** The root, whose team is the whole tree, and members drawn across it (teams from none to thousands), under `connections` at once. */
  root: ReadFigures['total'];
  members_: ReadFigures['total'];
  bare: ReadFigures['total'];
  /** The same with LIGHT_CONNECTIONS at once: a few members opening the screen, no queue in front of the server. */
  light: { root: ReadFigures['total']; members_: ReadFigures['total']; bare: ReadFigures['total'] };
  serverErrors: string[];
}

/**
 * The agency centre's summary (GET /api/v1/agency/summary) on a programme of TEAM_MEMBERS members and
 * TEAM_REWARDS reward rows, over real HTTP: the real server in its own process, the load (autocannon)
 * in another. The tree grows as programmes do, each member invited by an earlier one drawn at
 * random, so the root's team is everyone and the depth is about ln(n). Half the requests are the
 * root's (the worst case: every count runs over the whole tree), half a member's drawn among ASKING.
 * Baseline, same run, same load: a bare Fastify route with the app's plugins in its own process.
 */
export async function teamSummaryOverHttp(
  db: Db,
  url: string,
  { connections, seconds, warmupSeconds }: { connections: number; seconds: number; warmupSeconds: number },
): Promise<TeamFigures> {
  const seeding = performance.now();
  const { tokens, closureRows } = await seedProgramme(db);
  const seedSeconds = (performance.now() - seeding) / 1000;
  const [rootToken, ...memberTokens] = tokens;
  const path = '/api/v1/agency/summary';
  const targets: ReadTarget[] = [
    ...memberTokens.map(() => ({ kind: 'root', path, token: rootToken as string })),
    ...memberTokens.map((token) => ({ kind: 'member', path, token })),
  ];
  const bareTargets = memberTokens.map((token) => ({ kind: 'bare', path: '/api/v1/hello', token }));

  const bareServer = await startService('./bare-server.ts', {}, [...SERVER_NODE_FLAGS]);
  const server = await startServer(serverEnv(url)).catch(async (error) => {
    await bareServer.stop();
    throw error;
  });
  const appLoad = loadProcess<ReadLoad, ReadLoadResult>('./reads-load.ts');
  const bareLoad = loadProcess<ReadLoad, ReadLoadResult>('./reads-load.ts');
  try {
    const run = (load: typeof appLoad, baseUrl: string, of: ReadTarget[], at: number) =>
      load.run({ baseUrl, connections: at, targets: of, seconds, warmupSeconds, readEachFirst: true });
    const app = readFigures([await run(appLoad, server.baseUrl, targets, connections)]);
    const bare = readFigures([await run(bareLoad, bareServer.url, bareTargets, connections)]);
    const lightApp = readFigures([await run(appLoad, server.baseUrl, targets, LIGHT_CONNECTIONS)]);
    const lightBare = readFigures([await run(bareLoad, bareServer.url, bareTargets, LIGHT_CONNECTIONS)]);
    const empty = readFigures([]).total;
    return {
      members: TEAM_MEMBERS,
      rewards: TEAM_REWARDS,
      closureRows,
      seedSeconds,
      root: app.kinds.root ?? empty,
      members_: app.kinds.member ?? empty,
      bare: bare.total,
      light: { root: lightApp.kinds.root ?? empty, members_: lightApp.kinds.member ?? empty, bare: lightBare.total },
      serverErrors: app.total.non2xx > 0 || app.errors > 0 ? await server.errors(10) : [],
    };
  } finally {
    appLoad.stop();
    bareLoad.stop();
    await server.stop();
    await bareServer.stop();
  }
}

/**
 * The tree, its reward rows and the sessions, in set-based statements: users in invitation order (the
 * trigger of migration 0030 writes each one's team links, as registration does), then card-spending
 * events of members with two levels of inviters, each paying both levels, most of them released.
 */
async function seedProgramme(db: Db): Promise<{ tokens: string[]; closureRows: number }> {
  await sql`create temporary table bench_tree as
    select i, gen_random_uuid() as id, case when i = 0 then null else floor(random() * i)::int end as parent
    from generate_series(0, ${TEAM_MEMBERS - 1}) i`.execute(db);
  await sql`insert into users (id, uid, email, password_hash, bound_network, bound_address, invite_code, invited_by, created_at)
    select t.id, (${FIRST_UID} + t.i)::text, 'team-' || t.i || '@bench.example.com', 'x', 'TRON',
      'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7', 'TEAM' || t.i, p.id, now() - interval '60 days' + t.i * interval '1 second'
    from bench_tree t left join bench_tree p on p.i = t.parent
    order by t.i`.execute(db);
  const events = Math.ceil(TEAM_REWARDS / 2);
  await sql`create temporary table bench_spenders as
    select row_number() over (order by member_id) - 1 as n, member_id from team_links where depth = 2`.execute(db);
  await sql`insert into reward_events (kind, member_id, source_key, source_ref, amount, currency, occurred_at, processed_at)
    select 'card_spend', s.member_id, 'bench-spend:' || g, 'card:bench', 25.00, 'USD', now() - (g % 30) * interval '1 day', now()
    from generate_series(1, ${events}) g
    join bench_spenders s on s.n = (g::bigint * 7919) % (select count(*) from bench_spenders)`.execute(db);
  await sql`drop table bench_spenders`.execute(db);
  await sql`insert into rewards (event_id, beneficiary_id, member_id, level, type_code, role, upline, currency, amount, status, released_at, created_at)
    select e.id, tl.ancestor_id, e.member_id, tl.depth, case tl.depth when 1 then 16 else 19 end, 'member',
      array[e.member_id, tl.ancestor_id], 'USD', case tl.depth when 1 then 0.05 else 0.0125 end,
      case when e.id % 5 = 0 then 'pending' else 'available' end,
      case when e.id % 5 = 0 then null else e.occurred_at end, e.occurred_at
    from reward_events e join team_links tl on tl.member_id = e.member_id and tl.depth <= 2
    where e.source_key like 'bench-spend:%'`.execute(db);
  await sql`analyze users, team_links, reward_events, rewards`.execute(db);

  const asking = await sql<{ id: string }>`select id from bench_tree where i = 0
    union all (select id from bench_tree where i > 0 order by i % 97, i limit ${ASKING})`.execute(db);
  const tokens = asking.rows.map(() => randomBytes(32).toString('base64url'));
  await insertBenchSessions(
    db,
    asking.rows.map((row, k) => ({ userId: row.id, token: tokens[k] as string })),
    new Date(),
  );
  const closure = await sql<{ n: string }>`select count(*)::text as n from team_links`.execute(db);
  await sql`drop table bench_tree`.execute(db);
  return { tokens, closureRows: Number(closure.rows[0]?.n ?? 0) };
}

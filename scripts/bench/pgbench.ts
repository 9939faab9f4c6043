import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import pg from 'pg';

function findPgbench(): string | null {
  const fromPath = ['/usr/bin/pgbench', '/usr/local/bin/pgbench'].find((p) => existsSync(p));
  if (fromPath) return fromPath;
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const versions = readdirSync(root).sort().reverse();
  return versions.map((v) => `${root}/${v}/bin/pgbench`).find((p) => existsSync(p)) ?? null;
}

/**
 * TPC-B-like transactions per second on the same database: pgbench's built-in script when pgbench is
 * installed, otherwise the same five statements issued from Node by the same number of clients.
 */
export async function tpcb(url: string, clients: number, seconds: number): Promise<{ tps: number; tool: string }> {
  const pgbench = findPgbench();
  if (pgbench) {
    const conn = new URL(url);
    const env = { ...process.env, PGPASSWORD: decodeURIComponent(conn.password) };
    const args = ['-h', conn.hostname, '-p', conn.port || '5432', '-U', decodeURIComponent(conn.username), conn.pathname.slice(1)];
    execFileSync(pgbench, ['-i', '-q', '-s', String(clients), ...args], { env, stdio: 'ignore' });
    const out = execFileSync(pgbench, ['-n', '-c', String(clients), '-j', '2', '-T', String(seconds), ...args], { env, encoding: 'utf8' });
    const tps = Number(/tps = ([\d.]+)/.exec(out)?.[1]);
    return { tps, tool: 'pgbench' };
  }
  return { tps: await tpcbFromNode(url, clients, seconds), tool: 'node TPC-B script (pgbench not installed)' };
}

async function tpcbFromNode(url: string, clients: number, seconds: number): Promise<number> {
  const setup = new pg.Client({ connectionString: url });
  await setup.connect();
  const scale = clients;
  await setup.query(`
    drop table if exists bench_history, bench_tellers, bench_accounts, bench_branches;
    create table bench_branches (bid int primary key, bbalance int not null);
    create table bench_tellers (tid int primary key, bid int not null, tbalance int not null);
    create table bench_accounts (aid int primary key, bid int not null, abalance int not null);
    create table bench_history (tid int, bid int, aid int, delta int, mtime timestamp);
    insert into bench_branches select g, 0 from generate_series(1, ${scale}) g;
    insert into bench_tellers select g, (g - 1) / 10 + 1, 0 from generate_series(1, ${scale * 10}) g;
    insert into bench_accounts select g, (g - 1) / 100000 + 1, 0 from generate_series(1, ${scale * 100_000}) g;`);
  await setup.end();
  const deadline = Date.now() + seconds * 1000;
  let done = 0;
  await Promise.all(
    Array.from({ length: clients }, async () => {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      while (Date.now() < deadline) {
        const aid = 1 + Math.floor(Math.random() * scale * 100_000);
        const tid = 1 + Math.floor(Math.random() * scale * 10);
        const bid = 1 + Math.floor(Math.random() * scale);
        const delta = Math.floor(Math.random() * 10_001) - 5000;
        await c.query('begin');
        await c.query('update bench_accounts set abalance = abalance + $1 where aid = $2', [delta, aid]);
        await c.query('select abalance from bench_accounts where aid = $1', [aid]);
        await c.query('update bench_tellers set tbalance = tbalance + $1 where tid = $2', [delta, tid]);
        await c.query('update bench_branches set bbalance = bbalance + $1 where bid = $2', [delta, bid]);
        await c.query('insert into bench_history (tid, bid, aid, delta, mtime) values ($1, $2, $3, $4, now())', [tid, bid, aid, delta]);
        await c.query('commit');
        done += 1;
      }
      await c.end();
    }),
  );
  return done / seconds;
}

import http from 'node:http';

/**
 * The client side of the list benchmark, run in its own process (see listsOverHttp). First one client
 * walks the whole list, checking it and keeping each page's cursor. Then `connections` clients, each on
 * its own keep-alive connection, walk it as the app's "load more" does, following nextCursor and going
 * back to the first page after the last; they start spread over the list, so deep pages count as much
 * as early ones. Last, all of them ask for the first page only, as the screen opening does.
 */
export interface ListLoad {
  /** http://127.0.0.1:port of the running server. */
  baseUrl: string;
  path: string;
  /** The reply's array of rows. */
  rowsKey: 'records' | 'orders';
  token: string;
  connections: number;
  seconds: number;
  /** Walking sent first and not counted: the server's code compiled and its caches warm. */
  warmupSeconds: number;
  limit: number;
}

export interface PageFigures {
  pages: number;
  rows: number;
  pagesPerSecond: number;
  rowsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
}

export interface ListLoadResult {
  /** The checking walk: pages and rows read, distinct row ids, whether newest came first throughout. */
  walk: { pages: number; rows: number; distinct: number; newestFirst: boolean; seconds: number };
  deep: PageFigures;
  first: PageFigures;
  /** Failed requests over the whole run, by "status CODE" (status 0: no HTTP answer). */
  failures: Record<string, number>;
  serverErrors: number;
}

type Row = { id: string; createdAt: string };
type Page = { rows: Row[]; nextCursor: string | null };
type Answer = { status: number; page?: Page; code: string; ms: number; doneAt: number };

function get(agent: http.Agent, url: URL, load: ListLoad, cursor: string | null): Promise<Answer> {
  const query = `?limit=${load.limit}${cursor === null ? '' : `&cursor=${encodeURIComponent(cursor)}`}`;
  const started = performance.now();
  const failed = (code: string): Answer => ({ status: 0, code, ms: 0, doneAt: 0 });
  return new Promise((resolve) => {
    const req = http.get(
      {
        agent,
        host: url.hostname,
        port: url.port,
        path: `${load.path}${query}`,
        headers: { authorization: `Bearer ${load.token}` },
        timeout: 60_000,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', (error) => resolve(failed(error.message)));
        res.on('end', () => {
          const doneAt = performance.now();
          const status = res.statusCode ?? 0;
          const answer = { status, code: '', ms: doneAt - started, doneAt };
          try {
            const body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
            if (status >= 200 && status < 300) resolve({ ...answer, page: { rows: body[load.rowsKey], nextCursor: body.nextCursor } });
            else resolve({ ...answer, code: typeof body?.error?.code === 'string' ? body.error.code : 'no error code' });
          } catch {
            resolve({ ...answer, status: status >= 200 && status < 300 ? 0 : status, code: 'not JSON' });
          }
        });
      },
    );
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', (error) => resolve(failed(error.message)));
  });
}

class Window {
  readonly latencies: number[] = [];
  rows = 0;
  constructor(
    readonly from: number,
    readonly to: number,
  ) {}

  note(answer: Answer) {
    if (!answer.page || answer.doneAt < this.from || answer.doneAt > this.to) return;
    this.latencies.push(answer.ms);
    this.rows += answer.page.rows.length;
  }

  figures(seconds: number): PageFigures {
    const sorted = [...this.latencies].sort((a, b) => a - b);
    const at = (q: number) => sorted[Math.max(0, Math.ceil(q * sorted.length) - 1)] ?? 0;
    const pages = sorted.length;
    return {
      pages,
      rows: this.rows,
      pagesPerSecond: pages / seconds,
      rowsPerSecond: this.rows / seconds,
      p50Ms: at(0.5),
      p99Ms: at(0.99),
      maxMs: sorted.at(-1) ?? 0,
    };
  }
}

async function run(load: ListLoad): Promise<ListLoadResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: load.connections });
  const url = new URL(load.baseUrl);
  const failures: Record<string, number> = {};
  let serverErrors = 0;
  const ask = async (cursor: string | null) => {
    const answer = await get(agent, url, load, cursor);
    if (answer.page) return answer;
    if (answer.status >= 500) serverErrors += 1;
    const key = `${answer.status} ${answer.code}`;
    failures[key] = (failures[key] ?? 0) + 1;
    return answer;
  };

  // Records are newest first by entry id, orders by (createdAt, id): the seeded orders' times are distinct.
  const older = (a: Row, b: Row) => (load.rowsKey === 'records' ? BigInt(b.id) < BigInt(a.id) : b.createdAt < a.createdAt);
  const walkStarted = performance.now();
  const cursors: Array<string | null> = [null];
  const ids = new Set<string>();
  let rows = 0;
  let newestFirst = true;
  let last: Row | undefined;
  for (let cursor: string | null = null; ; ) {
    const { page } = await ask(cursor);
    if (!page) break;
    for (const row of page.rows) {
      if (last && !older(last, row)) newestFirst = false;
      last = row;
      ids.add(row.id);
    }
    rows += page.rows.length;
    if (page.nextCursor === null) break;
    cursor = page.nextCursor;
    cursors.push(cursor);
  }
  const walk = { pages: cursors.length, rows, distinct: ids.size, newestFirst, seconds: (performance.now() - walkStarted) / 1000 };

  const start = performance.now();
  const deep = new Window(start + load.warmupSeconds * 1000, start + (load.warmupSeconds + load.seconds) * 1000);
  await Promise.all(
    Array.from({ length: load.connections }, async (_, k) => {
      let cursor = cursors[Math.floor((k * cursors.length) / load.connections)] ?? null;
      while (performance.now() < deep.to) {
        const answer = await ask(cursor);
        deep.note(answer);
        cursor = answer.page?.nextCursor ?? null;
      }
    }),
  );

  const first = new Window(performance.now(), performance.now() + load.seconds * 1000);
  await Promise.all(
    Array.from({ length: load.connections }, async () => {
      while (performance.now() < first.to) first.note(await ask(null));
    }),
  );
  agent.destroy();
  return { walk, deep: deep.figures(load.seconds), first: first.figures(load.seconds), failures, serverErrors };
}

process.once('message', (load: ListLoad) => {
  run(load).then(
    (result) => process.send?.(result, () => process.exit(0)),
    (error) => {
      console.error(error);
      process.exit(1);
    },
  );
});

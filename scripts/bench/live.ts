import { type ChildProcess, fork } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { Db } from '../../apps/server/src/platform/db/database';
import { loadInChild } from './child';
import type { BareCommand, BareMessage } from './live-baseline-server';
import type { LiveEmit, LiveEmitted } from './live-emit';
import type { LiveLoadCommand, LiveLoadResult, LiveOpened, LiveTick } from './live-load';
import { serverEnv } from './money';
import { processRssKb, SERVER_NODE_FLAGS, startServer } from './server';
import { sized } from './size';
import { cpuSeconds, median } from './stats';
import { benchMembers } from './users';

const EVENTS_PATH = '/api/v1/me/events';
/** Streams opened at once: well under the listen backlog (Node's default, 511) of either server. */
const OPEN_BATCH = 200;
/** Streams opened and closed before the memory without streams is read: the route's code compiled, the heap grown to its working size. */
const WARMUP_STREAMS = sized(500, 5);
/** Pause before each memory reading, so the sockets opened or closed have settled. */
const SETTLE_MS = sized(2000, 200);
/** After the last tick the load waits for the events still on their way: until none has come for DRAIN_QUIET_MS, at most DRAIN_MS. */
export const DRAIN_MS = sized(30_000, 5_000);
const DRAIN_QUIET_MS = sized(10_000, 1_000);
/** Open files each side needs besides its sockets (the server's pool, its log, node's own). */
const SPARE_FILES = 1000;

export interface LiveSide {
  opened: LiveOpened;
  load: LiveLoadResult;
  /** The server's RSS with no stream open (after the warm-up), with all open, and after the events. */
  rssKb: { idle: number; open: number; after: number };
  /** (RSS with the streams open - RSS without) / streams. */
  kbPerStream: number;
  /** The same after the events were sent. */
  kbPerStreamAfter: number;
  /** The server's CPU seconds (user + system) while the events were sent, and over how long. */
  serverCpuSeconds: number;
  windowSeconds: number;
}

export interface LiveFigures {
  streams: number;
  ticks: number;
  app: LiveSide;
  bare: LiveSide;
  /** The writer's times of each tick: insert and commit, then the NOTIFYs. */
  writeMs: { p50: number; max: number };
  notifyMs: { p50: number; max: number };
  setupSeconds: number;
  /** What the server logged at warning level or above (the hub warns when a read fails), when something was missing. */
  serverErrors: string[];
}

/**
 * SSE fan-out: `streams` members each with one live stream open on one server process, one
 * notification per second for each for `seconds` seconds, as production carries it: the server is
 * the real one (startServer, as `npm start` runs it); the notifications are written by another process
 * (live-emit.ts) playing another server (all of a tick's rows in one transaction, then the change
 * feed's NOTIFYs), so they reach the server the cross-process way, through LISTEN and the hub's
 * read; the streams are held and timed by a third (live-load.ts). The baseline is the same load
 * against a bare Node http server (live-baseline-server.ts) writing the same events from a timer.
 * Memory per stream is the server's RSS with the streams open less its RSS without, over the streams.
 */
export async function liveFanOut(db: Db, url: string, { streams, seconds }: { streams: number; seconds: number }): Promise<LiveFigures> {
  checkOpenFiles(streams + SPARE_FILES);
  const setup = performance.now();
  const members = await benchMembers(db, streams, { prefix: 'live', firstUid: 50_000_000 });
  const tokens = members.map((m) => m.token);
  const userIds = members.map((m) => m.userId);
  const setupSeconds = (performance.now() - setup) / 1000;

  let emitted: LiveEmitted = { ticks: [] };
  const server = await startServer(serverEnv(url));
  let app: LiveSide;
  let serverErrors: string[] = [];
  try {
    app = await measure(server.baseUrl, server.pid, tokens, async () => {
      emitted = await loadInChild<LiveEmit, LiveEmitted>('./live-emit.ts', { url, userIds, ticks: seconds });
      return emitted.ticks;
    });
    if (app.load.missing > 0 || app.opened.open < streams) serverErrors = await warnings(server.logFile, 10);
  } finally {
    await server.stop();
  }

  const bareServer = new Conversation<BareCommand, BareMessage>('./live-baseline-server.ts', [...SERVER_NODE_FLAGS]);
  let bare: LiveSide;
  try {
    const listening = await bareServer.next();
    if (listening.kind !== 'listening') throw new Error('the bare SSE server did not start');
    bare = await measure(`http://127.0.0.1:${listening.port}`, bareServer.pid, tokens, async () => {
      const done = await bareServer.ask({ kind: 'emit', ticks: seconds });
      if (done.kind !== 'emitted') throw new Error('the bare SSE server did not emit');
      return done.ticks;
    });
  } finally {
    bareServer.stop();
  }

  const writes = emitted.ticks.map((t) => t.commitAt - t.sentAt);
  const notifies = emitted.ticks.map((t) => t.notifiedAt - t.commitAt);
  return {
    streams,
    ticks: seconds,
    app,
    bare,
    writeMs: { p50: median(writes), max: Math.max(0, ...writes) },
    notifyMs: { p50: median(notifies), max: Math.max(0, ...notifies) },
    setupSeconds,
    serverErrors,
  };
}

/**
 * One side: warm the server with a few streams opened and closed, read its RSS, open all the streams
 * (the load child waits for every `ready`), read it again, have `emit` send the ticks, then collect
 * the load child's figures and close.
 */
async function measure(baseUrl: string, pid: number, tokens: string[], emit: () => Promise<LiveTick[]>): Promise<LiveSide> {
  const load = new Conversation<LiveLoadCommand, LiveOpened | LiveLoadResult | { kind: 'closed' }>('./live-load.ts');
  try {
    const open = { kind: 'open' as const, baseUrl, path: EVENTS_PATH, batch: OPEN_BATCH };
    await load.ask({ ...open, tokens: tokens.slice(0, WARMUP_STREAMS) });
    await load.ask({ kind: 'close' });
    await sleep(SETTLE_MS);
    const idle = processRssKb(pid);
    const opened = (await load.ask({ ...open, tokens })) as LiveOpened;
    await sleep(SETTLE_MS);
    const withStreams = processRssKb(pid);
    const cpuBefore = cpuSeconds(pid);
    const started = performance.now();
    const ticks = await emit();
    const result = (await load.ask({
      kind: 'report',
      ticks,
      streams: tokens.length,
      quietMs: DRAIN_QUIET_MS,
      waitMs: DRAIN_MS,
    })) as LiveLoadResult;
    const windowSeconds = (performance.now() - started) / 1000;
    const serverCpuSeconds = cpuSeconds(pid) - cpuBefore;
    const after = processRssKb(pid);
    await load.ask({ kind: 'close' });
    const perStream = (rss: number) => (opened.open === 0 ? 0 : (rss - idle) / opened.open);
    return {
      opened,
      load: result,
      rssKb: { idle, open: withStreams, after },
      kbPerStream: perStream(withStreams),
      kbPerStreamAfter: perStream(after),
      serverCpuSeconds,
      windowSeconds,
    };
  } finally {
    load.stop();
  }
}

/** A script beside this one in its own Node process, spoken to by messages: each `ask` waits for the next answer. */
class Conversation<In, Out> {
  private readonly child: ChildProcess;
  private readonly inbox: Out[] = [];
  private waiting: { resolve: (message: Out) => void; reject: (error: Error) => void } | null = null;
  private exited: Error | null = null;

  constructor(script: string, nodeFlags: string[] = []) {
    this.child = fork(fileURLToPath(new URL(script, import.meta.url)), { execArgv: [...nodeFlags, '--import', 'tsx'] });
    this.child.on('message', (message) => {
      if (this.waiting) {
        this.waiting.resolve(message as Out);
        this.waiting = null;
      } else this.inbox.push(message as Out);
    });
    this.child.once('exit', (code) => {
      this.exited = new Error(`${script} exited with ${code}`);
      this.waiting?.reject(this.exited);
      this.waiting = null;
    });
  }

  get pid(): number {
    return this.child.pid as number;
  }

  next(): Promise<Out> {
    const message = this.inbox.shift();
    if (message !== undefined) return Promise.resolve(message);
    if (this.exited) return Promise.reject(this.exited);
    return new Promise((resolve, reject) => {
      this.waiting = { resolve, reject };
    });
  }

  ask(message: In): Promise<Out> {
    this.child.send(message as object);
    return this.next();
  }

  stop(): void {
    if (this.child.exitCode === null && this.child.signalCode === null) this.child.kill();
  }
}

/** Up to `max` distinct messages a server logged at warning level or above (startServer's `errors` keeps to error level). */
async function warnings(logFile: string, max: number): Promise<string[]> {
  const found = new Map<string, number>();
  for (const line of (await readFile(logFile, 'utf8')).split('\n')) {
    if (!line.startsWith('{')) continue;
    try {
      const entry = JSON.parse(line) as { level?: number; msg?: string; err?: { message?: string } };
      if ((entry.level ?? 0) < 40) continue;
      const message = `${entry.msg ?? ''}${entry.err?.message ? `: ${entry.err.message}` : ''}`;
      found.set(message, (found.get(message) ?? 0) + 1);
    } catch {}
  }
  return [...found].slice(0, max).map(([message, n]) => (n > 1 ? `${message} (x${n})` : message));
}

/**
 * Each side holds a socket per stream: the soft limit on open files must allow them (children inherit
 * it, and Node cannot raise its own). Below it, say what to run rather than fail half way.
 */
function checkOpenFiles(needed: number) {
  const limits = readFileSync('/proc/self/limits', 'utf8');
  const line = /^Max open files\s+(\d+|unlimited)\s+(\d+|unlimited)/m.exec(limits);
  if (!line || line[1] === 'unlimited') return;
  if (Number(line[1]) < needed)
    throw new Error(
      `the live fan-out needs ${needed} open files a process, the soft limit is ${line[1]} (hard ${line[2]}): run \`ulimit -n ${Math.max(needed, 65536)}\` in the shell first`,
    );
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

import http from 'node:http';
import { createParser } from 'eventsource-parser';

/**
 * The client side of the live fan-out benchmark (see liveFanOut), run in its own process: it holds
 * thousands of event streams open as the app's screens do (GET with the bearer token, Accept:
 * text/event-stream, one socket each), parses them as event-stream, and for every notification notes
 * when it arrived against the `sentAt` its writer put into it. It is driven by messages, one answer
 * each: `open` (all the streams, until every one has had its `ready`), `report` (once the events are
 * sent: the figures), `close` (every socket).
 */
export type LiveLoadCommand =
  | { kind: 'open'; baseUrl: string; path: string; tokens: string[]; batch: number }
  | { kind: 'report'; ticks: LiveTick[]; streams: number; quietMs: number; waitMs: number }
  | { kind: 'close' };

/** One moment of events: when the writer stamped them (sentAt) and when they were committed (the bare server: sentAt). */
export interface LiveTick {
  sentAt: number;
  commitAt: number;
}

export interface LiveOpened {
  kind: 'opened';
  open: number;
  /** Streams that did not open, by "status CODE" or the error. */
  failures: Record<string, number>;
  seconds: number;
  rssKb: number;
}

export interface LatencyFigures {
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
}

export interface LiveLoadResult extends LatencyFigures {
  kind: 'report';
  /** Streams x ticks. */
  expected: number;
  /** Distinct notifications received, each on the stream it was for (late ones included, up to the wait). */
  delivered: number;
  missing: number;
  /** Notifications received again on a stream that already had them. */
  duplicates: number;
  /** Received notifications not of the ticks sent (none expected). */
  strays: number;
  /** Delivered notifications per second, from the first tick's sentAt to the last arrival. */
  eventsPerSecond: number;
  /** Latency counted from the commit of the rows instead of from sentAt: what follows the write. */
  fromCommit: LatencyFigures;
  /** The slowest tick: from its sentAt to the last of its events. */
  slowestTickMs: number;
  /** Streams the server ended before `close` (the hub drops a client that does not read). */
  ended: number;
  /** This process's CPU seconds (user + system) from the first tick to the report, and its RSS. */
  cpuSeconds: number;
  rssKb: number;
}

interface Stream {
  req: http.ClientRequest;
  seen: Set<string>;
  closing: boolean;
}

const streams: Stream[] = [];
// Every arrival: its tick and when (ms since the epoch, as sentAt is).
let arrivalTick = new Int32Array(1 << 16);
let arrivalAt = new Float64Array(1 << 16);
let arrivals = 0;
let duplicates = 0;
let strays = 0;
let ended = 0;
let lastArrival = 0;
let cpuAtOpen = process.cpuUsage();

function note(tick: number, at: number) {
  if (arrivals === arrivalTick.length) {
    const ticks = new Int32Array(arrivals * 2);
    ticks.set(arrivalTick);
    arrivalTick = ticks;
    const ats = new Float64Array(arrivals * 2);
    ats.set(arrivalAt);
    arrivalAt = ats;
  }
  arrivalTick[arrivals] = tick;
  arrivalAt[arrivals] = at;
  arrivals += 1;
  lastArrival = at;
}

/** One stream, resolved once its `ready` event has come (or with why it did not open). */
function openStream(url: URL, path: string, token: string): Promise<string | null> {
  return new Promise((resolve) => {
    let settled = false;
    const settle = (failure: string | null) => {
      if (settled) return;
      settled = true;
      resolve(failure);
    };
    const stream: Stream = { req: undefined as unknown as http.ClientRequest, seen: new Set(), closing: false };
    // The time the chunk being parsed arrived: taken once per read, before any parsing.
    let receivedAt = 0;
    const parser = createParser({
      onEvent: (event) => {
        if (event.event === 'ready') {
          settle(null);
          return;
        }
        if (event.event !== 'notification') return;
        const data = JSON.parse(event.data) as { id: string; params: { sentAt?: string; tick?: string } };
        const tick = Number(data.params.tick);
        if (!Number.isInteger(tick) || data.params.sentAt === undefined) {
          strays += 1;
          return;
        }
        if (stream.seen.has(data.id)) {
          duplicates += 1;
          return;
        }
        stream.seen.add(data.id);
        note(tick, receivedAt);
      },
    });
    const req = http.request(
      {
        host: url.hostname,
        port: url.port,
        path,
        method: 'GET',
        agent: false,
        headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' },
      },
      (res) => {
        if (res.statusCode !== 200) {
          settle(`status ${res.statusCode}`);
          res.resume();
          return;
        }
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          receivedAt = Date.now();
          parser.feed(chunk);
        });
        res.on('close', () => {
          if (!stream.closing) ended += 1;
          settle('ended before ready');
        });
      },
    );
    stream.req = req;
    req.setTimeout(60_000, () => req.destroy(new Error('no ready within 60 s')));
    req.on('error', (error) => settle(error.message));
    req.end();
    streams.push(stream);
  });
}

async function open(command: Extract<LiveLoadCommand, { kind: 'open' }>): Promise<LiveOpened> {
  const started = performance.now();
  const url = new URL(command.baseUrl);
  const failures: Record<string, number> = {};
  // A batch at a time: the server's listen backlog (511) is not overrun, and each batch is read before the next.
  for (let from = 0; from < command.tokens.length; from += command.batch) {
    const results = await Promise.all(command.tokens.slice(from, from + command.batch).map((t) => openStream(url, command.path, t)));
    for (const failure of results) if (failure !== null) failures[failure] = (failures[failure] ?? 0) + 1;
  }
  // Once open the streams stay quiet until the first tick; nothing before it is counted.
  for (const stream of streams) stream.req.setTimeout(0);
  arrivals = 0;
  duplicates = 0;
  strays = 0;
  cpuAtOpen = process.cpuUsage();
  const failed = Object.values(failures).reduce((a, b) => a + b, 0);
  return { kind: 'opened', open: command.tokens.length - failed, failures, seconds: (performance.now() - started) / 1000, rssKb: rssKb() };
}

async function report(command: Extract<LiveLoadCommand, { kind: 'report' }>): Promise<LiveLoadResult> {
  const expected = command.streams * command.ticks.length;
  // The events still on their way: until all have come, none has for quietMs, or waitMs have passed since the last tick.
  const lastTick = command.ticks.at(-1)?.sentAt ?? 0;
  while (arrivals < expected && Date.now() - Math.max(lastArrival, lastTick) <= command.quietMs && Date.now() - lastTick <= command.waitMs)
    await new Promise((r) => setTimeout(r, 50));
  const cpu = process.cpuUsage(cpuAtOpen);
  const fromSent = new Float64Array(arrivals);
  const fromCommit = new Float64Array(arrivals);
  const slowest = new Float64Array(command.ticks.length);
  let counted = 0;
  for (let i = 0; i < arrivals; i += 1) {
    const tick = command.ticks[arrivalTick[i] as number];
    if (!tick) {
      strays += 1;
      continue;
    }
    const at = arrivalAt[i] as number;
    fromSent[counted] = at - tick.sentAt;
    fromCommit[counted] = at - tick.commitAt;
    const k = arrivalTick[i] as number;
    slowest[k] = Math.max(slowest[k] as number, at - tick.sentAt);
    counted += 1;
  }
  const first = command.ticks[0]?.sentAt ?? 0;
  return {
    kind: 'report',
    expected,
    delivered: counted,
    missing: expected - counted,
    duplicates,
    strays,
    eventsPerSecond: counted === 0 ? 0 : counted / ((lastArrival - first) / 1000),
    ...percentiles(fromSent.subarray(0, counted)),
    fromCommit: percentiles(fromCommit.subarray(0, counted)),
    slowestTickMs: Math.max(0, ...slowest),
    ended,
    cpuSeconds: (cpu.user + cpu.system) / 1e6,
    rssKb: rssKb(),
  };
}

function percentiles(values: Float64Array): LatencyFigures {
  const sorted = Float64Array.from(values).sort();
  const at = (q: number) => sorted[Math.max(0, Math.ceil(q * sorted.length) - 1)] ?? 0;
  return { p50Ms: at(0.5), p99Ms: at(0.99), maxMs: sorted.at(-1) ?? 0 };
}

async function close(): Promise<void> {
  const closed = streams.map(
    (stream) =>
      new Promise<void>((resolve) => {
        stream.closing = true;
        const socket = stream.req.socket;
        if (!socket || socket.destroyed) {
          stream.req.destroy();
          resolve();
          return;
        }
        socket.once('close', () => resolve());
        stream.req.destroy();
      }),
  );
  await Promise.all(closed);
  streams.length = 0;
  ended = 0;
}

const rssKb = () => Math.round(process.memoryUsage.rss() / 1024);

process.on('message', (command: LiveLoadCommand) => {
  const answer =
    command.kind === 'open'
      ? open(command)
      : command.kind === 'report'
        ? report(command)
        : close().then(() => ({ kind: 'closed' as const }));
  answer.then(
    (result) => process.send?.(result),
    (error) => {
      console.error(error);
      process.exit(1);
    },
  );
});

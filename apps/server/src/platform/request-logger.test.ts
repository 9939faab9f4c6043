import { Writable } from 'node:stream';
import type { FastifyBaseLogger, RawRequestDefaultExpression } from 'fastify';
import { pino, symbols } from 'pino';
import { describe, expect, it, vi } from 'vitest';
import { createLogger, writeRequestCompleted } from './logger';
import { childLoggerFactory } from './request-logger';

function capture(level: string) {
  const lines: Array<Record<string, unknown>> = [];
  const raw: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      raw.push(String(chunk));
      lines.push(JSON.parse(String(chunk)));
      done();
    },
  });
  const logger = createLogger(level, stream);
  const child = vi.spyOn(logger, 'child');
  const request = (options = {}) =>
    childLoggerFactory.call(
      undefined as never,
      logger as unknown as FastifyBaseLogger,
      { requestId: 'req-1' },
      options,
      {} as RawRequestDefaultExpression,
    );
  return { lines, raw, logger, child, request };
}

describe('request loggers', () => {
  it('make no child while nothing is logged at an enabled level', () => {
    const { lines, child, request } = capture('warn');
    const log = request();
    log.info({ password: 'x' }, 'below the level');
    log.debug('below the level');
    expect(child).not.toHaveBeenCalled();
    expect(lines).toEqual([]);
    expect(log.level).toBe('warn');
  });

  it('log enabled lines through one child carrying the request id, redacted as every line', () => {
    const { lines, child, request } = capture('info');
    const log = request();
    log.info({ password: 'hunter2' }, 'first');
    log.error('second');
    expect(child).toHaveBeenCalledTimes(1);
    expect(lines.map((line) => [line.msg, line.requestId])).toEqual([
      ['first', 'req-1'],
      ['second', 'req-1'],
    ]);
    expect(lines[0]?.password).toBe('[Redacted]');
  });

  it('write a line with fields without a child, the same JSON a child writes', () => {
    const { lines, child, request } = capture('info');
    request().info({ req: { method: 'GET', url: '/a?limit=20', ip: '127.0.0.1' }, password: 'x', responseTime: 2 }, 'done');
    expect(child).not.toHaveBeenCalled();
    const viaChild = capture('info');
    viaChild
      .request({ level: 'info' })
      .info({ req: { method: 'GET', url: '/a?limit=20', ip: '127.0.0.1' }, password: 'x', responseTime: 2 }, 'done');
    expect(viaChild.child).toHaveBeenCalledTimes(1);
    const { time: _a, ...line } = lines[0] ?? {};
    const { time: _b, ...childLine } = viaChild.lines[0] ?? {};
    expect(line).toEqual(childLine);
    expect(Object.keys(line)).toEqual(Object.keys(childLine));
    expect(line).toMatchObject({ requestId: 'req-1', password: '[Redacted]', req: { url: '/a?limit=20' }, msg: 'done' });
  });

  it("follow a route's own level", () => {
    const { lines, request } = capture('warn');
    const log = request({ level: 'debug' });
    log.debug('route asked for debug');
    log.trace('still below');
    expect(lines.map((line) => line.msg)).toEqual(['route asked for debug']);
  });
});

describe("a request's closing line", () => {
  // What Fastify gives the logger: a child with its own serializers under the parent's (logger-pino.js).
  const fastifyChild = (logger: ReturnType<typeof createLogger>) =>
    logger.child(
      {},
      {
        serializers: {
          req: (req: { url: string }) => ({ url: req.url }),
          res: (reply: { statusCode: number }) => ({ statusCode: reply.statusCode }),
          ...(logger as unknown as Record<symbol, object>)[symbols.serializersSym],
        },
      },
    );
  const cases = [
    {
      req: { method: 'GET', url: '/api/v1/wallet/records?limit=20', ip: '127.0.0.1' },
      res: { statusCode: 200 },
      responseTime: 1.2345678901,
    },
    { req: { method: 'POST', url: '/a?token=abc&q="é\n\u2028"', ip: '::ffff:10.0.0.1' }, res: { statusCode: 422 }, responseTime: 0.5 },
    { req: { method: 'GET', url: '/b', socket: {} }, res: { statusCode: 304, other: 'not logged' }, responseTime: 12 },
    { req: { method: 'GE"T', url: '/c', socket: { remoteAddress: 'fe80::1%eth0' } }, res: { statusCode: 200 }, responseTime: 3 },
  ];

  it.each(cases.flatMap((line) => ['req-1', 'id "quoted"\n'].map((requestId) => ({ requestId, line }))))(
    'is written byte for byte as pino writes it, its secrets masked alike (%o)',
    ({ requestId, line }) => {
      const direct = capture('info');
      expect(writeRequestCompleted(fastifyChild(direct.logger), requestId, line)).toBe(true);
      const viaPino = capture('info');
      fastifyChild(viaPino.logger).info({ requestId, ...line }, 'request completed');
      const withoutTime = (text: string | undefined) => text?.replace(/"time":\d+/, '"time":0');
      expect(direct.raw).toHaveLength(1);
      expect(withoutTime(direct.raw[0])).toBe(withoutTime(viaPino.raw[0]));
      expect(direct.raw[0]).not.toContain('abc');
    },
  );

  it('is left to pino for a logger made elsewhere, a request or reply serialized otherwise, or info off', () => {
    const line = cases[0] as (typeof cases)[number];
    const plain = capture('info');
    const ownWay = (r: { statusCode: number }) => ({ code: r.statusCode });
    expect(writeRequestCompleted(plain.logger.child({}, { serializers: { res: ownWay } }), 'req-1', line)).toBe(false);
    expect(writeRequestCompleted(plain.logger.child({}, { serializers: { req: (r: unknown) => r } }), 'req-1', line)).toBe(false);
    const elsewhere = pino(
      { serializers: { req: (r: unknown) => r, res: (r: unknown) => r } },
      new Writable({ write: (_c, _e, done) => done() }),
    );
    expect(writeRequestCompleted(elsewhere, 'req-1', line)).toBe(false);
    expect(writeRequestCompleted(fastifyChild(plain.logger).child({}, { msgPrefix: '[x] ' }), 'req-1', line)).toBe(false);
    const quiet = capture('warn');
    expect(writeRequestCompleted(fastifyChild(quiet.logger), 'req-1', line)).toBe(false);
    expect([...plain.raw, ...quiet.raw]).toEqual([]);
  });

  it('is written by the request logger only while it is the parent with the request id merged in', () => {
    const line = cases[0] as (typeof cases)[number];
    type Direct = { writeCompleted(l: typeof line): boolean; info(...a: unknown[]): void };
    const onParent = (level: string, options = {}) => {
      const captured = capture(level);
      const parent = fastifyChild(captured.logger) as unknown as FastifyBaseLogger;
      const log = childLoggerFactory.call(undefined as never, parent, { requestId: 'req-1' }, options, {} as RawRequestDefaultExpression);
      return { ...captured, log: log as unknown as Direct };
    };
    const plain = onParent('info');
    expect(plain.log.writeCompleted(line)).toBe(true);
    expect(plain.lines[0]).toMatchObject({ requestId: 'req-1', msg: 'request completed', res: { statusCode: 200 } });
    expect(onParent('info', { level: 'debug' }).log.writeCompleted(line)).toBe(false);
    const withChild = onParent('info');
    withChild.log.info('a line without fields makes the child');
    expect(withChild.log.writeCompleted(line)).toBe(false);
  });
});

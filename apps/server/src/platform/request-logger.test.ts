import { Writable } from 'node:stream';
import type { FastifyBaseLogger, RawRequestDefaultExpression } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { createLogger } from './logger';
import { childLoggerFactory } from './request-logger';

function capture(level: string) {
  const lines: Array<Record<string, unknown>> = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
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
  return { lines, child, request };
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

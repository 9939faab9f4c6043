import { type FastifyBaseLogger, type FastifyReply, type FastifyRequest, type FastifyServerOptions, LogController } from 'fastify';
import type { Bindings, ChildLoggerOptions } from 'pino';
import { type CompletedRequest, writeRequestCompleted } from './logger';

/** The parent is the app's pino logger (createLogger), which knows its levels. */
type Parent = FastifyBaseLogger & { isLevelEnabled(level: string): boolean; levels: { values: Record<string, number> } };

type Level = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';

/**
 * A request's logger, made only when the request logs something at a level that is on. Making a pino
 * child runs the redaction over its bindings, a cost every request paid even when its lines were
 * all below the configured level.
 */
class LazyRequestLogger {
  #child: Parent | undefined;
  readonly #parent: Parent;
  readonly #bindings: Bindings;
  readonly #options: ChildLoggerOptions;

  constructor(parent: Parent, bindings: Bindings, options: ChildLoggerOptions) {
    this.#parent = parent;
    this.#bindings = bindings;
    this.#options = options;
  }

  #real(): Parent {
    this.#child ??= this.#parent.child(this.#bindings, this.#options) as Parent;
    return this.#child;
  }

  #log(level: Level, args: unknown[]) {
    if (!this.isLevelEnabled(level)) return;
    const first = args[0];
    if (!this.#child && !this.#options.level && !this.#options.serializers && isPlainRecord(first)) {
      // A line with fields, as the request's own line is: its bindings (the request id) go in with the
      // fields, on the parent, the same JSON a child would write without making one for it.
      (this.#parent[level] as (...a: unknown[]) => void)({ ...this.#bindings, ...first }, ...args.slice(1));
      return;
    }
    (this.#real()[level] as (...a: unknown[]) => void)(...args);
  }

  get level(): string {
    return this.#child?.level ?? this.#options.level ?? this.#parent.level;
  }

  set level(level: string) {
    this.#real().level = level;
  }

  isLevelEnabled(level: string): boolean {
    if (this.#child) return this.#child.isLevelEnabled(level);
    const own = this.#options.level;
    if (!own) return this.#parent.isLevelEnabled(level);
    const values = this.#parent.levels.values;
    return (values[level] ?? Number.POSITIVE_INFINITY) >= (values[own] ?? Number.POSITIVE_INFINITY);
  }

  /**
   * The request's closing line, written by the parent's own writer when this request's lines would be
   * the parent's with the request id merged in (no child, no level or serializers of the route's).
   */
  writeCompleted(line: CompletedRequest): boolean {
    if (this.#child || this.#options.level || this.#options.serializers) return false;
    const requestId = this.#bindings.requestId;
    if (typeof requestId !== 'string' || Object.keys(this.#bindings).length !== 1) return false;
    return writeRequestCompleted(this.#parent, requestId, line);
  }

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.#real().child(bindings, options);
  }

  // Methods on the prototype rather than arrow fields: fields would be seven closures per request.
  fatal(...args: unknown[]) {
    this.#log('fatal', args);
  }
  error(...args: unknown[]) {
    this.#log('error', args);
  }
  warn(...args: unknown[]) {
    this.#log('warn', args);
  }
  info(...args: unknown[]) {
    this.#log('info', args);
  }
  debug(...args: unknown[]) {
    this.#log('debug', args);
  }
  trace(...args: unknown[]) {
    this.#log('trace', args);
  }
  silent() {}
}

function isPlainRecord(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object') return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

export const childLoggerFactory: NonNullable<FastifyServerOptions['childLoggerFactory']> = (logger, bindings, options) =>
  new LazyRequestLogger(logger as Parent, bindings, options) as unknown as FastifyBaseLogger;

/**
 * One line per request, when it ends: its method, URL, status and time. Fastify's default adds an
 * "incoming request" line at info as well, which doubled the logging a read costs (ADR 0032); it is
 * kept at debug, for following a request that never ends.
 */
class RequestLogController extends LogController {
  override incomingRequest(request: FastifyRequest): void {
    request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (error) {
      reply.log.error({ req: request, res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored');
      return;
    }
    const log = reply.log as unknown;
    // To the microsecond: the digits below it are the clock's noise, and cost the line its printing.
    const line = { req: request, res: reply, responseTime: Math.round(reply.elapsedTime * 1000) / 1000 };
    if (log instanceof LazyRequestLogger && log.writeCompleted(line)) return;
    reply.log.info(line, 'request completed');
  }
}

export const logController = new RequestLogController({ requestIdLogLabel: 'requestId' });

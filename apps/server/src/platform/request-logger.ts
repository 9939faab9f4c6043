import type { FastifyBaseLogger, FastifyServerOptions } from 'fastify';
import type { Bindings, ChildLoggerOptions } from 'pino';

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

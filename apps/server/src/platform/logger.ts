import { randomUUID } from 'node:crypto';
import type { FastifyServerOptions, RawRequestDefaultExpression } from 'fastify';
import { type DestinationStream, type Logger, pino, symbols } from 'pino';
import { logDestination } from './log-destination';

/**
 * Field names whose values are secret wherever they appear: credentials, codes, tokens, card data.
 * Logged objects are redacted at these names up to three levels deep.
 */
const SECRET_FIELDS = [
  'password',
  'oldPassword',
  'newPassword',
  'confirmPassword',
  'paymentPassword',
  'payPassword',
  'code',
  'verificationCode',
  'token',
  'accessToken',
  'refreshToken',
  'secret',
  'apiKey',
  'privateKey',
  'mnemonic',
  'pan',
  'cardNumber',
  'cvv',
  'cvc',
  'pin',
  'idNumber',
  'documentNumber',
];
const HEADER_FIELDS = ['authorization', 'cookie', 'set-cookie', 'x-api-key', 'x-webhook-signature', 'idempotency-key'];

const SECRET_KEYS = new Set(SECRET_FIELDS);
const SECRET_HEADERS = new Set(HEADER_FIELDS);
const CENSOR = '[Redacted]';
/** As deep as a logged object is searched for secret names (the merge object is level 1). */
const REDACT_DEPTH = 4;

/**
 * A copy of a logged object with the values of secret names masked, to REDACT_DEPTH levels, and of
 * secret headers in any `headers` object; the object itself is returned when it holds no secret, so
 * the common line (a request's method, URL and status) costs a look at a few keys. Written here rather
 * than with pino's `redact` paths: those need a wildcard path per name and depth, which made
 * redaction the largest cost of an authenticated read (ADR 0032).
 */
export function redactSecrets<T>(value: T, depth = 1, headers = false): T {
  if (depth > REDACT_DEPTH || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) {
    let copy: unknown[] | undefined;
    value.forEach((item, i) => {
      const clean = redactSecrets(item, depth + 1);
      if (clean === item) return;
      copy ??= [...value];
      copy[i] = clean;
    });
    return (copy ?? value) as T;
  }
  const proto = Object.getPrototypeOf(value);
  // Errors, buffers and dates go to their serializers untouched; only plain records are searched.
  if (proto !== Object.prototype && proto !== null) return value;
  let copy: Record<string, unknown> | undefined;
  for (const key in value) {
    const item = (value as Record<string, unknown>)[key];
    const secret = SECRET_KEYS.has(key) || (headers && SECRET_HEADERS.has(key.toLowerCase()));
    const clean = secret ? CENSOR : redactSecrets(item, depth + 1, key === 'headers');
    if (clean === item) continue;
    copy ??= { ...(value as Record<string, unknown>) };
    copy[key] = clean;
  }
  return (copy ?? value) as T;
}

// Any key that merely contains one of these words is masked: over-masking a URL costs nothing.
const SECRET_QUERY = /token|password|secret|code|pan|cvv|cvc|pin|key|sig|mnemonic/i;
const ESCAPED = /[%+]/;

/** Query strings can carry secrets too (a reset token in a link): their values are masked in logged URLs. */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  // Most queries (a page size, a filter) name nothing secret: kept as sent. An escaped or '+' query
  // is decoded first, since an escaped name (%74oken) is still a token.
  const query = url.slice(q + 1);
  if (!SECRET_QUERY.test(query) && !ESCAPED.test(query)) return url;
  const params = new URLSearchParams(query);
  for (const key of [...params.keys()]) {
    if (SECRET_QUERY.test(key)) params.set(key, '[Redacted]');
  }
  return `${url.slice(0, q)}?${params.toString()}`;
}

const REQUEST_ID = /^[A-Za-z0-9._-]{8,128}$/;

/**
 * The loggers createLogger made and their children (Fastify's has its serializers, a request's its
 * id): their lines' format is known here, so a line can be written without pino's general path.
 */
const OWN_FORMAT = new WeakSet<object>();
const knowFormat = (logger: object) => void OWN_FORMAT.add(logger);

type LoggedRequest = { method: string; url: string; ip?: string; socket?: { remoteAddress?: string } };
type LoggedReply = { statusCode: number };

const addressOf = (req: LoggedRequest) => req.ip ?? req.socket?.remoteAddress;
const serializeRequest = (req: LoggedRequest) => ({ method: req.method, url: redactUrl(req.url), remoteAddress: addressOf(req) });
// Fastify's own, kept here so that a request's line can be written knowing what it holds (its child
// logger takes the parent's serializers over its defaults).
const serializeReply = (reply: LoggedReply) => ({ statusCode: reply.statusCode });

/** The one logger of the process (HTTP, jobs, start-up), so redaction applies everywhere. */
export function createLogger(level: string, stream?: DestinationStream): Logger {
  const options = {
    level,
    onChild: knowFormat,
    formatters: { log: redactSecrets, bindings: redactSecrets },
    serializers: {
      // The standard serializer's `code` key would be masked with the secret `code` fields.
      err: (err: Error & { code?: unknown }) => ({ type: err.name, message: err.message, stack: err.stack ?? '', errorCode: err.code }),
      req: serializeRequest,
      res: serializeReply,
    },
  };
  const logger = pino(options, stream ?? logDestination());
  knowFormat(logger);
  return logger;
}

/** A request's closing line: the request and the reply, as the logger's serializers write them. */
export interface CompletedRequest {
  req: unknown;
  res: unknown;
  responseTime: number;
}

type Internals = Logger & { [key: symbol]: unknown };
type Serializers = Record<string, ((value: unknown) => unknown) | undefined>;

/**
 * Writes a request's closing line on `logger`'s stream as the JSON pino writes for
 * `logger.info({ requestId, req, res, responseTime }, 'request completed')`, which
 * request-logger.test.ts checks byte for byte. Every request writes one, and pino's general path
 * (its formatters, its walk over the fields, the merge of the request id) was a tenth of the server's
 * CPU on a cached read (ADR 0032). Returns false, writing nothing, when the line must take pino's
 * path: a logger made elsewhere, info off, a request or reply serialized otherwise, a message
 * prefix, or a stream that reads each line's metadata (pino.multistream).
 */
export function writeRequestCompleted(logger: object, requestId: string, line: CompletedRequest): boolean {
  if (!OWN_FORMAT.has(logger)) return false;
  const own = logger as Internals;
  if (!own.isLevelEnabled('info') || own.msgPrefix) return false;
  const stream = own[symbols.streamSym] as DestinationStream & { [key: symbol]: unknown };
  const serializers = own[symbols.serializersSym] as Serializers;
  if (stream[symbols.needsMetadataGsym] || serializers.req !== serializeRequest || serializers.res !== serializeReply) return false;
  // The serializers' objects written field by field, in their order: making the two objects and
  // walking them with JSON.stringify was 1.5-4.5 µs of the 9 the line cost a cached read (ADR 0032).
  const req = line.req as LoggedRequest;
  const status = (line.res as LoggedReply).statusCode;
  if (typeof status !== 'number') return false;
  const address = addressOf(req);
  stream.write(
    `{"level":${own.levels.values.info},"time":${Date.now()}${own[symbols.chindingsSym] as string},"requestId":${jsonText(requestId)},` +
      `"req":{"method":${jsonText(req.method)},"url":${JSON.stringify(redactUrl(req.url))}${address === undefined ? '' : `,"remoteAddress":${jsonText(address)}`}},` +
      `"res":{"statusCode":${status}},"responseTime":${jsonMilliseconds(line.responseTime)},"msg":"request completed"}\n`,
  );
  return true;
}

/** Characters JSON writes as they are: a request id, a method and an address are made of them. */
const PLAIN_TEXT = /^[\w.:%-]*$/;

/** A string as JSON.stringify writes it, without its walk when nothing in it needs escaping. */
function jsonText(text: string): string {
  return PLAIN_TEXT.test(text) ? `"${text}"` : JSON.stringify(text);
}

/** ".001" to ".999" as a number prints them, trailing zeros dropped; "" for none. */
const THOUSANDTHS = Array.from({ length: 1000 }, (_, i) => (i === 0 ? '' : `.${String(i).padStart(3, '0').replace(/0+$/u, '')}`));

/**
 * A duration in ms as JSON.stringify writes it. One to the microsecond (what requestCompleted logs)
 * is put together from two integers: printing a fraction the general way, shortest digits first,
 * was a microsecond of every request's line (ADR 0032).
 */
export function jsonMilliseconds(ms: number): string {
  const us = Math.round(ms * 1000);
  if (us / 1000 !== ms || us < 0 || us > 1e12) return JSON.stringify(ms);
  return `${Math.floor(us / 1000)}${THOUSANDTHS[us % 1000]}`;
}

export const requestIdOptions: Pick<FastifyServerOptions, 'genReqId' | 'requestIdHeader'> = {
  // genReqId reads the header itself: Fastify would otherwise trust any value sent.
  requestIdHeader: false,
  // Reuse a caller's request id only when it looks like one, so logs cannot be forged through it.
  genReqId: (req: RawRequestDefaultExpression) => {
    const given = req.headers['x-request-id'];
    return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
  },
};

import { randomUUID } from 'node:crypto';
import type { FastifyServerOptions, RawRequestDefaultExpression } from 'fastify';
import { type DestinationStream, destination, type Logger, pino } from 'pino';

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
 * the common line (a request's method, URL and status) costs a look at a few keys. A formatter rather
 * than pino's `redact` paths, which match a name at one path each: a secret name is masked at any
 * depth up to REDACT_DEPTH, and a secret header in any `headers` object, whatever its case.
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

type LoggedRequest = { method: string; url: string; ip?: string; socket?: { remoteAddress?: string } };

/**
 * Where the server's lines go (standard output, or the file open as `fd`): pino's own asynchronous
 * writer, which writes what it holds before the process exits.
 */
export function logDestination(fd = 1): DestinationStream {
  return destination({ dest: fd, sync: false });
}

/** The one logger of the process (HTTP, jobs, start-up), so redaction applies everywhere. */
export function createLogger(level: string, stream?: DestinationStream): Logger {
  return pino(
    {
      level,
      formatters: { log: redactSecrets, bindings: redactSecrets },
      serializers: {
        // The standard serializer's `code` key would be masked with the secret `code` fields.
        err: (err: Error & { code?: unknown }) => ({ type: err.name, message: err.message, stack: err.stack ?? '', errorCode: err.code }),
        req: (req: LoggedRequest) => ({ method: req.method, url: redactUrl(req.url), remoteAddress: req.ip ?? req.socket?.remoteAddress }),
      },
    },
    stream ?? logDestination(),
  );
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

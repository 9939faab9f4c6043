import { randomUUID } from 'node:crypto';
import { type FastifyServerOptions, LogController, type RawRequestDefaultExpression } from 'fastify';
import { type DestinationStream, type Logger, pino } from 'pino';

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

export const REDACT_PATHS = [
  ...SECRET_FIELDS,
  ...SECRET_FIELDS.map((f) => `*.${f}`),
  ...SECRET_FIELDS.map((f) => `*.*.${f}`),
  ...HEADER_FIELDS.flatMap((h) => [`req.headers["${h}"]`, `res.headers["${h}"]`, `headers["${h}"]`, `*.headers["${h}"]`]),
];

// Any key that merely contains one of these words is masked: over-masking a URL costs nothing.
const SECRET_QUERY = /token|password|secret|code|pan|cvv|cvc|pin|key|sig|mnemonic/i;

/** Query strings can carry secrets too (a reset token in a link): their values are masked in logged URLs. */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const params = new URLSearchParams(url.slice(q + 1));
  for (const key of [...params.keys()]) {
    if (SECRET_QUERY.test(key)) params.set(key, '[Redacted]');
  }
  return `${url.slice(0, q)}?${params.toString()}`;
}

const REQUEST_ID = /^[A-Za-z0-9._-]{8,128}$/;

/** The one logger of the process (HTTP, jobs, start-up), so redaction applies everywhere. */
export function createLogger(level: string, stream?: DestinationStream): Logger {
  const options = {
    level,
    redact: { paths: REDACT_PATHS, censor: '[Redacted]' },
    serializers: {
      // The standard serializer's `code` key would be masked with the secret `code` fields.
      err: (err: Error & { code?: unknown }) => ({ type: err.name, message: err.message, stack: err.stack ?? '', errorCode: err.code }),
      req: (req: { method: string; url: string; ip?: string; socket?: { remoteAddress?: string } }) => ({
        method: req.method,
        url: redactUrl(req.url),
        remoteAddress: req.ip ?? req.socket?.remoteAddress,
      }),
    },
  };
  return stream ? pino(options, stream) : pino(options);
}

export const requestIdOptions: Pick<FastifyServerOptions, 'genReqId' | 'requestIdHeader' | 'logController'> = {
  logController: new LogController({ requestIdLogLabel: 'requestId' }),
  // genReqId reads the header itself: Fastify would otherwise trust any value sent.
  requestIdHeader: false,
  // Reuse a caller's request id only when it looks like one, so logs cannot be forged through it.
  genReqId: (req: RawRequestDefaultExpression) => {
    const given = req.headers['x-request-id'];
    return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
  },
};

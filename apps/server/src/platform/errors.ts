import { STATUS_CODES as HTTP_STATUS_TEXT, maxHeaderSize } from 'node:http';
import type { Socket } from 'node:net';
import { ERRORS, type ErrorCode, type ErrorReply, type FieldIssue, type Language, pickLanguage } from '@wallet/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';
// For the request.language declaration.
import type {} from './language';
import { describeIssues, RequestValidationError } from './validation';

/** A domain error: services throw it, the one error handler below turns it into the reply. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly details?: Record<string, unknown>,
    options?: ErrorOptions,
  ) {
    super(code, options);
  }
  get status(): number {
    return ERRORS[this.code].status;
  }
}

const STATUS_CODES: Record<number, ErrorCode> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  406: 'NOT_ACCEPTABLE',
  408: 'REQUEST_TIMEOUT',
  413: 'PAYLOAD_TOO_LARGE',
  414: 'URI_TOO_LONG',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
  431: 'HEADERS_TOO_LARGE',
  503: 'SERVICE_UNAVAILABLE',
};

function reply(code: ErrorCode, message: string, details?: Record<string, unknown>): ErrorReply {
  return { error: details ? { code, message, details } : { code, message } };
}

/** Every error reply, whatever raised it, has the shape { error: { code, message, details? } }. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError | RequestValidationError, request, res) => {
    const language = request.language;
    if (error instanceof AppError) {
      if (error.status >= 500) request.log.error({ err: error.cause ?? error, errorCode: error.code }, 'service failure');
      return res.status(error.status).send(reply(error.code, ERRORS[error.code].message[language], error.details));
    }
    if (error instanceof RequestValidationError) {
      const fields: FieldIssue[] = describeIssues(error.issues, error.validationContext, language);
      return res.status(400).send(reply('VALIDATION_FAILED', ERRORS.VALIDATION_FAILED.message[language], { fields }));
    }
    const status = 'statusCode' in error && typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status >= 400 && status < 500) {
      // A status the catalogue has no code for is answered as a plain bad request, so code and status agree.
      const code = STATUS_CODES[status] ?? 'BAD_REQUEST';
      request.log.info({ errorCode: error.code, reason: error.message }, 'client error');
      return res.status(ERRORS[code].status).send(reply(code, ERRORS[code].message[language]));
    }
    // Unexpected: log everything, tell the caller nothing about internals.
    request.log.error({ err: error }, 'unhandled error');
    const code = status === 503 ? 'SERVICE_UNAVAILABLE' : 'INTERNAL';
    return res.status(code === 'INTERNAL' ? 500 : 503).send(reply(code, ERRORS[code].message[language]));
  });

  app.setNotFoundHandler((request, res) => {
    res.status(404).send(reply('NOT_FOUND', ERRORS.NOT_FOUND.message[request.language]));
  });
}

/**
 * Errors Fastify meets before a route is chosen (a path parameter over maxParamLength, a URL it cannot
 * decode): no hook has run, so the language is read from the header here.
 */
function frameworkErrors(error: FastifyError, request: FastifyRequest, res: FastifyReply): void {
  const language = pickLanguage(request.headers['accept-language']);
  const code: ErrorCode =
    error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 'URI_TOO_LONG' : error.code === 'FST_ERR_BAD_URL' ? 'BAD_REQUEST' : 'INTERNAL';
  if (code === 'INTERNAL') request.log.error({ err: error }, 'routing failure');
  else request.log.info({ errorCode: error.code, reason: error.message }, 'client error');
  res.status(ERRORS[code].status).send(reply(code, ERRORS[code].message[language]));
}

// Node's parser keeps the bytes it read so far on the error; headers end a line each with CRLF.
const ACCEPT_LANGUAGE_LINE = /\r\naccept-language:[ \t]*([^\r\n]*)/i;

function languageOfRawRequest(raw: unknown): Language {
  if (!Buffer.isBuffer(raw)) return 'en';
  return pickLanguage(ACCEPT_LANGUAGE_LINE.exec(raw.toString('latin1'))?.[1]);
}

/** What Node's HTTP parser refused, before Fastify saw a request. */
function clientErrorCode(error: NodeJS.ErrnoException & { rawPacket?: unknown }): ErrorCode {
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') return 'REQUEST_TIMEOUT';
  if (error.code !== 'HPE_HEADER_OVERFLOW') return 'BAD_REQUEST';
  // The request line alone is over the limit: the address is what is too long, not the headers.
  const raw = Buffer.isBuffer(error.rawPacket) ? error.rawPacket.toString('latin1') : '';
  const lineEnd = raw.indexOf('\r\n');
  return /^[A-Z]+ /.test(raw) && (lineEnd < 0 || lineEnd > maxHeaderSize) ? 'URI_TOO_LONG' : 'HEADERS_TOO_LARGE';
}

/**
 * Requests Node's HTTP server refuses itself (headers over its limit, a request that never finished,
 * bytes that are not HTTP) are answered in the error model too, then the connection is closed, as
 * Node does: what follows on it cannot be read.
 */
function clientErrorHandler(this: FastifyInstance, error: NodeJS.ErrnoException & { rawPacket?: unknown }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const code = clientErrorCode(error);
  const body = JSON.stringify(reply(code, ERRORS[code].message[languageOfRawRequest(error.rawPacket)]));
  this.log.info({ errorCode: error.code, reason: error.message }, 'client error before routing');
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${ERRORS[code].status} ${HTTP_STATUS_TEXT[ERRORS[code].status]}\r\n` +
        'Content-Type: application/json; charset=utf-8\r\n' +
        `Content-Length: ${Buffer.byteLength(body)}\r\n` +
        'Connection: close\r\n\r\n' +
        body,
    );
  }
  socket.destroy();
}

/** Fastify options that put its own refusals, and Node's, in the error model. */
export const errorModelOptions = { frameworkErrors, clientErrorHandler } satisfies Pick<
  FastifyServerOptions,
  'frameworkErrors' | 'clientErrorHandler'
>;

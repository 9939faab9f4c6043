import { ERRORS, type ErrorCode, type ErrorReply, type FieldIssue } from '@wallet/contract';
import type { FastifyError, FastifyInstance } from 'fastify';
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
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
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
      const code = STATUS_CODES[status] ?? 'BAD_REQUEST';
      request.log.info({ errorCode: error.code, reason: error.message }, 'client error');
      return res.status(status).send(reply(code, ERRORS[code].message[language]));
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

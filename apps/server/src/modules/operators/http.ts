import type { FastifyRequest } from 'fastify';
import { AppError } from '../../platform/errors';
import { csrfTokenMatches, fromOwnOrigin } from '../auth/session-cookie';
import type { Client } from './deps';
import { CONSOLE_COOKIE } from './guard';

/** The HTTP side of the sign-in steps, which run before the guard knows an operator (operatorPublic). */

export function clientOf(request: FastifyRequest): Client {
  const agent = request.headers['user-agent'];
  return { ip: request.ip, userAgent: typeof agent === 'string' ? agent : undefined, requestId: request.id };
}

/**
 * A sign-in step sets the cookie, so it must come from the console's own pages (login CSRF); a step
 * that continues a 'password' session also echoes that session's CSRF token, as every unsafe call does.
 */
export function signInStepToken(request: FastifyRequest, { continuing }: { continuing: boolean }): string | undefined {
  if (!fromOwnOrigin(request)) throw new AppError('CROSS_SITE_REQUEST');
  const token = request.cookies?.[CONSOLE_COOKIE];
  if (!continuing) return token;
  if (!token) throw new AppError('OPERATOR_SIGN_IN_REQUIRED');
  if (!csrfTokenMatches(request, token)) throw new AppError('CSRF_TOKEN_INVALID');
  return token;
}

export const consoleCookieToken = (request: FastifyRequest): string | null => request.cookies?.[CONSOLE_COOKIE] ?? null;

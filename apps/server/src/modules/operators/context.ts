import type { OperatorRole, Permission } from '@wallet/contract';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../platform/errors';

/**
 * Who is acting on an operator route: a signed-in operator (a console session) or an API key an
 * admin made. Every service that acts for an operator takes this, and the audit log records it.
 */
export interface OperatorContext {
  /** The operator, or for an API key the admin who made it. */
  operatorId: string;
  email: string;
  roles: readonly OperatorRole[];
  /** Set when the request came with an API key instead of a console session. */
  apiKeyId: string | null;
  sessionId: string | null;
  ip: string;
  requestId: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    operator: OperatorContext | null;
  }
  interface FastifyContextConfig {
    /** What an /api/v1/admin route does, from the permission table (ADR 0034); every such route names one. */
    permission?: Permission;
    /** An /api/v1/admin route open before sign-in (the sign-in steps themselves). */
    operatorPublic?: boolean;
  }
}

/** The operator of an operator route, as the guard (guard.ts) authenticated it. */
export function operatorOf(request: FastifyRequest): OperatorContext {
  if (!request.operator) throw new AppError('OPERATOR_SIGN_IN_REQUIRED');
  return request.operator;
}

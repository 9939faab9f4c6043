import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';

/**
 * One line per request, when it ends: its method, URL, status and time, on the request's pino child
 * (its id under `requestId`). Fastify's default adds an "incoming request" line at info as well and
 * leaves the method and URL off the closing one; that line is kept at debug, for following a request
 * that never ends.
 */
class RequestLogController extends LogController {
  override incomingRequest(request: FastifyRequest): void {
    if (this.isLogDisabled(request)) return;
    request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (this.isLogDisabled(request)) return;
    const line = { req: request, res: reply, responseTime: reply.elapsedTime };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request completed');
  }
}

export const logController = new RequestLogController({ requestIdLogLabel: 'requestId' });

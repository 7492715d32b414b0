import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

/**
 * What the request log keeps: method, path and peer; status and the signed-in user's id. Query
 * strings are left out: searches carry patient names (PHI).
 */
export const requestLogSerializers = {
  req(request: FastifyRequest) {
    return { method: request.method, url: request.url.split('?')[0], remoteAddress: request.ip };
  },
  res(reply: { statusCode: number; request?: FastifyRequest }) {
    return { statusCode: reply.statusCode, userId: reply.request?.user?.id ?? null };
  },
};

/**
 * One line per request, written when it is answered (request, status, user, time), instead of
 * Fastify's two: every line is a synchronous write, and the first told nothing the second lacks.
 * Fastify's other request logs (errors, not found) are kept.
 */
export class OneLineRequestLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null, request: FastifyRequest, reply: FastifyReply): void {
    const line = { req: request, res: reply, responseTime: reply.elapsedTime };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request completed');
  }
}

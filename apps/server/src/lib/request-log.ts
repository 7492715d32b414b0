import type { FastifyRequest } from 'fastify';

/**
 * What the request log keeps: method, path and peer on the way in; status and the signed-in
 * user's id on the way out. Query strings are left out: searches carry patient names (PHI).
 */
export const requestLogSerializers = {
  req(request: FastifyRequest) {
    return { method: request.method, url: request.url.split('?')[0], remoteAddress: request.ip };
  },
  res(reply: { statusCode: number; request?: FastifyRequest }) {
    return { statusCode: reply.statusCode, userId: reply.request?.user?.id ?? null };
  },
};

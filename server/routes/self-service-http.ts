import type { FastifyRequest } from 'fastify';

/** The origin the visitor used, for absolute links in e-mails (behind a proxy with trustProxy). */
export function requestOrigin(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}

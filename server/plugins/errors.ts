import type { FastifyError, FastifyInstance } from 'fastify';
import { ERROR_PAGE, isApiPath } from './static-site.ts';

/**
 * One error shape for the whole API: `{statusCode, error, message}` with a message the UI can
 * show as it is. Client mistakes keep their 4xx status; anything unexpected is logged and
 * answered with a generic 500 that leaks no internals (pages get the static 500 page).
 */
const REASONS: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Entity',
  429: 'Too Many Requests',
};

/**
 * A route schema's validation failure, as one line naming each field ("email: Invalid email
 * format"), whatever validator produced it.
 */
function validationMessage(error: FastifyError): string | null {
  if (!Array.isArray(error.validation) || error.validation.length === 0) return null;
  const where = error.validationContext && error.validationContext !== 'body' ? error.validationContext : '';
  return error.validation
    .slice(0, 5)
    .map((item) => {
      const field = [where, ...String(item.instancePath ?? '').split('/')].filter(Boolean).join('.');
      return field ? `${field}: ${item.message ?? 'is invalid'}` : (item.message ?? 'Invalid input');
    })
    .join('; ');
}

export function errorHandling(app: FastifyInstance, options: { staticSite: boolean }) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
    if (status === 500) {
      request.log.error({ err: error }, 'unhandled error');
      if (options.staticSite && !isApiPath(request.url)) {
        return reply.code(500).type('text/html; charset=utf-8').sendFile(ERROR_PAGE);
      }
      return reply
        .code(500)
        .send({ statusCode: 500, error: 'Internal Server Error', message: 'An unexpected error occurred' });
    }
    const headers = (error as { headers?: unknown }).headers;
    if (headers && typeof headers === 'object') reply.headers(headers);
    return reply.code(status).send({
      statusCode: status,
      error: REASONS[status] ?? 'Error',
      message: validationMessage(error) ?? error.message,
    });
  });
}

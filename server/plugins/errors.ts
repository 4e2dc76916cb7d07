import { namedPlugin } from './named.ts';
import type { FastifyError, FastifyInstance } from 'fastify';
import { HttpError, issuesMessage, zodIssues, type FieldIssue, type IssueLike } from '../http-errors.ts';
import { ERROR_PAGE, isApiPath } from './static-site.ts';

/**
 * One error shape for the whole API: `{statusCode, error, message}` with a message the UI can
 * show as it is, and on a 400 `issues: [{path, message}]`, one per bad field (empty when the
 * input as a whole is at fault). Client mistakes keep their 4xx status; anything unexpected is logged and
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
  503: 'Service Unavailable',
  507: 'Insufficient Storage',
};

/**
 * Server-side conditions answered as they are, with their message, rather than as a bare 500: the
 * store is stopping or every password-hashing thread is busy (503, with Retry-After), or the disk is
 * full (507; the write changed nothing). A person can act on
 * them, and nothing internal is in their messages (server/store/disk-errors.ts, database.ts).
 */
const SAID: ReadonlySet<number> = new Set([503, 507]);

/**
 * A route schema's validation failure, read like a zod parse in a handler (parseOr400): one issue
 * per field, an unknown key named as its own field ("colour: unknown field"), and the same
 * one-line message. Fastify passes zod's issues as `{keyword, instancePath, message, params}`
 * (fastify-type-provider-zod); they are put back together here.
 */
function validationFailure(error: FastifyError): { issues: FieldIssue[]; message: string } | null {
  if (!Array.isArray(error.validation) || error.validation.length === 0) return null;
  const where = error.validationContext && error.validationContext !== 'body' ? error.validationContext : '';
  const issues = error.validation.map((item): IssueLike => ({
    ...(item.params as { keys?: string[] }),
    code: item.keyword,
    path: String(item.instancePath ?? '')
      .split('/')
      .filter(Boolean),
    message: item.message || 'Invalid input',
  }));
  return { issues: zodIssues({ issues }, where), message: issuesMessage({ issues }, where) };
}

const FIELD_LINE = /^([A-Za-z_][\w.[\]-]*(?:, [A-Za-z_][\w.[\]-]*)*): (.+)$/s;

/**
 * The issues of a 400 thrown with a message only (`badRequest('limit: must be …')`): each
 * "path: text" part of the message, so every 400 carries its fields without each thrower
 * restating them. A message that names no field is one issue for the whole input ('').
 */
export function issuesFromMessage(message: string): FieldIssue[] {
  return message.split('; ').flatMap((part) => {
    const match = FIELD_LINE.exec(part);
    if (!match) return [{ path: '', message: part }];
    const [, paths, text] = match as unknown as [string, string, string];
    return paths.split(', ').map((path) => ({ path, message: text }));
  });
}

export function errorHandling(app: FastifyInstance, options: { staticSite: boolean }) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const code = error.statusCode;
    const status = code && ((code >= 400 && code < 500) || SAID.has(code)) ? code : 500;
    if (SAID.has(status)) request.log.warn({ err: error }, error.message);
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
    const validation = validationFailure(error);
    const message = validation ? validation.message : error.message;
    const thrown = error instanceof HttpError ? error.issues : undefined;
    const issues = validation?.issues ?? thrown ?? (status === 400 ? issuesFromMessage(message) : undefined);
    return reply.code(status).send({
      statusCode: status,
      error: REASONS[status] ?? 'Error',
      message,
      ...(issues ? { issues } : {}),
    });
  });
}

export const errorsPlugin = namedPlugin('lamp-errors', [], (app) =>
  errorHandling(app, { staticSite: app.config.serveStatic }),
);

/**
 * The answer for an API request no route takes: 405 with Allow when the path exists with other
 * methods (RFC 9110 §15.5.6), else 404. The methods come from the route table, so a route added
 * anywhere is counted without a list to keep.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { RouteEntry } from './plugins/access.ts';

/** A route's URL as a pattern of whole paths (`:id` takes one segment, `*` the rest). */
function urlPattern(url: string): RegExp {
  const escaped = url
    .split(/(:[A-Za-z0-9_]+|\*)/)
    .map((part) => (part.startsWith(':') ? '[^/]+' : part === '*' ? '.*' : part.replace(/[.+?^${}()|[\]\\]/g, '\\$&')))
    .join('');
  return new RegExp(`^${escaped}$`);
}

/** The methods each path of the route table takes; built once the table is complete. */
function methodIndex(table: readonly RouteEntry[]): (pathname: string) => string[] {
  const byUrl = new Map<string, { pattern: RegExp; methods: Set<string> }>();
  for (const { url, method } of table) {
    // The catch-all OPTIONS route of CORS says nothing about which paths exist.
    if (url === '*' || url === '/*') continue;
    const entry = byUrl.get(url) ?? { pattern: urlPattern(url), methods: new Set<string>() };
    entry.methods.add(method);
    byUrl.set(url, entry);
  }
  return (pathname) => {
    const methods = new Set<string>();
    for (const { pattern, methods: own } of byUrl.values())
      if (pattern.test(pathname)) for (const method of own) methods.add(method);
    return [...methods].sort();
  };
}

export function apiNotFound(app: FastifyInstance): (request: FastifyRequest, reply: FastifyReply) => FastifyReply {
  let allowed: ((pathname: string) => string[]) | undefined;
  return (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    allowed ??= methodIndex(app.routeTable);
    const methods = allowed(pathname);
    if (methods.length > 0 && !methods.includes(request.method))
      return reply
        .code(405)
        .header('allow', methods.join(', '))
        .send({
          statusCode: 405,
          error: 'Method Not Allowed',
          message: `${request.method} is not a method of ${pathname} (it takes ${methods.join(', ')})`,
        });
    return reply.code(404).send({
      statusCode: 404,
      error: 'Not Found',
      message: `Route ${request.method}:${pathname} not found`,
    });
  };
}

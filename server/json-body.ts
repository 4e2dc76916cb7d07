/**
 * JSON bodies, parsed by Fastify's own parser, with one more rule: a body of `null` is refused
 * (400 naming the body). Routes read `request.body ?? {}` so that a request without a body is an
 * empty one; a JSON null would slip through that as `{}` and a PUT of null answer 200. Here rather than in each route, so no route can forget it.
 */
import formbody from '@fastify/formbody';
import { namedPlugin } from './plugins/named.ts';
import type { FastifyInstance } from 'fastify';
import { invalidField } from './http-errors.ts';

export const NULL_BODY_MESSAGE = 'must be a JSON object, not null';
/**
 * The parser refuses well-formed JSON only for a key that could reach an object's prototype; the
 * refusal stays, but it says why instead of calling the body invalid JSON.
 */
export const PROTOTYPE_KEY_MESSAGE = 'must not contain a __proto__ or constructor.prototype key';

/** Whether the text is JSON (asked only of a body the parser refused, so the cost is the error's). */
function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

export function jsonBodies(app: FastifyInstance) {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    void parse(request, body as string, (error, value) => {
      if (!error && value === null) done(invalidField('body', NULL_BODY_MESSAGE), undefined);
      else if (error && isJson(body as string)) done(invalidField('body', PROTOTYPE_KEY_MESSAGE), undefined);
      else done(error, value);
    });
  });
}

/**
 * Bodies are JSON (the CSRF rule in plugins/access.ts); text/plain is not parsed at all, and form
 * bodies only reach routes that list them in config.bodyTypes (forgotten-password).
 */
export const bodiesPlugin = namedPlugin('lamp-bodies', [], async (app) => {
  app.removeContentTypeParser('text/plain');
  jsonBodies(app);
  await app.register(formbody);
});

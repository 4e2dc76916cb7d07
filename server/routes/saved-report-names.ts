/**
 * A saved report's name is unique within its account (decisions.md §6: /reports/saved/{name}
 * opens it by name), compared without regard to case or surrounding spaces so that two reports
 * cannot differ only in ways a reader would miss. The resource engine (resources.ts) stays
 * generic: this rule joins its create and update of `saved-report` as a preHandler, and answers
 * 409 with the field named, which the save form shows on the name field.
 */
import type { FastifyInstance, preHandlerHookHandler } from 'fastify';
import { canAccessAccount } from '../../src/shared/access.ts';
import { HttpError } from '../http-errors.ts';
import { hookList } from '../route-hooks.ts';

export const SAVED_REPORT_NAME_TAKEN = 'name: a saved report with this name already exists in this account';

export const sameName = (a: string, b: string) =>
  a.trim().toLocaleLowerCase('en-GB') === b.trim().toLocaleLowerCase('en-GB');

export function savedReportNames(app: FastifyInstance): void {
  const checkName: preHandlerHookHandler = (request, _reply, done) => {
    const user = request.user;
    const body = request.body as { name?: unknown; account?: unknown } | null | undefined;
    if (!user || !body || typeof body !== 'object') return done();
    const repository = app.repositories['saved-report'];
    const id = request.method === 'PUT' ? (request.query as { id?: unknown }).id : undefined;
    const current = typeof id === 'string' ? repository.byId(id) : undefined;
    if (request.method === 'PUT' && !current) return done();
    const name = typeof body.name === 'string' ? body.name : current?.name;
    const account = typeof body.account === 'string' ? body.account : current?.account;
    // Anything else wrong with the request (a foreign account, a bad body) is the engine's to refuse.
    if (typeof name !== 'string' || typeof account !== 'string' || !canAccessAccount(user, account)) return done();
    const clash = repository
      .byOwners([account])
      .some((other) => other.id !== current?.id && sameName(other.name, name));
    done(clash ? new HttpError(409, SAVED_REPORT_NAME_TAKEN) : undefined);
  };
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (route.url !== '/api/v1/saved-report' || !methods.some((m) => m === 'POST' || m === 'PUT')) return;
    route.preHandler = [...hookList(route.preHandler), checkName];
  });
}

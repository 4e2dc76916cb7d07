/**
 * The audit trail, read only: GET /api/v1/audit-event lists records newest first with
 * paging and filters, GET /api/v1/audit-event/export the same filtered view as CSV. There is no
 * route that creates, changes or deletes a record (another method answers 405 with Allow): the
 * store writes them with each change (server/store/audit.ts).
 *
 * Account rules: root sees the selected account's records (?account=, else their own); super may
 * name several accounts, or none for every account's. Below root, 403 with the spec's access text.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { can } from '../../../src/shared/access.ts';
import { toCsv } from '../../../src/shared/csv.ts';
import { messages } from '../../../src/shared/messages.ts';
import {
  AUDIT_RESOURCE,
  auditEventList,
  auditEventQuery,
  type AuditEvent,
  type AuditEventQuery,
} from '../../../src/shared/schemas/audit-event.ts';
import { errorResponse, type User } from '../../../src/shared/schemas/index.ts';
import { badRequest, forbidden } from '../../http-errors.ts';
import type { AccessPolicy } from '../../plugins/access.ts';
import { routePlugin } from '../../plugins/named.ts';
import { resourcePath } from '../../../src/shared/endpoints/routes.ts';

const exportQuery = auditEventQuery.omit({ skip: true, limit: true });

/**
 * The route's policy: root in the selected account, which is the first (or only) `account` named.
 * The /admin area's rule: the user's own account is a product owner's.
 */
const policy: AccessPolicy = {
  permission: 'admin.root',
  rule: { productOwner: true },
  account: (request) => {
    const named = (request.query as { account?: unknown }).account;
    return typeof named === 'string' ? named.split(',')[0] : undefined;
  },
};

/** The accounts whose records the user may read here: null for every account (super, none named). */
function accountsOf(app: FastifyInstance, request: FastifyRequest, named: readonly string[] | undefined) {
  const user = request.user as User;
  const isSuper = can(request.access!.role, 'admin.super');
  if (!named) return isSuper ? null : [request.access!.account.id];
  if (named.length > 1 && !isSuper) throw badRequest('account: give one account (several are for super users)');
  for (const id of named)
    if (!can(app.accountAccess(user, id).role, 'admin.root')) throw forbidden(messages.access.accountError);
  return named;
}

function select(app: FastifyInstance, request: FastifyRequest, query: Omit<AuditEventQuery, 'skip' | 'limit'>) {
  const accounts = accountsOf(app, request, query.account);
  const trail = app.repositories.collection(AUDIT_RESOURCE, 'account?');
  const rows = (accounts ? trail.byOwners(accounts) : trail.all()) as unknown as readonly AuditEvent[];
  const oneOf = (values: readonly string[] | undefined, value: string | undefined) =>
    !values || (value !== undefined && values.includes(value));
  const from = query.from;
  const to = query.to && `${query.to}\uffff`;
  const chosen = rows.filter(
    (row) =>
      oneOf(query.actor, row.actor?.id) &&
      oneOf(query.resource, row.resource) &&
      oneOf(query.action, row.action) &&
      oneOf(query.record_id, row.record_id) &&
      (!from || row.at >= from) &&
      (!to || row.at <= to),
  );
  // Rows are kept in the order they were written; a stable sort by time keeps that within a time.
  const sign = query.sort === 'asc(at)' ? 1 : -1;
  return chosen
    .map((row, index) => ({ row, index }))
    .sort((a, b) => (a.row.at < b.row.at ? -sign : a.row.at > b.row.at ? sign : sign * (a.index - b.index)))
    .map(({ row }) => row);
}

const CSV_COLUMNS: readonly [string, (row: AuditEvent) => string | null][] = [
  ['at', (row) => row.at],
  ['actor', (row) => row.actor?.email ?? null],
  ['actor_id', (row) => row.actor?.id ?? null],
  ['account', (row) => row.account],
  ['switched_account', (row) => row.switched_account],
  ['resource', (row) => row.resource],
  ['record_id', (row) => row.record_id],
  ['action', (row) => row.action],
  ['before', (row) => (row.before ? JSON.stringify(row.before) : null)],
  ['after', (row) => (row.after ? JSON.stringify(row.after) : null)],
  ['request_id', (row) => row.request_id],
  ['client_address', (row) => row.client_address],
];

export function auditEventRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse };
  api.get(
    resourcePath(AUDIT_RESOURCE),
    {
      config: { access: policy },
      schema: {
        tags: ['audit'],
        summary: 'The audit trail: who changed what, when, with before and after',
        description:
          'One record per row a request changed, newest first (sort=asc(at) for oldest first), with X-Total-Count. ' +
          'Root reads the selected account (account=), super any accounts (comma-separated) or, without account, all. ' +
          'Filters: actor (user ids), resource, action, record_id (comma-separated), from and to (days, inclusive). ' +
          'An update records only the changed fields; password, secret and token fields are "[redacted]". ' +
          'Records are never changed or deleted through the API; they are kept LAMP_AUDIT_DAYS days.',
        querystring: auditEventQuery,
        response: { 200: auditEventList, ...errors },
      },
    },
    (request, reply) => {
      const { skip, limit, ...query } = request.query;
      const rows = select(app, request, query);
      void reply.header('x-total-count', String(rows.length));
      return { data: rows.slice(skip, skip + limit), count: rows.length };
    },
  );
  api.get(
    `${resourcePath(AUDIT_RESOURCE)}/export`,
    {
      config: { access: policy },
      schema: {
        tags: ['audit'],
        summary: 'The audit trail as CSV',
        description: 'The records the same filters select (no paging), one line each; before and after as JSON.',
        querystring: exportQuery,
      },
    },
    (request, reply) => {
      const rows = select(app, request, request.query);
      const csv = toCsv(
        CSV_COLUMNS.map(([header]) => header),
        rows.map((row) => CSV_COLUMNS.map(([, value]) => value(row))),
      );
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="audit-trail.csv"')
        .send(csv);
    },
  );
}

export const auditEventsPlugin = routePlugin('audit-events', auditEventRoutes);

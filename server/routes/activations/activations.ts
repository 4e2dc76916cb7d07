/**
 * Activations beyond plain resources (decisions.md §7):
 *
 * - GET  /api/v1/measurement-domains: the read-only domain preview beside the metrics endpoint.
 *   It takes the measurement's per-domain breakdown from the same rows and formulas as the
 *   dashboard (metrics.ts, src/shared/metrics.ts), complete, and marks the domains that reach a
 *   minimum APM (src/shared/activations.ts).
 * - POST /api/v1/activation/with-list: the guided form's one operation, an allow list of the
 *   qualifying domains and the activation that uses it, checked together and stored together.
 * - POST /api/v1/domain-list/upload: a one-column CSV or pasted text, parsed with
 *   src/shared/domains.ts; any bad line refuses the whole input (400, every line listed).
 * - GET  /api/v1/domain-list/download: a list as a one-column CSV.
 *
 * Role, account and lamp_access come from each route's access policy; the account is the one of
 * the measurement or list the request names, never one the client merely claims.
 */
import { routePlugin } from '../../plugins/named.ts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { domainListUploadError, domainListUploadResponse } from '../../../src/shared/activation-api.ts';
import {
  activationMessages,
  allowListName,
  previewDomains,
  type DomainPreview,
} from '../../../src/shared/activations.ts';
import { domainListCsv, domainListFileName, parseDomainList } from '../../../src/shared/domains.ts';
import { aggregateMetrics } from '../../../src/shared/metric-aggregate.ts';
import {
  errorResponse,
  resources,
  type DomainList,
  type Measurement,
  type ResourceRow,
  type User,
} from '../../../src/shared/schemas/index.ts';
import { badRequest, issuesMessage, notFound } from '../../http-errors.ts';
import type { Permission } from '../../../src/shared/access.ts';
import type { AccessPolicy } from '../../plugins/access.ts';
import { newId, type StoredRow } from '../../store/repositories.ts';
import { prepareActivation } from './activation-rules.ts';
import { assertIfMatch, etagOf } from '../resources/concurrency.ts';
import { checkedMeasurement, measurementPolicy } from '../measurements/measurement-access.ts';
import { defaultRange, measurementRows } from '../measurements/metrics.ts';
import { assertReferences } from '../resources/resource-rules.ts';
import { nowIso } from '../../sandbox/context.ts';
import { endpoints } from '../../../src/shared/endpoints/index.ts';
import { routeFrom } from '../endpoint-route.ts';

/** The first bad lines an upload's 400 lists (the page checks the file itself and shows them all). */
const MAX_LINES_REPORTED = 1000;

/** The measurement's domains over its default range (the flight up to its last day of delivery). */
export function domainPreview(
  app: FastifyInstance,
  measurement: Measurement,
  minApm: number,
): DomainPreview & { start_date: string; end_date: string; totals: { impressions: number; apm: number | null } } {
  const { rows } = measurementRows(app, measurement);
  const range = defaultRange(measurement, rows);
  const aggregate = aggregateMetrics(
    rows,
    { start_date: range.start, end_date: range.end },
    { breakdownLimit: Number.POSITIVE_INFINITY },
  );
  return {
    start_date: range.start,
    end_date: range.end,
    totals: { impressions: aggregate.totals.impressions, apm: aggregate.totals.apm },
    ...previewDomains(aggregate.breakdowns.domain, aggregate.totals, minApm),
  };
}

/**
 * A policy whose account is the account of the domain list the request names (query or body id);
 * without a permission, whoever may open the account passes.
 */
function listPolicy(app: FastifyInstance, permission?: Permission): AccessPolicy {
  return {
    rule: { feature: 'lamp_access' },
    ...(permission ? { permission } : {}),
    account: (request: FastifyRequest) => {
      const fromQuery = (request.query as { id?: unknown } | undefined)?.id;
      const body = request.body as { id?: unknown; account?: unknown } | undefined;
      const id = typeof fromQuery === 'string' ? fromQuery : typeof body?.id === 'string' ? body.id : null;
      const list = id ? app.repositories['domain-list'].byId(id) : undefined;
      return list?.account ?? body?.account;
    },
  };
}

/** The list, in the account the policy checked (never another account's). */
function checkedList(app: FastifyInstance, request: FastifyRequest, id: string): DomainList {
  const list = app.repositories['domain-list'].byId(id);
  if (!list || !request.access || list.account !== request.access.account.id) {
    throw notFound('No domain list with this id, or no access to it');
  }
  return list;
}

export function activationRoutes(app: FastifyInstance): void {
  const repositories = app.repositories;

  routeFrom(
    app,
    endpoints.domainPreview,
    {
      config: { access: measurementPolicy(app) },
      description:
        "Every domain of the measurement's per-domain breakdown over its flight (the dashboard's breakdown, from the " +
        'same rows and formulas as /api/v1/measurement-metrics, without the "All others" roll-up), and the ones that ' +
        'reach min_apm: how many, the share of impressions they carried and their APM (from their summed counts), ' +
        'against the measurement. Entries that are neither a web domain nor an app bundle id (DOOH screens) never qualify.',
    },
    (request) => {
      const measurement = checkedMeasurement(app, request, request.query.measurement);
      const preview = domainPreview(app, measurement, request.query.min_apm);
      return { data: { measurement: measurement.id, min_apm: request.query.min_apm, ...preview } };
    },
  );

  routeFrom(
    app,
    endpoints.createActivationWithList,
    {
      config: {
        access: { ...measurementPolicy(app), permission: 'activation.write' },
      },
      description:
        "Makes an allow list of the measurement's domains that reach min_apm (as /api/v1/measurement-domains " +
        "previews them) and an activation that uses it, in the measurement's account; both are checked before " +
        'either is stored. 400 when no domain qualifies. status active sets the deal id at once.',
    },
    async (request, reply) => {
      const body = request.body;
      const user = request.user as User;
      const measurement = checkedMeasurement(app, request, body.measurement);
      const preview = domainPreview(app, measurement, body.min_apm);
      if (preview.qualifying.count === 0) throw badRequest(activationMessages.noQualifyingDomains(body.min_apm));
      const now = nowIso();
      const list: StoredRow = {
        id: newId(),
        created_at: now,
        account: measurement.account,
        name: body.list_name ?? allowListName(body.name),
        type: 'allow',
        domains: preview.qualifying.domains,
      };
      const activation: StoredRow = {
        id: newId(),
        created_at: now,
        account: measurement.account,
        name: body.name,
        measurement: measurement.id,
        domain_list: list.id,
        vendor: body.vendor,
        status: body.status,
        min_apm: body.min_apm,
      };
      const input = { measurement: measurement.id, vendor: body.vendor };
      assertReferences(repositories, user, resources.activation, input, activation, null);
      prepareActivation(repositories, activation, null);
      for (const [name, row] of [
        ['domain-list', list],
        ['activation', activation],
      ] as const) {
        const result = resources[name].row.safeParse(row);
        if (!result.success) throw badRequest(issuesMessage(result.error));
      }
      // Both rows go into the store before either write is awaited: no reader sees one alone.
      await Promise.all([
        repositories['domain-list'].insert(list as ResourceRow<'domain-list'>),
        repositories.activation.insert(activation as ResourceRow<'activation'>),
      ]);
      reply.code(201);
      return { data: { activation: activation as never, domain_list: list as never } };
    },
  );

  routeFrom(
    app,
    endpoints.domainListUpload,
    {
      config: { access: listPolicy(app, 'activation.write') },
      // The schema documents the answer; the row was just checked, and re-validating 50,000 entries
      // on the way out would cost more than the parse.
      serializerCompiler: () => (data) => JSON.stringify(data),
      description:
        'One web domain or app bundle id per line; a header line is optional; other columns are ignored; entries ' +
        'are normalised (lower case, no scheme, path or www.) and duplicates merged and counted. Any bad line, or ' +
        'more than 50,000 entries, refuses the whole input with a 400 listing the lines (numbered as a spreadsheet ' +
        'numbers rows); nothing is saved. Without id a new list is made (account, name and type needed); with id ' +
        "the list's entries are replaced (and its name and type, if given); with If-Match (the list's ETag from " +
        'GET /api/v1/domain-list?id=) a list changed since is refused (412). The answer carries the ETag.',
      responses: {
        201: domainListUploadResponse,
        400: domainListUploadError,
        412: errorResponse,
      },
    },
    async (request, reply) => {
      const body = request.body;
      const current = body.id ? checkedList(app, request, body.id) : null;
      // Replacing a list's entries is a write of that list: the version it was read at must be current.
      if (current) assertIfMatch(request, current, 'domain-list');
      if (!current) {
        const missing = (['account', 'name', 'type'] as const).filter((field) => body[field] === undefined);
        if (missing.length) throw badRequest(missing.map((field) => `${field}: required`).join('; '));
      }
      const parsed = parseDomainList(body.text);
      if (parsed.issues.length) {
        const first = parsed.issues[0]!;
        const more = parsed.issues.length - 1;
        return reply.code(400).send({
          statusCode: 400,
          error: 'Bad Request',
          message: `Line ${first.line}: ${first.message}${more ? ` (and ${more.toLocaleString('en-GB')} more ${more === 1 ? 'line' : 'lines'})` : ''}. Nothing was saved.`,
          lines: parsed.issues.slice(0, MAX_LINES_REPORTED),
        });
      }
      const account = request.access?.account.id as string;
      const row: StoredRow = current
        ? { ...current, ...(body.name ? { name: body.name } : {}), ...(body.type ? { type: body.type } : {}) }
        : { id: newId(), created_at: nowIso(), account, name: body.name, type: body.type };
      row.domains = parsed.entries;
      // The entries are already normal and unique; the row schema checks them again on the way in.
      const result = resources['domain-list'].row.safeParse(row);
      if (!result.success) throw badRequest(issuesMessage(result.error));
      // Checked against the row schema just above.
      const checked = row as ResourceRow<'domain-list'>;
      if (current) await repositories['domain-list'].replace(checked);
      else await repositories['domain-list'].insert(checked);
      reply.code(current ? 200 : 201).header('etag', etagOf(checked));
      return { data: row as never, count: 1 as const, duplicates: parsed.duplicates, header: parsed.header };
    },
  );

  routeFrom(
    app,
    endpoints.domainListDownload,
    {
      config: { access: listPolicy(app) },
      description: 'One column with the header "domain"; uploading the file again gives the same list.',
    },
    (request, reply) => {
      const list = checkedList(app, request, request.query.id);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${domainListFileName(list.name)}"`)
        .send(domainListCsv(list.domains));
    },
  );
}

export const activationsPlugin = routePlugin('activations', activationRoutes);

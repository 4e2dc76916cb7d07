/**
 * Account isolation for the measurement endpoints that are not plain resources (metrics, tags,
 * imports). The measurement named in the request (query or body) decides the account: the access
 * policy checks the user's role and the account's lamp_access there (server/plugins/access.ts),
 * and the handler then reads the measurement only through that checked account. A missing id
 * answers 404.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Permission } from '../../../src/shared/access.ts';
import type { AccessPolicy } from '../../plugins/access.ts';
import { HttpError, notFound } from '../../http-errors.ts';
import type { Measurement } from '../../../src/shared/schemas/index.ts';

export type Rows = Record<string, unknown>[];

export function httpError(statusCode: number, message: string): HttpError {
  return new HttpError(statusCode, message);
}

/**
 * The rows of a collection outside the resource registry (metric-import-row), read only: in the
 * request's sandbox, through its repository. Writes go through the repository (insertMany).
 */
export function collection(app: FastifyInstance, name: string): readonly Rows[number][] {
  return app.repositories.collection(name).all();
}

const MEASUREMENT_NOT_FOUND = 'Measurement not found';

/**
 * An access policy whose selected account is the account of the measurement the request names
 * (?measurement= or body.measurement). An unknown measurement falls back to the user's own
 * account, and the handler answers 404. Without a permission, whoever may open the account passes.
 */
export function measurementPolicy(app: FastifyInstance, permission?: Permission): AccessPolicy {
  return {
    rule: { feature: 'lamp_access' },
    ...(permission ? { permission } : {}),
    account: (request: FastifyRequest) => {
      const fromQuery = (request.query as { measurement?: unknown } | undefined)?.measurement;
      const fromBody = (request.body as { measurement?: unknown } | undefined)?.measurement;
      const id = typeof fromQuery === 'string' ? fromQuery : typeof fromBody === 'string' ? fromBody : null;
      const measurement = id ? app.repositories.measurement.byId(id) : undefined;
      return measurement?.account;
    },
  };
}

/** The measurement, in the account the policy checked (never another account's). */
export function checkedMeasurement(app: FastifyInstance, request: FastifyRequest, id: string): Measurement {
  const measurement = app.repositories.measurement.byId(id);
  if (!measurement || !request.access || measurement.account !== request.access.account.id) {
    throw notFound(MEASUREMENT_NOT_FOUND);
  }
  return measurement;
}

/**
 * Header names platforms use for each field, lower case. An upload template maps a file's columns
 * onto fields; a field the template leaves unmapped is still found under one of these names, so
 * an ordinary platform export works with any template.
 */
const COLUMN_ALIASES: Record<string, readonly string[]> = {
  date: ['date', 'day', 'reporting starts', 'date (utc)', 'report date'],
  impressions: ['impressions', 'impr.', 'imps', 'impression'],
  measured: ['measured', 'measured impressions'],
  viewable: ['viewable', 'viewable impressions'],
  viewed: ['viewed', 'viewed impressions'],
  total_viewable_time: ['total viewable time', 'viewable time'],
  total_view_time: ['total view time', 'view time', 'attention seconds'],
  cost: ['cost', 'spend', 'amount spent (gbp)', 'spend (gbp)', 'media cost', 'amount spent'],
  channel: ['channel'],
  media_partner: ['media partner', 'publisher', 'partner'],
  format: ['format', 'ad format'],
  device: ['device', 'device type', 'platform device'],
  domain: ['domain', 'site', 'app', 'site/app'],
  placement: ['placement', 'placement name'],
  creative: ['creative', 'creative name', 'ad name', 'ad'],
  click_url: ['click url', 'click-through url', 'landing page'],
  width: ['width'],
  height: ['height'],
  video_views: ['video views', 'views'],
};

/** Template targets written differently from the fields they mean. */
const TARGET_SYNONYMS: Record<string, string> = {
  spend: 'cost',
  placement_name: 'placement',
  creative_name: 'creative',
};

/** Column index of each field: the template's mapping first, then the usual header names. */
export function resolveColumns(
  header: readonly string[],
  columns: readonly { source: string; target: string }[],
): Map<string, number> {
  const lower = header.map((h) => h.trim().toLowerCase());
  const columnOf = new Map<string, number>();
  for (const { source, target } of columns) {
    const field = TARGET_SYNONYMS[target] ?? target;
    const index = lower.indexOf(source.trim().toLowerCase());
    if (index >= 0 && !columnOf.has(field)) columnOf.set(field, index);
  }
  for (const [field, names] of Object.entries(COLUMN_ALIASES)) {
    if (columnOf.has(field)) continue;
    const index = lower.findIndex((h) => names.includes(h));
    if (index >= 0) columnOf.set(field, index);
  }
  return columnOf;
}

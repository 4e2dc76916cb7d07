/**
 * The read-only attention metrics of a measurement: GET /api/v1/measurement-metrics.
 *
 * Rows come from two places: the deterministic delivery of fixtures/metrics.ts (not stored: it
 * would be far too large) and the rows that successful data imports stored in the collection
 * `metric-import-row`. Both are aggregated with the formulas of src/shared/metrics.ts, so the
 * figures here are the dashboard's figures.
 */
import { routePlugin } from '../../plugins/named.ts';
import type { FastifyInstance } from 'fastify';
import { generateMeasurementMetrics } from '../../../fixtures/metrics.ts';
import { endpoints } from '../../../src/shared/endpoints/index.ts';
import { aggregateMetrics } from '../../../src/shared/metric-aggregate.ts';
import { sumCounts, apm, type MetricRow } from '../../../src/shared/metrics.ts';
import type { Measurement } from '../../../src/shared/schemas/index.ts';
import { datesInOrder } from '../../../src/shared/schemas/common.ts';
import { messages } from '../../../src/shared/messages.ts';
import { checkedMeasurement, collection, httpError, measurementPolicy, type Rows } from './measurement-access.ts';
import { nameMapper } from './name-mappings.ts';
import { routeFrom } from '../endpoint-route.ts';

export const IMPORT_ROW_COLLECTION = 'metric-import-row';
/**
 * Generated rows are a pure function of the measurement; a small cache keyed by what they
 * depend on keeps repeated dashboard queries (date range changes, filters) cheap.
 */
const generatedCache = new Map<string, MetricRow[]>();
const GENERATED_CACHE_SIZE = 64;

function generatedRows(measurement: Measurement, dayShift: number): MetricRow[] {
  const key = [
    dayShift,
    measurement.id,
    measurement.start_date,
    measurement.end_date,
    measurement.updated_at,
    measurement.channels.join(','),
    measurement.formats.join(','),
    measurement.media_partners.join(','),
  ].join('|');
  let rows = generatedCache.get(key);
  if (!rows) {
    rows = generateMeasurementMetrics(measurement, undefined, dayShift);
    if (generatedCache.size >= GENERATED_CACHE_SIZE) {
      const oldest = generatedCache.keys().next().value;
      if (oldest !== undefined) generatedCache.delete(oldest);
    }
    generatedCache.set(key, rows);
  }
  return rows;
}

/**
 * Imported rows grouped by measurement. The index belongs to one array instance and one length:
 * a reset replaces the array, an import appends to it; either rebuilds the index.
 */
let importIndex: { source: readonly Rows[number][]; length: number; byMeasurement: Map<string, MetricRow[]> } | null =
  null;

export function importedRows(app: FastifyInstance, measurementId: string): MetricRow[] {
  const source = collection(app, IMPORT_ROW_COLLECTION);
  if (!importIndex || importIndex.source !== source || importIndex.length !== source.length) {
    const byMeasurement = new Map<string, MetricRow[]>();
    for (const row of source as unknown as MetricRow[]) {
      let list = byMeasurement.get(row.measurement);
      if (!list) byMeasurement.set(row.measurement, (list = []));
      list.push(row);
    }
    importIndex = { source, length: source.length, byMeasurement };
  }
  return importIndex.byMeasurement.get(measurementId) ?? [];
}

/** Every metric row of a measurement: generated delivery plus imported delivery. */
export function measurementRows(
  app: FastifyInstance,
  measurement: Measurement,
): { rows: MetricRow[]; imported: number } {
  const generated = generatedRows(measurement, app.db.dayShift);
  const imported = importedRows(app, measurement.id);
  return { rows: imported.length ? generated.concat(imported) : generated, imported: imported.length };
}

/**
 * The measurement's list summary (impressions, APM) from its whole-flight aggregate, which the
 * TEAM contract keeps equal to the dashboard's; stored with every engine write of a measurement
 * (resource-behaviour.ts) and after an import lands rows.
 */
export function measurementSummary(
  app: FastifyInstance,
  measurement: Measurement,
): { impressions: number; apm: number | null } {
  const totals = sumCounts(measurementRows(app, measurement).rows);
  const attention = apm(totals);
  return { impressions: totals.impressions, apm: attention === null ? null : Math.round(attention * 100) / 100 };
}

/** The default date range: the flight, up to the last day with delivery. */
export function defaultRange(measurement: Measurement, rows: MetricRow[]): { start: string; end: string } {
  let last = measurement.start_date;
  for (const row of rows) if (row.date > last) last = row.date;
  const end = last < measurement.end_date ? last : measurement.end_date;
  return { start: measurement.start_date, end: end < measurement.start_date ? measurement.start_date : end };
}

export function metricsRoutes(app: FastifyInstance): void {
  routeFrom(
    app,
    endpoints.measurementMetrics,
    {
      config: { access: measurementPolicy(app) },
      // The schema documents the response (OpenAPI); re-validating a few hundred numbers we just
      // computed with the shared formulas would cost more than the aggregation itself.
      serializerCompiler: () => (data) => JSON.stringify(data),
      description:
        'Totals, a daily series and breakdowns by channel, media partner, format, device, domain and creative, ' +
        'over the flight (default) or the given date range, optionally filtered by channel, media partner, ' +
        'format and device (display names). Ratios are derived from summed counts; a ratio whose denominator ' +
        'is zero is null. Breakdowns list the largest values by impressions and roll the rest into "All others".',
    },
    (request) => {
      const query = request.query;
      const measurement = checkedMeasurement(app, request, query.measurement);
      const { rows: raw, imported } = measurementRows(app, measurement);
      // The account's name mappings give the breakdowns (and the filters) their clean names.
      const mapper = nameMapper(app.repositories, measurement.account);
      const rows = mapper ? raw.map(mapper) : raw;
      const range = defaultRange(measurement, rows);
      const start = query.start_date ?? range.start;
      const end = query.end_date ?? range.end;
      if (!datesInOrder({ start_date: start, end_date: end })) {
        throw httpError(400, messages.validation.endBeforeStart);
      }
      const result = aggregateMetrics(
        rows,
        {
          start_date: start,
          end_date: end,
          channel: query.channel,
          media_partner: query.media_partner,
          format: query.format,
          device: query.device,
        },
        { fillDays: true, breakdownLimit: query.breakdown_limit },
      );
      return {
        data: { measurement: measurement.id, start_date: start, end_date: end, ...result, imported_rows: imported },
      };
    },
  );
}

export const metricsPlugin = routePlugin('metrics', metricsRoutes);

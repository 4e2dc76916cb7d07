/**
 * The report data endpoint: GET /api/v1/report-data (decisions.md §6), read-only, beside the
 * measurement metrics endpoint (metrics.ts) and fed by the same rows: the generated delivery of
 * fixtures/metrics.ts (made only for the days asked for) and the rows of successful imports. Counts
 * are summed per group and every ratio is derived with src/shared/metrics.ts, so a report's figure
 * for one measurement over its flight is the dashboard's figure.
 *
 * Isolation: the selected account is ?account= (else the user's own) and the access policy checks
 * role and lamp_access there; measurements and labels are looked up in that account only, and an
 * id from anywhere else is a 400 naming the parameter, the same answer as for an unknown id.
 */
import type { FastifyInstance } from 'fastify';
import { generateMeasurementMetrics } from '../../../fixtures/metrics.ts';
import {
  monthOf,
  resolveRelativeDate,
  weekOf,
  MAX_REPORT_DAYS,
  REPORT_DIMENSIONS,
  RELATIVE_DATES,
  type ParsedReportQuery,
  type ReportData,
  type ReportDimension,
} from '../../../src/shared/report-api.ts';
import {
  addCounts,
  emptyCounts,
  measuredOnly,
  summarise,
  type MetricCounts,
  type MetricRow,
} from '../../../src/shared/metrics.ts';
import type { Measurement } from '../../../src/shared/schemas/index.ts';
import { badRequest } from '../../http-errors.ts';
import { importedRows } from '../measurements/metrics.ts';
import { todayUtc } from '../../sandbox/context.ts';
import { nameMapper } from '../measurements/name-mappings.ts';
import { endpoints } from '../../../src/shared/endpoints/index.ts';
import { routeFrom } from '../endpoint-route.ts';

/** The measurements a query covers: its ids (or all of the account's), narrowed by its labels. */
function selectMeasurements(app: FastifyInstance, account: string, query: ParsedReportQuery): Measurement[] {
  const repository = app.repositories.measurement;
  const ids = query.measurement ?? ['*'];
  let chosen: Measurement[];
  if (ids[0] === '*') {
    chosen = repository.byOwners([account]);
  } else {
    chosen = [];
    for (const id of new Set(ids)) {
      const measurement = repository.byId(id);
      if (!measurement || measurement.account !== account) {
        throw badRequest(`measurement: ${id} is not a measurement of this account`);
      }
      chosen.push(measurement);
    }
  }
  const labels = query.label ?? [];
  if (labels.length === 0) return chosen;
  // Within a category any chosen value will do; across categories every category must match
  // (Brand A or Brand B, and Region UK).
  const byCategory = new Map<string, Set<string>>();
  for (const id of new Set(labels)) {
    const value = app.repositories['label-value'].byId(id);
    if (!value || value.category.account !== account) {
      throw badRequest(`label: ${id} is not a label of this account`);
    }
    let set = byCategory.get(value.category_id);
    if (!set) byCategory.set(value.category_id, (set = new Set()));
    set.add(id);
  }
  const wanted = [...byCategory.values()];
  return chosen.filter((m) => wanted.every((set) => m.labels.some((label) => set.has(label))));
}

type KeyOf = (row: MetricRow) => string;

function keyFunction(dimension: ReportDimension): KeyOf {
  switch (dimension) {
    case 'day':
      return (row) => row.date;
    case 'week': {
      // A report touches at most a few hundred distinct days: remember each one's week.
      const weeks = new Map<string, string>();
      return (row) => {
        let week = weeks.get(row.date);
        if (week === undefined) weeks.set(row.date, (week = weekOf(row.date)));
        return week;
      };
    }
    case 'month':
      return (row) => monthOf(row.date);
    default:
      return (row) => row[dimension];
  }
}

interface Group {
  keys: string[];
  counts: MetricCounts;
}

/**
 * Sums rows into groups of up to two dimensions, plus the totals; one pass, no row copies unless
 * only measured impressions count.
 */
export function aggregateReport(
  rows: Iterable<MetricRow>,
  groupBy: readonly ReportDimension[],
  options: { measured: boolean; start: string; end: string },
): { groups: Group[]; totals: MetricCounts } {
  const keyFns = groupBy.map(keyFunction);
  const [first, second] = keyFns;
  const totals = emptyCounts();
  // Nested maps rather than joined string keys: no string building in the hot loop.
  const groups = new Map<string, Map<string, Group> | Group>();
  for (const row of rows) {
    if (row.date < options.start || row.date > options.end) continue;
    const counts = options.measured ? measuredOnly(row) : row;
    addCounts(totals, counts);
    if (!first) continue;
    const a = first(row);
    if (!second) {
      let group = groups.get(a) as Group | undefined;
      if (!group) groups.set(a, (group = { keys: [a], counts: emptyCounts() }));
      addCounts(group.counts, counts);
      continue;
    }
    let inner = groups.get(a) as Map<string, Group> | undefined;
    if (!inner) groups.set(a, (inner = new Map()));
    const b = second(row);
    let group = inner.get(b);
    if (!group) inner.set(b, (group = { keys: [a, b], counts: emptyCounts() }));
    addCounts(group.counts, counts);
  }
  const flat: Group[] = [];
  for (const entry of groups.values()) {
    if (entry instanceof Map) flat.push(...entry.values());
    else flat.push(entry);
  }
  return { groups: flat, totals };
}

/** The report's rows: every measurement's delivery within the days asked for. */
function* reportRows(app: FastifyInstance, measurements: readonly Measurement[], start: string, end: string) {
  // The account's name mappings give the groups their clean names (one account per report).
  const mapper = measurements[0] ? nameMapper(app.repositories, measurements[0].account) : null;
  for (const measurement of measurements) {
    const rows = (function* () {
      yield* generateMeasurementMetrics(measurement, { start, end }, app.db.dayShift);
      for (const row of importedRows(app, measurement.id)) if (row.date >= start && row.date <= end) yield row;
    })();
    if (!mapper) yield* rows;
    else for (const row of rows) yield mapper(row);
  }
}

const DESCRIPTION = [
  'Attention figures of the selected account over the chosen measurements (ids, or * for all), narrowed by label',
  'values (any value within a category, every category), over start_date to end_date or a relative_date',
  `(${RELATIVE_DATES.join(', ')}) resolved on the server's clock in UTC; 'flight' spans the chosen measurements'`,
  `flights up to today. A report covers at most ${MAX_REPORT_DAYS} days.`,
  `Grouped by up to two of: ${REPORT_DIMENSIONS.join(', ')} (week = the Monday of the ISO week, month = YYYY-MM,`,
  'measurement = its id); totals cover every row. Counts are summed, then ratios are derived with the same formulas',
  'as measurement-metrics; a ratio whose denominator is zero is null. With measured=true only measured impressions',
  'count: impressions become measured impressions, and viewable impressions, viewable time and cost are taken in',
  'proportion per placement and day (viewed impressions, view time and APM are unchanged).',
  'A bad parameter answers 400 naming it; measurements and labels of another account are refused the same way.',
].join(' ');

export function reportDataRoutes(app: FastifyInstance): void {
  routeFrom(
    app,
    endpoints.reportData,
    {
      // The selected account is ?account= (the access plugin's default), else the user's own.
      config: { access: { rule: { feature: 'lamp_access' } } },
      // As for measurement-metrics: the schema documents the response; re-validating figures we
      // just derived with the shared formulas would cost more than the aggregation.
      serializerCompiler: () => (data) => JSON.stringify(data),
      description: DESCRIPTION,
    },
    (request): { data: ReportData } => ({ data: computeReportData(app, request.access!.account.id, request.query) }),
  );
}

/**
 * A report's figures for one account: the endpoint's answer, and what a scheduled report sends
 * (report-schedule-runner.ts), so a mailed CSV is the page's CSV. Throws a 400 naming the
 * parameter for a measurement or label outside the account.
 */
export function computeReportData(app: FastifyInstance, account: string, query: ParsedReportQuery): ReportData {
  const measurements = selectMeasurements(app, account, query);
  const names = new Map(measurements.map((m) => [m.id, m.name]));
  let start: string;
  let end: string;
  if (query.relative_date) {
    const delivering = measurements.filter((m) => m.status !== 'draft');
    ({ start, end } = resolveRelativeDate(
      query.relative_date,
      todayUtc(),
      delivering.length ? delivering : measurements,
    ));
  } else if (query.start_date && query.end_date) {
    start = query.start_date;
    end = query.end_date;
  } else {
    const delivering = measurements.filter((m) => m.status !== 'draft');
    ({ start, end } = resolveRelativeDate('flight', todayUtc(), delivering.length ? delivering : measurements));
  }
  const { groups, totals } = aggregateReport(reportRows(app, measurements, start, end), query.group_by, {
    measured: query.measured,
    start,
    end,
  });
  // Sorted by keys; a measurement sorts by its name, the time grains sort as text already.
  const sortKey = (group: Group) =>
    group.keys.map((key, i) => (query.group_by[i] === 'measurement' ? (names.get(key) ?? key) : key));
  const sorted = groups
    .map((group) => ({ group, sort: sortKey(group) }))
    .sort((a, b) => {
      for (let i = 0; i < a.sort.length; i++) {
        const order = (a.sort[i] as string).localeCompare(b.sort[i] as string);
        if (order !== 0) return order;
      }
      return 0;
    });
  return {
    account,
    start_date: start,
    end_date: end,
    relative_date: query.relative_date ?? null,
    measured: query.measured,
    group_by: query.group_by,
    measurements: measurements
      .map((m) => ({ id: m.id, name: m.name }))
      .sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id)),
    rows: sorted.map(({ group }) => ({ keys: group.keys, ...summarise(group.counts) })),
    totals: summarise(totals),
  };
}

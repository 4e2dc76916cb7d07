/**
 * The report builder's state lives in the URL (decisions.md §6): the same URL always shows the
 * same report, so a link is a share. This module is the one place that reads and writes it.
 *
 *   account                       the selected account
 *   startDate, endDate            an absolute range (YYYY-MM-DD), or
 *   relativeDate                  today … flight (resolved by the server on its clock)
 *   measured                      true: only measured impressions count
 *   measurement                   ids, comma-separated, or * (Select All)
 *   label                         label value ids, comma-separated
 *   groupBy                       one or two dimensions, comma-separated ('none' for totals only)
 *   metrics                       metric keys, comma-separated, in column order
 *   compare                       previous (period over period) or measurements (the first two side by side)
 *   sort                          {column}_{asc|desc}
 *   back                          where 'Return to Measurement' leads
 *   id                            a saved report's id (spec §2)
 */
import { METRIC_DEFINITIONS, type MetricKey } from './metrics.ts';
import {
  addDays,
  daySpan,
  MAX_GROUP_BY,
  RELATIVE_DATES,
  REPORT_DIMENSIONS,
  type RelativeDate,
  type ReportDimension,
} from './reports.ts';
import type { ReportDataQuery } from './report-api.ts';

export type Compare = 'previous' | 'measurements';
export interface SortSpec {
  id: string;
  direction: 'asc' | 'desc';
}

export interface ReportState {
  account: string | null;
  startDate: string | null;
  endDate: string | null;
  relativeDate: RelativeDate | null;
  measured: boolean;
  /** '*' for Select All; an empty list until something is chosen. */
  measurements: '*' | string[];
  labels: string[];
  groupBy: ReportDimension[];
  metrics: MetricKey[];
  compare: Compare | null;
  sort: SortSpec | null;
}

/** An admin report's metrics and grouping, which the person viewing it cannot change. */
export interface FixedDefinition {
  metrics: MetricKey[];
  groupBy: ReportDimension[];
}

export const DEFAULT_RELATIVE_DATE: RelativeDate = 'last_30_days';
export const DEFAULT_GROUP_BY: ReportDimension[] = ['channel'];
/**
 * The ratios every view of the figures leads with, in the funnel → time → cost order of
 * domain/attention.md: a report's default columns, the dashboard's tiles and the guide's worked
 * examples all read them, so a headline figure is added in one place.
 */
export const HEADLINE_RATIOS: readonly MetricKey[] = [
  'pct_viewable',
  'pct_viewed',
  'avg_view_time',
  'apm',
  'cpm',
  'acpm',
];
export const DEFAULT_METRICS: MetricKey[] = ['impressions', ...HEADLINE_RATIOS];
const METRIC_KEYS = new Set<string>(METRIC_DEFINITIONS.map((d) => d.key));
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const ID = /^[0-9a-f]{24}$/;

const listParam = (value: string | null) =>
  (value ?? '')
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);
const unique = <T>(items: T[]) => [...new Set(items)];

/** Reads the state from a query string; anything unreadable falls back to its default. */
export function parseReportState(search: string): ReportState {
  const q = new URLSearchParams(search);
  const startDate = DAY.test(q.get('startDate') ?? '') ? q.get('startDate') : null;
  const endDate = DAY.test(q.get('endDate') ?? '') ? q.get('endDate') : null;
  const relative = q.get('relativeDate');
  const hasRange = !!startDate && !!endDate && endDate >= startDate;
  const relativeDate = (RELATIVE_DATES as readonly string[]).includes(relative ?? '')
    ? (relative as RelativeDate)
    : hasRange
      ? null
      : DEFAULT_RELATIVE_DATE;
  const measurementParam = listParam(q.get('measurement'));
  const groupParam = q.get('groupBy');
  const groupBy =
    groupParam === null
      ? DEFAULT_GROUP_BY
      : unique(
          listParam(groupParam).filter((d): d is ReportDimension =>
            (REPORT_DIMENSIONS as readonly string[]).includes(d),
          ),
        ).slice(0, MAX_GROUP_BY);
  const metrics = unique(listParam(q.get('metrics')).filter((m): m is MetricKey => METRIC_KEYS.has(m)));
  const compare = q.get('compare');
  const sortMatch = /^([a-z_]+)_(asc|desc)$/.exec(q.get('sort') ?? '');
  return {
    account: ID.test(q.get('account') ?? '') ? q.get('account') : null,
    startDate: relativeDate ? null : startDate,
    endDate: relativeDate ? null : endDate,
    relativeDate,
    measured: q.get('measured') === 'true',
    measurements: measurementParam.includes('*') ? '*' : unique(measurementParam.filter((id) => ID.test(id))),
    labels: unique(listParam(q.get('label')).filter((id) => ID.test(id))),
    groupBy,
    metrics: metrics.length ? metrics : DEFAULT_METRICS,
    compare: compare === 'previous' || compare === 'measurements' ? compare : null,
    sort: sortMatch ? { id: sortMatch[1]!, direction: sortMatch[2] as 'asc' | 'desc' } : null,
  };
}

/** The query string of a state (keys in a stable order; defaults written out, so a link is exact). */
export function reportSearch(state: ReportState, extra: Record<string, string | null | undefined> = {}): string {
  const q = new URLSearchParams();
  if (state.account) q.set('account', state.account);
  if (state.relativeDate) q.set('relativeDate', state.relativeDate);
  else if (state.startDate && state.endDate) {
    q.set('startDate', state.startDate);
    q.set('endDate', state.endDate);
  }
  q.set('measured', String(state.measured));
  const measurement = state.measurements === '*' ? '*' : state.measurements.join(',');
  if (measurement) q.set('measurement', measurement);
  if (state.labels.length) q.set('label', state.labels.join(','));
  q.set('groupBy', state.groupBy.length ? state.groupBy.join(',') : 'none');
  q.set('metrics', state.metrics.join(','));
  if (state.compare) q.set('compare', state.compare);
  if (state.sort) q.set('sort', `${state.sort.id}_${state.sort.direction}`);
  for (const [key, value] of Object.entries(extra)) if (value) q.set(key, value);
  return q.toString();
}

/** Whether the report has something to show: measurements (or labels) are chosen. */
export const hasSelection = (state: ReportState) =>
  state.measurements === '*' || state.measurements.length > 0 || state.labels.length > 0;

/**
 * Whether a state can be saved as a report: an account and a selection. A saved report keeps
 * Select All as an empty list, so a report saved with nothing chosen would reopen as Select All.
 */
export const canSaveReport = (state: ReportState) => state.account !== null && hasSelection(state);

/** The data endpoint's query for a state; `override` replaces dates or measurements (comparisons). */
export function dataQuery(state: ReportState, override: Partial<ReportDataQuery> = {}): ReportDataQuery {
  const measurement =
    state.measurements === '*' || (state.measurements.length === 0 && state.labels.length > 0)
      ? '*'
      : state.measurements.join(',');
  return {
    ...(state.account ? { account: state.account } : {}),
    measurement,
    ...(state.labels.length ? { label: state.labels.join(',') } : {}),
    ...(state.relativeDate
      ? { relative_date: state.relativeDate }
      : { start_date: state.startDate ?? undefined, end_date: state.endDate ?? undefined }),
    measured: state.measured ? 'true' : 'false',
    group_by: state.groupBy.join(','),
    ...override,
  };
}

/** The period before a range, of the same length (the 'previous period' comparison). */
export function previousPeriod(start: string, end: string): { start: string; end: string } {
  return { start: addDays(start, -daySpan(start, end)), end: addDays(start, -1) };
}

/**
 * The days a report will show, known from the URL before its data arrives when the range is
 * absolute (a relative range is resolved by the server, on its clock and the flights): the page
 * writes its range line from it at once, so that line does not wait for the figures.
 */
export function requestedRange(
  state: ReportState,
): { start: string; end: string; previous: { start: string; end: string } | null } | null {
  if (state.relativeDate || !state.startDate || !state.endDate || state.endDate < state.startDate) return null;
  const { startDate: start, endDate: end } = state;
  return { start, end, previous: state.compare === 'previous' ? previousPeriod(start, end) : null };
}

/** A saved report's values as a query, with the given query's values winning (decisions.md §6). */
export function savedReportSearch(
  saved: {
    id: string;
    account: string;
    start_date: string | null;
    end_date: string | null;
    relative_date: string | null;
    measured: boolean;
    measurements: readonly string[];
    labels: readonly string[];
    group_by?: readonly string[];
    metrics?: readonly string[];
  },
  search: string,
): string {
  const base = new URLSearchParams();
  base.set('account', saved.account);
  if (saved.relative_date) base.set('relativeDate', saved.relative_date);
  else if (saved.start_date && saved.end_date) {
    base.set('startDate', saved.start_date);
    base.set('endDate', saved.end_date);
  }
  base.set('measured', String(saved.measured));
  // A saved report keeps Select All as an empty list (its measurements field holds ids only).
  base.set('measurement', saved.measurements.length ? saved.measurements.join(',') : '*');
  if (saved.labels.length) base.set('label', saved.labels.join(','));
  if (saved.group_by) base.set('groupBy', saved.group_by.length ? saved.group_by.join(',') : 'none');
  if (saved.metrics?.length) base.set('metrics', saved.metrics.join(','));
  const given = new URLSearchParams(search);
  // Dates travel together: a relative date given in the query replaces saved absolute dates and back.
  if (given.has('relativeDate') || given.has('startDate') || given.has('endDate')) {
    base.delete('relativeDate');
    base.delete('startDate');
    base.delete('endDate');
  }
  for (const [key, value] of given) base.set(key, value);
  base.set('id', saved.id);
  return base.toString();
}

/** The saved-report fields of a state (spec §3, plus the grouping and metrics the builder shows). */
export function savedReportFields(state: ReportState, account: string) {
  return {
    account,
    start_date: state.relativeDate ? null : state.startDate,
    end_date: state.relativeDate ? null : state.endDate,
    relative_date: state.relativeDate,
    measured: state.measured,
    measurements: state.measurements === '*' ? [] : state.measurements,
    labels: state.labels,
    group_by: state.groupBy,
    metrics: state.metrics,
  };
}

/** Why Save report and Update are off: the builder's empty state says the same. */
export const CHOOSE_FIRST = 'Choose measurements to save the report';

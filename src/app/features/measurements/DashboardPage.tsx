/**
 * The measurement dashboard (/measurements/{id}): how much attention the media earned, over a
 * date range, with filters; KPI tiles, the attention funnel, two metrics over time, breakdowns and
 * a CSV of everything shown. Every figure comes from the metrics endpoint, which aggregates with
 * the shared formulas (src/shared/metrics.ts).
 */
import { useMemo, useState } from 'react';
import { toCsv } from '../../../shared/csv.ts';
import {
  BREAKDOWN_DIMENSIONS,
  METRIC_DEFINITIONS,
  csvMetricValue,
  formatMetric,
  metricDefinition,
  type BreakdownDimension,
  type MetricKey,
  type MetricSummary,
} from '../../../shared/metrics.ts';
import type { MetricsResponse } from '../../../shared/measurement-api.ts';
import { ErrorPlaceholder } from '../../shared/ErrorPlaceholder.tsx';
import { usePageTitle } from '../../shared/usePageTitle.ts';
import { Link } from 'wouter';
import { paths, type PageProps } from '../../routes/index.ts';
import { FunnelChart, SERIES_COLOURS, TimeSeriesChart } from '../../shared/metrics/charts.tsx';
import { useAsync } from '../../shared/useAsync.ts';
import { fetchMetrics, useMeasurement } from './data.ts';
import { messages } from '../../../shared/messages.ts';
import { HEADLINE_RATIOS } from '../../../shared/report-state.ts';
import {
  RELATIVE_RANGES,
  formatDay,
  formatFlight,
  resolveRange,
  todayUtc,
  type RangeChoice,
} from '../../shared/metrics/dateRange.ts';
import { BreakdownTable, DIMENSION_LABELS, KpiTile } from '../../shared/metrics/figures.tsx';
import { Card } from '../../shared/Card.tsx';
import { EmptyState, Skeleton } from '../../shared/EmptyState.tsx';
import { SELECT_BOX_CLASS, SelectChevron, SelectField } from '../../shared/Field.tsx';
import { CsvDownloadButton } from '../../shared/metrics/CsvDownloadButton.tsx';
import { DayField } from '../../shared/metrics/DayField.tsx';
import { MeasurementStatusBadge } from '../../shared/Badge.tsx';

type Metrics = MetricsResponse['data'];

/** The KPI tiles, in the funnel → time → cost order of domain/attention.md. */
export const KPI_TILES: readonly MetricKey[] = ['impressions', 'pct_measured', ...HEADLINE_RATIOS];

const FILTERS = [
  { key: 'channel', label: 'Channel', all: 'All channels' },
  { key: 'media_partner', label: 'Media partner', all: 'All media partners' },
  { key: 'format', label: 'Format', all: 'All formats' },
  { key: 'device', label: 'Device', all: 'All devices' },
] as const;
type FilterKey = (typeof FILTERS)[number]['key'];

/** Breakdown tables show the same metrics, in the same order, as the tiles. */
const TABLE_COLUMNS = KPI_TILES;

/** The CSV carries every metric, in the definitions' funnel → time → cost order. */
const CSV_COLUMNS: readonly MetricKey[] = METRIC_DEFINITIONS.map((d) => d.key);

/** The chart offers every metric but the two view-time figures beside the average view time. */
const CHARTABLE: readonly MetricKey[] = CSV_COLUMNS.filter((k) => k !== 'avg_viewable_time' && k !== 'total_view_time');

/** Everything on screen as one CSV: the totals, each day of the series, and each breakdown. */
export function dashboardCsv(metrics: Metrics, filters: Partial<Record<FilterKey, string>>): string {
  const filterText = FILTERS.map((f) => (filters[f.key] ? `${f.label}: ${filters[f.key]}` : null))
    .filter(Boolean)
    .join('; ');
  const header = ['Section', 'Name', ...CSV_COLUMNS.map((k) => metricDefinition(k).label)];
  const line = (section: string, name: string, s: MetricSummary) => [
    section,
    name,
    ...CSV_COLUMNS.map((k) => csvMetricValue(k, s[k])),
  ];
  const rows = [
    line(
      'Total',
      `${metrics.start_date} to ${metrics.end_date}${filterText ? ` (${filterText})` : ''}`,
      metrics.totals,
    ),
    ...metrics.series.map((p) => line('Day', p.date, p)),
    ...BREAKDOWN_DIMENSIONS.flatMap((d) => metrics.breakdowns[d].map((e) => line(DIMENSION_LABELS[d], e.key, e))),
  ];
  return toCsv(header, rows);
}

export default function DashboardPage({ params }: PageProps) {
  const id = params.measurementId ?? '';
  const measurement = useMeasurement(id);
  usePageTitle(measurement.data?.name ?? 'Measurement Dashboard');
  const [choice, setChoice] = useState<RangeChoice>('flight');
  const [custom, setCustom] = useState<{ start: string; end: string } | null>(null);
  const [filters, setFilters] = useState<Partial<Record<FilterKey, string>>>({});
  const [series, setSeries] = useState<[MetricKey, MetricKey]>(['impressions', 'apm']);
  const [chosenDimension, setDimension] = useState<BreakdownDimension | null>(null);

  const flight = measurement.data;
  // A flight that starts after today has no days to show yet: say when it starts instead of a
  // range from its first day to its first day.
  const notStarted = flight ? todayUtc() < flight.start_date : false;
  const range = useMemo(() => {
    if (!flight) return null;
    if (choice === 'custom' && custom) return custom;
    return resolveRange(choice === 'custom' ? 'flight' : choice, flight, todayUtc());
  }, [flight, choice, custom]);

  const query = range ? { measurement: id, start_date: range.start, end_date: range.end, ...filters } : null;
  const key = JSON.stringify(query);
  const metrics = useAsync(() => (query ? fetchMetrics(query) : Promise.resolve(null)), key);
  const data = metrics.data;
  const loading = metrics.loading || measurement.loading;
  // Until the planner picks one, break down by the first dimension that actually varies.
  const dimension: BreakdownDimension =
    chosenDimension ?? BREAKDOWN_DIMENSIONS.find((d) => (data?.breakdowns[d].length ?? 0) > 1) ?? 'channel';
  const customInvalid = choice === 'custom' && custom !== null && custom.end < custom.start;

  if (measurement.error) return <ErrorPlaceholder name="measurement" error={measurement.error} />;

  return (
    <div className="space-y-6">
      <header className="flex flex-wrap items-start justify-between gap-4">
        {/* Grows from a fixed basis, so the buttons wrap (or not) the same way before and after the
            name loads: a long name truncates instead of pushing them onto a new line (CLS). */}
        <div className="min-w-0 flex-1 basis-96">
          {/* On a phone the name wraps to up to three lines with the badge on a line of its own; the
              lines and the badge's place are kept from the first paint, so nothing below moves when
              the name arrives (CLS). From sm up the name is one truncated line beside the badge. */}
          <div className="flex flex-wrap items-center gap-3 sm:flex-nowrap">
            <h1 className="line-clamp-3 min-h-24 w-full text-2xl font-semibold tracking-tight break-words text-slate-900 sm:block sm:min-h-0 sm:w-auto sm:truncate">
              {flight?.name ?? <Skeleton className="h-8 w-72 max-w-full" />}
            </h1>
            {flight ? (
              <MeasurementStatusBadge status={flight.status} />
            ) : (
              <Skeleton className="h-5 w-14 rounded-full" />
            )}
          </div>
          {/* Placeholders hold the lines' places while loading, so nothing below jumps (CLS). */}
          {flight ? (
            <p className="mt-1 text-sm text-slate-600">Flight {formatFlight(flight.start_date, flight.end_date)}</p>
          ) : (
            <Skeleton className="mt-1 h-5 w-56" />
          )}
        </div>
        <div className="flex flex-wrap gap-2">
          <Link
            href={paths.reports({ measurement: id, back: paths.measurement(id) })}
            className="inline-flex items-center gap-2 rounded-md bg-white px-3.5 py-2 text-sm font-medium text-slate-700 no-underline shadow-sm ring-1 ring-inset ring-slate-300 hover:bg-slate-50"
          >
            Open in reports
          </Link>
          <CsvDownloadButton
            file={
              data && flight
                ? () => {
                    const name = flight.name.replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'measurement';
                    return {
                      name: `${name}-${data.start_date}-to-${data.end_date}.csv`,
                      text: dashboardCsv(data, filters),
                    };
                  }
                : null
            }
          />
        </div>
      </header>

      <Card>
        <form
          // As many columns as fit at 12rem each: every filter shows its whole value ("All media partners").
          className="grid grid-cols-[repeat(auto-fill,minmax(12rem,1fr))] gap-4"
          onSubmit={(e) => e.preventDefault()}
        >
          <SelectField
            label="Date range"
            value={choice}
            onChange={(e) => {
              const next = e.target.value as RangeChoice;
              if (next === 'custom' && range) setCustom(range);
              setChoice(next);
            }}
            options={[
              ...RELATIVE_RANGES.map((r) => ({ value: r.id, label: r.label })),
              { value: 'custom', label: 'Custom range' },
            ]}
          />
          {choice === 'custom' && custom
            ? (['start', 'end'] as const).map((end) => (
                <DayField
                  key={end}
                  label={end === 'start' ? 'From' : 'To'}
                  value={custom[end]}
                  min={flight?.start_date}
                  max={flight?.end_date}
                  onChange={(e) => e.target.value && setCustom({ ...custom, [end]: e.target.value })}
                  error={end === 'end' && customInvalid ? messages.validation.endBeforeStartText : null}
                />
              ))
            : null}
          {FILTERS.map((f) => (
            <SelectField
              key={f.key}
              label={f.label}
              value={filters[f.key] ?? ''}
              placeholder={f.all}
              options={(data?.options[f.key] ?? (filters[f.key] ? [filters[f.key]!] : [])).map((v) => ({
                value: v,
                label: v,
              }))}
              onChange={(e) => setFilters((prev) => ({ ...prev, [f.key]: e.target.value || undefined }))}
            />
          ))}
        </form>
        <p className="mt-3 min-h-5 text-sm text-slate-600" aria-live="polite">
          {flight && notStarted ? (
            <>The flight has not started: it starts on {formatDay(flight.start_date)}.</>
          ) : data ? (
            <>
              Showing {formatDay(data.start_date)} to {formatDay(data.end_date)}
              {data.imported_rows ? ` · includes ${formatMetric('impressions', data.imported_rows)} imported rows` : ''}
            </>
          ) : null}
        </p>
      </Card>

      {metrics.error && !customInvalid ? <ErrorPlaceholder name="metrics" error={metrics.error} /> : null}

      <section aria-labelledby="kpi-heading">
        <h2 id="kpi-heading" className="sr-only">
          Key figures
        </h2>
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4 2xl:grid-cols-8" aria-busy={loading}>
          {KPI_TILES.map((k) => (
            <KpiTile key={k} metric={k} value={data?.totals[k]} loading={loading && !data} />
          ))}
        </dl>
      </section>

      {flight && notStarted ? (
        <EmptyState title="The flight has not started">
          It starts on {formatDay(flight.start_date)}. Delivery appears here once the tags fire or a data import
          succeeds.
        </EmptyState>
      ) : data && data.totals.impressions === 0 && !loading ? (
        <EmptyState title="No delivery in this date range">
          Try a longer date range or clear the filters. Delivery appears here once the tags fire or a data import
          succeeds.
        </EmptyState>
      ) : (
        <>
          <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
            <Card title="Attention funnel" className="lg:col-span-1">
              {data ? <FunnelChart totals={data.totals} /> : <Skeleton className="h-48 w-full" />}
            </Card>
            <Card
              title="Over time"
              className="lg:col-span-2"
              actions={
                <div className="flex flex-wrap gap-3">
                  {series.map((metric, s) => (
                    <label key={s} className="flex items-center gap-2 text-sm text-slate-700">
                      <span
                        aria-hidden="true"
                        className="inline-block h-0.5 w-5"
                        style={{ background: SERIES_COLOURS[s] }}
                      />
                      <span className="sr-only">{s === 0 ? 'First metric' : 'Second metric'}</span>
                      <span className="relative block w-44">
                        <select
                          value={metric}
                          onChange={(e) => {
                            const next = [...series] as [MetricKey, MetricKey];
                            next[s] = e.target.value as MetricKey;
                            setSeries(next);
                          }}
                          className={`${SELECT_BOX_CLASS} appearance-none truncate border-slate-300`}
                        >
                          {CHARTABLE.map((k) => (
                            <option key={k} value={k}>
                              {metricDefinition(k).label}
                            </option>
                          ))}
                        </select>
                        <SelectChevron />
                      </span>
                    </label>
                  ))}
                </div>
              }
            >
              {data ? <TimeSeriesChart points={data.series} metrics={series} /> : <Skeleton className="h-56 w-full" />}
            </Card>
          </div>

          <Card
            title="Breakdown"
            actions={
              <div
                role="tablist"
                aria-label="Break down by"
                className="flex flex-wrap gap-1 rounded-lg bg-slate-100 p-1"
              >
                {BREAKDOWN_DIMENSIONS.map((d) => (
                  <button
                    key={d}
                    type="button"
                    role="tab"
                    aria-selected={dimension === d}
                    aria-controls="breakdown-panel"
                    onClick={() => setDimension(d)}
                    className={`rounded-md px-3 py-1.5 text-sm font-medium ${dimension === d ? 'bg-white text-slate-900 shadow-sm' : 'text-slate-600 hover:text-slate-900'}`}
                  >
                    {DIMENSION_LABELS[d]}
                  </button>
                ))}
              </div>
            }
          >
            <div id="breakdown-panel" role="tabpanel" aria-label={`By ${DIMENSION_LABELS[dimension].toLowerCase()}`}>
              {data ? (
                <BreakdownTable entries={data.breakdowns[dimension]} dimension={dimension} columns={TABLE_COLUMNS} />
              ) : (
                <Skeleton className="h-40 w-full" />
              )}
            </div>
          </Card>
        </>
      )}
      <p className="text-xs text-slate-500">
        {/* % Viewable and % Viewed have different bases (domain/attention.md): each names its own. */}
        {METRIC_DEFINITIONS.filter((d) => ['pct_viewable', 'pct_viewed', 'apm', 'acpm'].includes(d.key))
          .map((d) => `${d.label}: ${d.description.toLowerCase()}`)
          .join(' · ')}
      </p>
    </div>
  );
}

/**
 * The report builder (decisions.md §6): pickers, KPI tiles, a chart and a sortable table with a
 * totals row, CSV export of exactly what the table shows, and comparisons (period over period, or
 * two measurements side by side, with the difference). Its whole state is the URL query, which
 * the page passes in (`search`) and receives back (`onSearch`): /reports keeps it as it is, a
 * saved report lays its saved values under it, an admin-defined report fixes metrics and grouping.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Switch } from 'react-aria-components';
import { METRIC_DEFINITIONS, type MetricKey } from '../../../shared/metrics.ts';
import {
  DIMENSION_NAMES,
  RELATIVE_DATE_LABELS,
  RELATIVE_DATES,
  REPORT_DIMENSIONS,
  resolveRelativeDate,
  TIME_DIMENSIONS,
  type ReportDimension,
} from '../../../shared/reports.ts';
import type { ReportData } from '../../../shared/report-api.ts';
import { $selectedAccountId } from '../../../stores/account.ts';
import { ErrorPlaceholder } from '../../shared/ErrorPlaceholder.tsx';
import { formatDay, todayUtc } from '../../shared/metrics/dateRange.ts';
import { KpiTile } from '../../shared/metrics/figures.tsx';
import { Card } from '../../shared/Card.tsx';
import { EmptyState, Skeleton } from '../../shared/EmptyState.tsx';
import { SelectField } from '../../shared/SelectField.tsx';
import { saveTextFile } from '../../shared/saveTextFile.ts';
import { useAsync } from '../../shared/useAsync.ts';
import { fetchLabelOptions, fetchMeasurementOptions, fetchReport } from './api.ts';
import { messages } from '../../../shared/messages.ts';
import { MultiPicker } from './MultiPicker.tsx';
import { NoDelivery, ReportChart } from './ReportChart.tsx';
import { ResultsTable } from './ResultsTable.tsx';
import {
  dataQuery,
  hasSelection,
  parseReportState,
  previousPeriod,
  reportSearch,
  requestedRange,
  type ReportState,
} from './state.ts';
import { buildTable, tableCsv, type Comparison } from './table.ts';

export interface FixedDefinition {
  metrics: MetricKey[];
  groupBy: ReportDimension[];
}

export interface ReportBuilderProps {
  title: ReactNode;
  /** A line under the title (an admin report's description). */
  subtitle?: ReactNode;
  search: string;
  /** Called with the next query string (without '?'). */
  onSearch: (search: string) => void;
  /** An admin-defined report's metrics and grouping, not editable. */
  fixed?: FixedDefinition;
  /** Extra buttons beside Export CSV (save, rename, delete). */
  actions?: (state: ReportState) => ReactNode;
  /** Query keys that ride along unchanged (back, id). */
  keep?: readonly string[];
}

const CUSTOM = 'custom';
const GROUP_OPTIONS = REPORT_DIMENSIONS.map((d) => ({ value: d, label: DIMENSION_NAMES[d] }));
const METRIC_OPTIONS = METRIC_DEFINITIONS.map((d) => ({ id: d.key, name: d.label }));

interface Loaded {
  data: ReportData;
  comparison: Comparison | null;
  note: string | null;
}

async function load(state: ReportState): Promise<Loaded> {
  if (state.compare === 'measurements') {
    const ids = state.measurements === '*' ? [] : state.measurements;
    if (ids.length !== 2) {
      return {
        data: await fetchReport(dataQuery(state)),
        comparison: null,
        note: 'Choose exactly two measurements to compare them side by side.',
      };
    }
    // Each side is one measurement; grouping by measurement would only split them again.
    const groupBy = state.groupBy.filter((d) => d !== 'measurement').join(',');
    const [a, b] = await Promise.all(
      ids.map((id) => fetchReport(dataQuery(state, { measurement: id, label: undefined, group_by: groupBy }))),
    );
    const name = (d: ReportData) => d.measurements[0]?.name ?? 'Measurement';
    return {
      data: a!,
      comparison: { kind: 'measurements', other: b!, labels: { a: name(a!), b: name(b!) } },
      note: null,
    };
  }
  const data = await fetchReport(dataQuery(state));
  if (state.compare !== 'previous') return { data, comparison: null, note: null };
  const previous = previousPeriod(data.start_date, data.end_date);
  const other = await fetchReport(
    dataQuery(state, { relative_date: undefined, start_date: previous.start, end_date: previous.end }),
  );
  return {
    data,
    comparison: { kind: 'previous', other, labels: { a: 'this period', b: 'previous period' } },
    note: null,
  };
}

export function ReportBuilder({ title, subtitle, search, onSearch, fixed, actions, keep = [] }: ReportBuilderProps) {
  const selectedAccount = useStore($selectedAccountId);
  const parsed = useMemo(() => parseReportState(search), [search]);
  const state: ReportState = useMemo(
    () => ({
      ...parsed,
      account: parsed.account ?? selectedAccount,
      // An admin-defined report covers the whole account until measurements are chosen.
      ...(fixed
        ? {
            metrics: fixed.metrics,
            groupBy: fixed.groupBy,
            measurements: hasSelection(parsed) ? parsed.measurements : ('*' as const),
          }
        : {}),
    }),
    [parsed, selectedAccount, fixed],
  );
  const kept = useMemo(() => {
    const q = new URLSearchParams(search);
    return Object.fromEntries(keep.map((k) => [k, q.get(k)]));
  }, [search, keep]);
  const update = (patch: Partial<ReportState>) => onSearch(reportSearch({ ...state, ...patch }, kept));

  // A URL without an account (or with defaults left out) is written out in full, so it is a share.
  const normal = reportSearch(state, kept);
  useEffect(() => {
    if (state.account && normal !== search) onSearch(normal);
  }, [normal, search, state.account]);

  const account = state.account ?? '';
  // The measurement list is large (every measurement of the account, ~100 KB in the demo): it loads
  // when the picker is about to be used, not alongside the report's own data.
  const [measurementsWanted, setMeasurementsWanted] = useState(false);
  const measurementOptions = useAsync(
    () => fetchMeasurementOptions(account),
    account && measurementsWanted ? `m:${account}` : null,
  );
  const labelOptions = useAsync(() => (account ? fetchLabelOptions(account) : Promise.resolve([])), `l:${account}`);
  const datesValid = !!state.relativeDate || (!!state.startDate && !!state.endDate && state.endDate >= state.startDate);
  const ready = !!state.account && hasSelection(state) && datesValid;
  const queryKey = JSON.stringify([dataQuery(state), state.compare]);
  const result = useAsync(() => (ready ? load(state) : Promise.resolve(null)), ready ? queryKey : 'idle');
  const loaded = result.data;
  const table = useMemo(
    () => (loaded ? buildTable(loaded.data, state.metrics, loaded.comparison, state.sort) : null),
    [loaded, state.metrics, state.sort],
  );

  const dateChoice = state.relativeDate ?? CUSTOM;
  const timeGrouped = state.groupBy.some((d) => TIME_DIMENSIONS.includes(d));

  return (
    <div className="space-y-6">
      <header className="flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0">
          <h1 className="text-2xl font-semibold tracking-tight break-words text-slate-900">{title}</h1>
          {subtitle ? <p className="mt-1 max-w-3xl text-sm text-slate-600">{subtitle}</p> : null}
        </div>
        <div className="flex flex-wrap gap-2">
          <button
            type="button"
            className="inline-flex items-center gap-2 rounded-md bg-white px-3.5 py-2 text-sm font-medium text-slate-700 shadow-sm ring-1 ring-inset ring-slate-300 hover:bg-slate-50 disabled:opacity-50"
            disabled={!table || !loaded}
            onClick={() => {
              if (!table || !loaded) return;
              saveTextFile(`report-${loaded.data.start_date}-to-${loaded.data.end_date}.csv`, tableCsv(table));
            }}
          >
            <svg aria-hidden="true" viewBox="0 0 20 20" className="h-4 w-4 fill-current">
              <path d="M10 3a1 1 0 0 1 1 1v7.6l2.3-2.3a1 1 0 1 1 1.4 1.4l-4 4a1 1 0 0 1-1.4 0l-4-4a1 1 0 1 1 1.4-1.4L9 11.6V4a1 1 0 0 1 1-1ZM4 15a1 1 0 0 1 1 1h10a1 1 0 1 1 0 2H5a2 2 0 0 1-2-2 1 1 0 0 1 1-1Z" />
            </svg>
            Export CSV
          </button>
          {actions?.(state)}
        </div>
      </header>

      <Card>
        <form
          className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4"
          onSubmit={(e) => e.preventDefault()}
          aria-label="Report settings"
        >
          <MultiPicker
            label="Measurements"
            testId="picker-measurements"
            options={measurementOptions.data ?? []}
            loading={measurementOptions.loading || (!measurementOptions.data && !measurementOptions.error)}
            onWanted={() => setMeasurementsWanted(true)}
            knownNames={loaded?.data.measurements}
            value={state.measurements}
            selectAll
            placeholder="Choose measurements"
            summary={(n) => `${n} measurements`}
            onChange={(measurements) => update({ measurements })}
          />
          <MultiPicker
            label="Labels"
            testId="picker-labels"
            options={(labelOptions.data ?? []).map((l) => ({ id: l.id, name: l.name, detail: l.category }))}
            value={state.labels}
            placeholder="Any label"
            summary={(n) => `${n} labels`}
            onChange={(labels) => update({ labels: labels === '*' ? [] : labels })}
          />
          <SelectField
            label="Date range"
            value={dateChoice}
            options={[
              ...RELATIVE_DATES.map((r) => ({ value: r, label: RELATIVE_DATE_LABELS[r] })),
              { value: CUSTOM, label: 'Custom range' },
            ]}
            onChange={(e) => {
              const value = e.target.value;
              if (value === CUSTOM) {
                // Custom starts from the range on screen (or the preset's days, before any data).
                const preset = resolveRelativeDate(state.relativeDate ?? 'last_30_days', todayUtc());
                const start = loaded?.data.start_date ?? state.startDate ?? preset.start;
                const end = loaded?.data.end_date ?? state.endDate ?? preset.end;
                update({ relativeDate: null, startDate: start, endDate: end });
              } else update({ relativeDate: value as ReportState['relativeDate'], startDate: null, endDate: null });
            }}
          />
          <div className="flex items-end pb-2">
            <Switch
              isSelected={state.measured}
              onChange={(measured) => update({ measured })}
              className="group flex cursor-pointer items-center gap-3 text-sm text-slate-700"
            >
              <span
                aria-hidden="true"
                className="flex h-6 w-11 shrink-0 items-center rounded-full bg-slate-300 px-0.5 transition-colors group-data-[selected]:bg-primary-strong group-data-[focus-visible]:outline-2 group-data-[focus-visible]:outline-offset-2 group-data-[focus-visible]:outline-primary"
              >
                <span className="h-5 w-5 rounded-full bg-white shadow transition-transform group-data-[selected]:translate-x-5" />
              </span>
              Measured impressions only
            </Switch>
          </div>
          {dateChoice === CUSTOM ? (
            <>
              <DateInput
                label="From"
                value={state.startDate ?? ''}
                onChange={(startDate) => update({ startDate, relativeDate: null })}
              />
              <DateInput
                label="To"
                value={state.endDate ?? ''}
                min={state.startDate ?? undefined}
                error={
                  state.startDate && state.endDate && state.endDate < state.startDate
                    ? messages.validation.endBeforeStartText
                    : null
                }
                onChange={(endDate) => update({ endDate, relativeDate: null })}
              />
            </>
          ) : null}
          {fixed ? null : (
            <>
              <SelectField
                label="Group by"
                value={state.groupBy[0] ?? ''}
                placeholder="No grouping (totals)"
                options={GROUP_OPTIONS}
                onChange={(e) => {
                  const first = e.target.value as ReportDimension | '';
                  const second = state.groupBy[1];
                  update({
                    groupBy: first ? (second && second !== first ? [first, second] : [first]) : [],
                    sort: null,
                  });
                }}
              />
              <SelectField
                label="Then by"
                value={state.groupBy[1] ?? ''}
                placeholder="Nothing else"
                disabled={!state.groupBy[0]}
                options={GROUP_OPTIONS.filter((o) => o.value !== state.groupBy[0])}
                onChange={(e) => {
                  const second = e.target.value as ReportDimension | '';
                  update({ groupBy: second ? [state.groupBy[0]!, second] : state.groupBy.slice(0, 1), sort: null });
                }}
              />
              <MultiPicker
                label="Metrics"
                testId="picker-metrics"
                options={METRIC_OPTIONS}
                value={state.metrics}
                placeholder="Choose metrics"
                summary={(n) => `${n} metrics`}
                onChange={(metrics) => {
                  // Keep the order of the funnel → time → cost definitions; at least one metric.
                  const chosen = metrics === '*' ? [] : metrics;
                  const ordered = METRIC_DEFINITIONS.map((d) => d.key).filter((k) => chosen.includes(k));
                  if (ordered.length) update({ metrics: ordered });
                }}
              />
            </>
          )}
          <SelectField
            label="Compare"
            value={state.compare ?? ''}
            placeholder="No comparison"
            options={[
              { value: 'previous', label: 'With the previous period' },
              { value: 'measurements', label: 'Two measurements side by side' },
            ]}
            onChange={(e) => update({ compare: (e.target.value || null) as ReportState['compare'], sort: null })}
          />
        </form>
        {fixed ? (
          <p className="mt-3 text-sm text-slate-600">
            Grouped by {fixed.groupBy.map((d) => DIMENSION_NAMES[d].toLowerCase()).join(' and ') || 'nothing (totals)'};
            metrics and grouping are set by the report's definition.
          </p>
        ) : null}
        {loaded || (hasSelection(state) && datesValid && !result.error) ? (
          <RangeLine state={state} loaded={loaded} />
        ) : null}
      </Card>

      {!state.account ? (
        <Skeleton className="h-40 w-full" />
      ) : !hasSelection(state) ? (
        <EmptyState title="Choose measurements to build a report">
          Pick measurements (or Select All), or labels, above; then choose a date range, grouping and metrics.
        </EmptyState>
      ) : !datesValid ? (
        <EmptyState title="Choose a valid date range">{messages.validation.endBeforeStartText}.</EmptyState>
      ) : result.error ? (
        <ErrorPlaceholder name="report" error={result.error} />
      ) : (
        <>
          {loaded?.note ? (
            <p role="status" className="rounded-md bg-amber-50 px-4 py-3 text-sm text-amber-900 ring-1 ring-amber-200">
              {loaded.note}
            </p>
          ) : null}
          <section aria-labelledby="report-kpis">
            <h2 id="report-kpis" className="sr-only">
              Totals
            </h2>
            <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4" aria-busy={result.loading}>
              {state.metrics.slice(0, 4).map((k) => (
                <KpiTile key={k} metric={k} value={loaded?.data.totals[k]} loading={!loaded} />
              ))}
            </dl>
          </section>
          {state.groupBy.length ? (
            <Card
              title={
                timeGrouped
                  ? 'Over time'
                  : `By ${state.groupBy.map((d) => DIMENSION_NAMES[d].toLowerCase()).join(' and ')}`
              }
            >
              {loaded ? (
                <ReportChart data={loaded.data} metrics={state.metrics} />
              ) : (
                <Skeleton className="h-56 w-full" />
              )}
            </Card>
          ) : null}
          <Card title="Results">
            {table && loaded ? (
              table.rows.length === 0 && state.groupBy.length > 0 ? (
                <NoDelivery />
              ) : (
                <ResultsTable
                  table={table}
                  sort={state.sort}
                  busy={result.loading}
                  onSort={(sort) => update({ sort })}
                />
              )
            ) : (
              <Skeleton className="h-40 w-full" />
            )}
          </Card>
        </>
      )}
    </div>
  );
}

/**
 * "Showing 1 Oct 2026 to 31 Oct 2026 · 12 measurements": the range line, the largest text the page
 * paints first. An absolute range is written from the URL before the data arrives (a relative one
 * reads "Loading the date range…" until then) and only the count waits, so the line is there from
 * the page's first paint and keeps its place when the figures arrive.
 */
function RangeLine({ state, loaded }: { state: ReportState; loaded: Loaded | null }) {
  const requested = requestedRange(state);
  const range = loaded
    ? {
        start: loaded.data.start_date,
        end: loaded.data.end_date,
        previous:
          loaded.comparison?.kind === 'previous'
            ? { start: loaded.comparison.other.start_date, end: loaded.comparison.other.end_date }
            : null,
      }
    : requested;
  const count = loaded?.data.measurements.length;
  return (
    <p className="mt-3 text-sm text-slate-600" aria-live="polite" data-testid="report-range">
      {range ? (
        <>
          Showing {formatDay(range.start)} to {formatDay(range.end)}
          {range.previous
            ? `, against ${formatDay(range.previous.start)} to ${formatDay(range.previous.end)}`
            : ''} ·{' '}
          {count === undefined ? (
            <span className="text-slate-500">counting measurements…</span>
          ) : (
            `${count} measurement${count === 1 ? '' : 's'}`
          )}
        </>
      ) : (
        'Loading the date range…'
      )}
      {state.measured ? ' · measured impressions only' : ''}
    </p>
  );
}

function DateInput({
  label,
  value,
  onChange,
  min,
  error,
}: {
  label: string;
  value: string;
  onChange: (day: string) => void;
  min?: string;
  error?: string | null;
}) {
  const id = `report-date-${label.toLowerCase()}`;
  // What the field holds while a person types. Each key in a date field can make a whole date
  // ('10/31/2' is 0002-10-31), and sending each one to the URL made the range end before it
  // began, so the report fell back to the last 30 days and the custom fields went.
  // Typed dates go in on Enter or when the person leaves the field; a pick from the calendar at once.
  const [draft, setDraft] = useState(value);
  const typing = useRef(false);
  useEffect(() => setDraft(value), [value]);
  const commit = () => {
    typing.current = false;
    if (draft && draft !== value) onChange(draft);
  };
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-700">
        {label}
      </label>
      <input
        id={id}
        type="date"
        value={draft}
        min={min}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onKeyDown={(e) => {
          if (e.key === 'Enter') commit();
          else if (e.key.length === 1 || e.key.startsWith('Arrow')) typing.current = true;
        }}
        onChange={(e) => {
          setDraft(e.target.value);
          if (!typing.current && e.target.value) onChange(e.target.value);
        }}
        onBlur={commit}
        className="block w-full rounded-md border border-slate-300 px-3 py-2 text-sm shadow-sm"
      />
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

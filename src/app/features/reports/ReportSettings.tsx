/**
 * The report's settings: measurements and labels, date range (a preset or a custom range),
 * measured impressions only, grouping, metrics (not for an admin-defined report, whose definition
 * fixes them) and comparison; each change goes to the URL through `update`.
 */
import { useState } from 'react';
import { METRIC_DEFINITIONS, metricBase } from '../../../shared/metrics.ts';
import { messages } from '../../../shared/messages.ts';
import {
  DIMENSION_NAMES,
  RELATIVE_DATE_LABELS,
  RELATIVE_DATES,
  REPORT_DIMENSIONS,
  resolveRelativeDate,
  type ReportDimension,
} from '../../../shared/reports.ts';
import { todayUtc } from '../../shared/metrics/dateRange.ts';
import { SelectField } from '../../shared/Field.tsx';
import { useAsync } from '../../shared/useAsync.ts';
import { fetchLabelOptions, fetchMeasurementOptions } from './api.ts';
import { MultiPicker } from './MultiPicker.tsx';
import type { FixedDefinition, ReportState } from '../../../shared/report-state.ts';
import { DateInput } from './ReportDateInput.tsx';
import type { Loaded } from './reportLoad.ts';

const CUSTOM = 'custom';
const GROUP_OPTIONS = REPORT_DIMENSIONS.map((d) => ({ value: d, label: DIMENSION_NAMES[d] }));
/** Each metric by its name, a share with its base beside it ("% Viewed · of measured impressions"). */
const METRIC_OPTIONS = METRIC_DEFINITIONS.map((d) => ({
  id: d.key,
  name: d.label,
  detail: metricBase(d.key) ?? undefined,
}));

export function ReportSettings({
  state,
  update,
  fixed,
  loaded,
}: {
  state: ReportState;
  update: (patch: Partial<ReportState>) => void;
  fixed?: FixedDefinition;
  /** The report on screen: its measurements name the picker's choices, its range starts a custom one. */
  loaded: Loaded | null;
}) {
  const account = state.account ?? '';
  // The measurement list is large (every measurement of the account, ~100 KB in the demo): it loads
  // when the picker is about to be used, not alongside the report's own data.
  const [measurementsWanted, setMeasurementsWanted] = useState(false);
  const measurementOptions = useAsync(
    () => fetchMeasurementOptions(account),
    account && measurementsWanted ? `m:${account}` : null,
  );
  const labelOptions = useAsync(() => (account ? fetchLabelOptions(account) : Promise.resolve([])), `l:${account}`);
  const dateChoice = state.relativeDate ?? CUSTOM;
  return (
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
        {/* A native switch: React Aria's would bring its library chunk into the page's first load. */}
        <label className="flex cursor-pointer items-center gap-3 text-sm text-slate-700">
          <input
            type="checkbox"
            role="switch"
            checked={state.measured}
            onChange={(e) => update({ measured: e.target.checked })}
            className="peer sr-only"
          />
          <span
            aria-hidden="true"
            className="flex h-6 w-11 shrink-0 items-center rounded-full bg-slate-300 px-0.5 transition-colors peer-checked:bg-primary-strong peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-primary [&>span]:transition-transform peer-checked:[&>span]:translate-x-5"
          >
            <span className="h-5 w-5 rounded-full bg-white shadow" />
          </span>
          Measured impressions only
        </label>
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
  );
}

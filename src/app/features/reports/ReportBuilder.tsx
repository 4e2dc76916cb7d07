/**
 * The report builder (decisions.md §6): pickers, KPI tiles, a chart and a sortable table with a
 * totals row, CSV export of exactly what the table shows, and comparisons (period over period, or
 * two measurements side by side, with the difference). Its whole state is the URL query, which
 * the page passes in (`search`) and receives back (`onSearch`): /reports keeps it as it is, a
 * saved report lays its saved values under it, an admin-defined report fixes metrics and grouping.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useMemo, type ReactNode } from 'react';
import { DIMENSION_NAMES } from '../../../shared/reports.ts';
import { $selectedAccountId } from '../../../stores/account.ts';
import { Card } from '../../shared/Card.tsx';
import { PAGE_INTRO_CLASS, PAGE_TITLE_CLASS } from '../../shared/PageHeader.tsx';
import { CsvDownloadButton } from '../../shared/metrics/CsvDownloadButton.tsx';
import { useAsync } from '../../shared/useAsync.ts';
import { RangeLine } from './RangeLine.tsx';
import { ReportResults } from './ReportResults.tsx';
import { ReportSettings } from './ReportSettings.tsx';
import { loadReport } from './reportLoad.ts';
import {
  dataQuery,
  hasSelection,
  parseReportState,
  reportSearch,
  type FixedDefinition,
  type ReportState,
} from '../../../shared/report-state.ts';
import { buildTable, tableCsv } from '../../../shared/report-table.ts';

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
  // In a task of its own: a new URL redraws the whole app at once (the router's location is an
  // external store), and on a first load this effect runs in the task that drew the page, which it
  // made a long one on a phone.
  const normal = reportSearch(state, kept);
  useEffect(() => {
    if (!state.account || normal === search) return;
    const writing = setTimeout(() => onSearch(normal), 0);
    return () => clearTimeout(writing);
  }, [normal, search, state.account]);

  const datesValid = !!state.relativeDate || (!!state.startDate && !!state.endDate && state.endDate >= state.startDate);
  const ready = !!state.account && hasSelection(state) && datesValid;
  const queryKey = JSON.stringify([dataQuery(state), state.compare]);
  const result = useAsync(() => (ready ? loadReport(state) : Promise.resolve(null)), ready ? queryKey : 'idle');
  const loaded = result.data;
  const table = useMemo(
    () => (loaded ? buildTable(loaded.data, state.metrics, loaded.comparison, state.sort) : null),
    [loaded, state.metrics, state.sort],
  );

  return (
    <div className="space-y-6">
      <header className="flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0">
          <h1 className={`${PAGE_TITLE_CLASS} break-words`}>{title}</h1>
          {subtitle ? <p className={`${PAGE_INTRO_CLASS} max-w-3xl`}>{subtitle}</p> : null}
        </div>
        <div className="flex flex-wrap gap-2">
          <CsvDownloadButton
            file={
              table && loaded
                ? () => ({
                    name: `report-${loaded.data.start_date}-to-${loaded.data.end_date}.csv`,
                    text: tableCsv(table),
                  })
                : null
            }
          />
          {actions?.(state)}
        </div>
      </header>

      <Card>
        <ReportSettings state={state} update={update} fixed={fixed} loaded={loaded} />
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

      <ReportResults state={state} update={update} datesValid={datesValid} result={result} table={table} />
    </div>
  );
}

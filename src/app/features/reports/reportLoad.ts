/**
 * The report's data for a state: one call, or two for a comparison (the previous period, or two
 * measurements side by side), with a note when a comparison cannot be made yet.
 */
import type { ReportData } from '../../../shared/report-api.ts';
import { fetchReport } from './api.ts';
import { dataQuery, previousPeriod, type ReportState } from '../../../shared/report-state.ts';
import type { Comparison } from '../../../shared/report-table.ts';

export interface Loaded {
  data: ReportData;
  comparison: Comparison | null;
  note: string | null;
}

export async function loadReport(state: ReportState): Promise<Loaded> {
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

/**
 * The row checks of a data import (server/routes/measurements/import-jobs.ts): one data row of a delivery file
 * becomes a metric row, or the problems with it. Shared so that the fixture generator's failed
 * imports carry the very errors the server would have found (fixtures/imports.ts), never a
 * hand-written imitation of them.
 */
import type { RowIssue } from './measurement-api.ts';
import type { MetricRow } from './metrics.ts';

/** What the checks need of a file and its import: the parsed rows and where each column went. */
export interface ImportFileContext {
  header: readonly string[];
  rows: readonly (readonly string[])[];
  /** The file line of each data row (the header is line 1); index + 2 when absent. */
  lines?: readonly number[];
  /** Import target ('date', 'impressions', …) → column index. */
  columnOf: ReadonlyMap<string, number>;
  measurement: { id: string; start_date: string; end_date: string };
  /** Fills media_partner when the file has none: the import job config's vendor. */
  vendorName: string | null;
  /** Fills channel when the file has none: the measurement's first channel. */
  channelName: string;
}

/**
 * Predicted attention for exports that carry delivery only (walled gardens report impressions
 * and spend, not eyes on screen): the model's typical shares by channel, from domain/attention.md.
 */
function attentionProfile(channel: string, device: string) {
  const c = `${channel} ${device}`.toLowerCase();
  if (c.includes('ctv') || c.includes('tv')) return { viewable: 0.68, viewed: 0.43, viewTime: 14, viewableTime: 25 };
  if (c.includes('video')) return { viewable: 0.7, viewed: 0.62, viewTime: 4, viewableTime: 15 };
  if (c.includes('high impact')) return { viewable: 0.98, viewed: 0.96, viewTime: 4, viewableTime: 18 };
  if (c.includes('social')) return { viewable: 0.72, viewed: 0.8, viewTime: 1.6, viewableTime: 5 };
  if (c.includes('dooh')) return { viewable: 0.48, viewed: 0.6, viewTime: 2, viewableTime: 8 };
  if (c.includes('mobile')) return { viewable: 0.55, viewed: 0.77, viewTime: 1, viewableTime: 9 };
  return { viewable: 0.55, viewed: 0.18, viewTime: 1.5, viewableTime: 12 };
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const UK_DAY = /^(\d{2})\/(\d{2})\/(\d{4})$/;

function parseDay(value: string): string | null {
  const uk = UK_DAY.exec(value);
  const iso = uk ? `${uk[3]}-${uk[2]}-${uk[1]}` : value;
  if (!DAY.test(iso)) return null;
  const time = Date.parse(`${iso}T00:00:00Z`);
  return Number.isNaN(time) || new Date(time).toISOString().slice(0, 10) !== iso ? null : iso;
}

function parseNumber(value: string): number | null {
  const cleaned = value.replace(/[£,\s]/g, '');
  if (!/^\d+(\.\d+)?$/.test(cleaned)) return null;
  return Number(cleaned);
}

/** Checks one data row (by index); either a metric row or the problems with it. */
export function checkImportRow(p: ImportFileContext, index: number): { row?: MetricRow; issues: RowIssue[] } {
  const cells = p.rows[index] ?? [];
  const line = p.lines?.[index] ?? index + 2;
  const issues: RowIssue[] = [];
  const get = (target: string) => {
    const at = p.columnOf.get(target);
    return at === undefined ? '' : (cells[at] ?? '').trim();
  };
  const header = (target: string) => {
    const at = p.columnOf.get(target);
    return at === undefined ? target : (p.header[at] ?? target);
  };
  if (cells.length !== p.header.length) {
    issues.push({ line, column: null, message: `Expected ${p.header.length} values, found ${cells.length}` });
    return { issues };
  }
  const date = parseDay(get('date'));
  if (!date)
    issues.push({ line, column: header('date'), message: `'${get('date')}' is not a date (YYYY-MM-DD or DD/MM/YYYY)` });
  else if (date < p.measurement.start_date || date > p.measurement.end_date) {
    issues.push({
      line,
      column: header('date'),
      message: `${date} is outside the flight (${p.measurement.start_date} to ${p.measurement.end_date})`,
    });
  }
  const whole = (target: string, required: boolean): number | null => {
    const raw = get(target);
    if (!raw) {
      if (required) issues.push({ line, column: header(target), message: 'A value is required' });
      return null;
    }
    const n = parseNumber(raw);
    if (n === null || !Number.isInteger(n)) {
      issues.push({ line, column: header(target), message: `'${raw}' is not a whole number` });
      return null;
    }
    return n;
  };
  const decimal = (target: string): number | null => {
    const raw = get(target);
    if (!raw) return null;
    const n = parseNumber(raw);
    if (n === null) issues.push({ line, column: header(target), message: `'${raw}' is not a number` });
    return n;
  };
  const impressions = whole('impressions', true);
  let measured = whole('measured', false);
  let viewable = whole('viewable', false);
  let viewed = whole('viewed', false);
  const cost = decimal('cost') ?? 0;
  let viewableTime = decimal('total_viewable_time');
  let viewTime = decimal('total_view_time');
  if (issues.length || impressions === null || !date) return { issues };

  const channel = get('channel') || p.channelName;
  const device = get('device') || 'All devices';
  const profile = attentionProfile(channel, device);
  measured ??= Math.round(impressions * 0.93);
  viewable ??= Math.round(impressions * profile.viewable);
  viewed ??= Math.round(measured * profile.viewed);
  viewableTime ??= Math.round(viewable * profile.viewableTime * 100) / 100;
  viewTime ??= Math.round(viewed * profile.viewTime * 100) / 100;
  if (measured > impressions)
    issues.push({ line, column: header('measured'), message: 'Measured is more than impressions' });
  if (viewable > impressions)
    issues.push({ line, column: header('viewable'), message: 'Viewable is more than impressions' });
  if (viewed > measured) issues.push({ line, column: header('viewed'), message: 'Viewed is more than measured' });
  if (issues.length) return { issues };
  return {
    issues,
    row: {
      measurement: p.measurement.id,
      date,
      channel,
      media_partner: get('media_partner') || p.vendorName || 'Unknown partner',
      format: get('format') || 'Unknown format',
      device,
      domain: get('domain') || get('placement') || 'Unknown placement',
      creative: get('creative') || 'Unknown creative',
      impressions,
      measured,
      viewable,
      viewed,
      total_viewable_time: viewableTime,
      total_view_time: viewTime,
      cost,
    },
  };
}

/** Every row of a file checked: the metric rows of the good ones and the issues of the bad ones. */
export function checkImportFile(p: ImportFileContext): { accepted: MetricRow[]; errors: RowIssue[] } {
  const accepted: MetricRow[] = [];
  const errors: RowIssue[] = [];
  for (let i = 0; i < p.rows.length; i += 1) {
    const { row, issues } = checkImportRow(p, i);
    if (row) accepted.push(row);
    else errors.push(...issues);
  }
  return { accepted, errors };
}

/** How many distinct lines the issues name (a row may have several problems). */
export function badLineCount(errors: readonly RowIssue[]): number {
  return new Set(errors.map((e) => e.line)).size;
}

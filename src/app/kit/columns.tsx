/**
 * Column builders: the forms the app's lists repeat (a name that opens its record, a status badge,
 * a date, a figure), so a page declares each column in one line and a change to how such a column
 * reads is made here once. Each returns a plain `Column`; the page's `extra` fields (`wide`,
 * `rowHeader`, `firstDirection`, another `csv`…) override the builder's.
 */
import type { ComponentType, ReactNode } from 'react';
import { Link } from 'wouter';
import { formatDate, formatDateTime } from '../../shared/date-format.ts';
import { formatMetric, type MetricKey } from '../../shared/metrics.ts';
import { capitalise } from '../routes/index.ts';
import type { Column } from './DataTable.tsx';

/** What a page may add to or change in a built column. */
export type ColumnExtra<T> = Partial<Column<T>>;

/**
 * How a link in a list reads: `strong` is the row's own text colour, underlined on hover (a list
 * whose every row is a link); `medium` the link colour in bold; `plain` the app's link style.
 */
const LINK_LOOK = {
  strong: 'font-medium text-slate-900 no-underline hover:underline',
  medium: 'font-medium',
  plain: undefined,
} as const;

export interface LinkColumnSpec<T> extends ColumnExtra<T> {
  /** The link's words, also the CSV value. */
  text: (row: T) => string;
  href: (row: T) => string;
  look?: keyof typeof LINK_LOOK;
  /** A smaller line under the link (the row's context); null or absent: none. */
  detail?: (row: T) => ReactNode;
  /** The cell's width limit when it has a detail line (a Tailwind max-width class). */
  width?: string;
}

/** The column that names a row and opens its page: 'Name', sorted by name, unless the spec says otherwise. */
export function linkColumn<T>({ text, href, look = 'plain', detail, width, ...extra }: LinkColumnSpec<T>): Column<T> {
  const link = (row: T) => (
    <Link href={href(row)} className={LINK_LOOK[look]}>
      {text(row)}
    </Link>
  );
  return {
    id: 'name',
    header: 'Name',
    sortField: 'name',
    csv: text,
    cell: detail
      ? (row) => {
          const more = detail(row);
          return (
            <div className={width}>
              {link(row)}
              {more == null || more === '' ? null : <p className="mt-0.5 text-xs font-normal text-slate-600">{more}</p>}
            </div>
          );
        }
      : link,
    ...extra,
  };
}

/**
 * A row's status, sorted by it and exported as its stored word: drawn by the feature's badge, or
 * without one as the word capitalised (a secondary status, hidden on a phone with `wide`).
 */
export function statusColumn<T extends { status: string }>(
  Badge?: ComponentType<{ status: T['status'] }>,
  extra: ColumnExtra<T> = {},
): Column<T> {
  return {
    id: 'status',
    header: 'Status',
    sortField: 'status',
    csv: (row) => row.status,
    cell: Badge ? (row) => <Badge status={row.status} /> : (row) => capitalise(row.status),
    ...extra,
  };
}

type DateField<K extends string> = Record<K, string>;

/**
 * A stored date (or, with `time`, date and time) as people read it, sorted by its field and kept
 * on one line; the CSV has the ISO value the API sends.
 */
export function dateColumn<K extends string, T extends DateField<K>>(
  field: K,
  header: string,
  extra: ColumnExtra<T> & { time?: boolean } = {},
): Column<T> {
  const { time, ...rest } = extra;
  const format = time ? formatDateTime : formatDate;
  return {
    id: field,
    header,
    sortField: field,
    nowrap: true,
    csv: (row) => row[field],
    cell: (row) => format(row[field]),
    ...rest,
  };
}

/**
 * A figure's column: right-aligned so digits line up, sorted by its field, largest first on the
 * first press (pass `firstDirection: undefined` for a figure read in either direction).
 */
export function figureColumn<T>(
  field: string,
  header: string,
  value: { csv: Column<T>['csv']; cell: Column<T>['cell'] },
  extra: ColumnExtra<T> = {},
): Column<T> {
  return { id: field, header, sortField: field, firstDirection: 'desc', align: 'right', ...value, ...extra };
}

type FigureField<K extends string> = Partial<Record<K, number | null>>;

/** A figure of the metric `metric`, as the metric is written everywhere; the CSV has the raw number. */
export function metricColumn<K extends string, T extends FigureField<K>>(
  field: K,
  header: string,
  metric: MetricKey,
  extra: ColumnExtra<T> = {},
): Column<T> {
  const csv = (row: T) => row[field];
  return figureColumn(field, header, { csv, cell: (row) => formatMetric(metric, csv(row)) }, extra);
}

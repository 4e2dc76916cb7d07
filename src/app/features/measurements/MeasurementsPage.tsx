/**
 * /measurements: the account's measurements with server-side paging, sorting, search and filters
 * (status, channel, flight dates), all in the URL (the kit's list state), so a list can be shared
 * and survives reload; each row opens its dashboard.
 */
import { MEASUREMENT_STATUS_ORDER } from '../../../shared/measurement-status.ts';
import { useStore } from '@nanostores/react';
import { useMemo } from 'react';
import { useLocation, useSearch } from 'wouter';
import { getOne, list } from '../../../lib/api.ts';
import { $role, $selectedAccountId } from '../../../stores/account.ts';
import { can } from '../../../shared/access.ts';
import { formatDateRange } from '../../../shared/date-format.ts';
import { formatMetric } from '../../../shared/metrics.ts';
import type { Measurement } from '../../../shared/schemas/index.ts';
import { linkColumn, metricColumn, statusColumn } from '../../kit/columns.tsx';
import type { Column } from '../../kit/DataTable.tsx';
import { ListHeader, NewLink } from '../../kit/ListHeader.tsx';
import { choiceFilter, type ListFilter } from '../../kit/listFilter.ts';
import { emptyWhen, ListView } from '../../kit/ListView.tsx';
import { resourceListSpec, useResourceList } from '../../kit/useResourceList.ts';
import { paths, routeById } from '../../routes/index.ts';
import { ErrorPlaceholder } from '../../shared/ErrorPlaceholder.tsx';
import { useAsync } from '../../shared/useAsync.ts';
import { useNamedList } from './data.ts';
import { MeasurementStatusBadge } from '../../shared/Badge.tsx';

export const PAGE_SIZES = [10, 25, 50] as const;

// Largest first by default: the flights a planner talks about are at the top.
const spec = resourceListSpec(
  'measurement',
  'measurements',
  { id: 'impressions', direction: 'desc' },
  {
    filters: ['status', 'channel', 'start_date', 'end_date'],
    pageSizes: PAGE_SIZES,
  },
);

const empty = emptyWhen(
  'measurements',
  { title: 'No measurements yet', body: 'Measurements of this account appear here once created.' },
  'the search or the filters',
);

/** The label filter of the query, resolved: the label ids to match and how to name the filter. */
function useLabelFilter(label: string, category: string) {
  return useAsync(async (): Promise<{ ids: string[]; name: string } | null> => {
    if (label) {
      const value = await getOne('label-value', label);
      return { ids: [value.id], name: `Label: ${value.name}` };
    }
    if (category) {
      const [found, labels] = await Promise.all([
        getOne('label-category', category),
        list('label-value', { category_id: category, limit: 500 }),
      ]);
      return { ids: labels.data.map((l) => l.id), name: `Label category: ${found.name}` };
    }
    return null;
  }, `${label}|${category}`);
}

/** A label id no measurement carries: a category without labels matches nothing. */
const NO_LABEL = '000000000000000000000000';

/**
 * The list's route: its title and its line on what it holds (painted first from the HTML
 * too). The shell already makes the route's title the document's.
 */
const ROUTE = routeById('measurements');

export default function MeasurementsPage() {
  const accountId = useStore($selectedAccountId);
  const role = useStore($role);
  const [location, navigate] = useLocation();
  const query = new URLSearchParams(useSearch());
  // A label value id (a search result for write users, decisions.md §8), or a label category
  // (spec §2 query labelCategoryId): measurements carrying any of its labels.
  const label = query.get('label') ?? '';
  const category = query.get('labelCategoryId') ?? '';
  const labelFilter = useLabelFilter(label, category);
  const labelIds = labelFilter.data?.ids.join(',');
  const waiting = (label || category) && labelIds === undefined;
  const base = useMemo(
    () =>
      !accountId || waiting
        ? null
        : {
            account: [accountId],
            ...(labelIds !== undefined ? { label_ids: (labelIds || NO_LABEL).split(',') } : {}),
          },
    [accountId, waiting, labelIds],
  );
  const measurements = useResourceList(spec, base);
  const channels = useNamedList('advertising-channel');

  const columns = useMemo<Column<Measurement>[]>(() => {
    const channelName = new Map((channels.data ?? []).map((c) => [c.id, c.name]));
    return [
      linkColumn({ text: (m) => m.name, href: (m) => paths.measurement(m.id), look: 'strong' }),
      statusColumn(MeasurementStatusBadge),
      {
        id: 'flight',
        header: 'Flight dates',
        sortField: 'start_date',
        firstDirection: 'desc',
        nowrap: true,
        csv: (m) => `${m.start_date} – ${m.end_date}`,
        cell: (m) => formatDateRange(m.start_date, m.end_date),
      },
      {
        id: 'channels',
        header: 'Channels',
        wide: true,
        csv: (m) => m.channels.map((c) => channelName.get(c) ?? c).join(', '),
        cell: (m) => m.channels.map((c) => channelName.get(c) ?? '…').join(', ') || '—',
      },
      metricColumn('impressions', 'Impressions', 'impressions'),
      metricColumn('apm', 'APM', 'apm', {
        cell: (m) => <span className="font-medium">{formatMetric('apm', m.apm)}</span>,
      }),
    ];
  }, [channels.data]);

  const filters = useMemo<ListFilter[]>(
    () => [
      choiceFilter('status', 'Status', 'All statuses', MEASUREMENT_STATUS_ORDER),
      {
        name: 'channel',
        label: 'Channel',
        kind: 'choice',
        allLabel: 'All channels',
        options: (channels.data ?? []).map((c) => ({ id: c.id, name: c.name })),
      },
      { name: 'start_date', label: 'Running from', kind: 'date' },
      { name: 'end_date', label: 'Running to', kind: 'date' },
    ],
    [channels.data],
  );

  const clearLabel = () => {
    query.delete('label');
    query.delete('labelCategoryId');
    query.delete('page');
    const rest = query.toString();
    navigate(`${location}${rest ? `?${rest}` : ''}`, { replace: true });
  };

  return (
    <div className="space-y-5">
      <ListHeader title={ROUTE.title} about={ROUTE.intro}>
        <NewLink href={paths.measurementCreate()} show={!!role && can(role, 'measurement.write')}>
          New measurement
        </NewLink>
      </ListHeader>

      {labelFilter.data ? (
        <p className="flex flex-wrap items-center gap-2 text-sm" data-testid="label-filter">
          <span className="rounded-full bg-primary-faded-2 px-3 py-1 font-medium text-slate-900">
            {labelFilter.data.name}
          </span>
          <button
            type="button"
            className="font-medium text-slate-700 underline-offset-2 hover:underline"
            onClick={clearLabel}
          >
            Clear label filter
          </button>
        </p>
      ) : null}

      {labelFilter.error ? (
        <ErrorPlaceholder name="label" error={labelFilter.error} />
      ) : (
        <ListView
          list={measurements}
          columns={columns}
          search="Search"
          filters={filters}
          csv
          caption={`Measurements, sorted by ${measurements.state.sort.id.replace('_', ' ')}`}
          empty={(filtered) => empty(filtered || !!labelFilter.data)}
        />
      )}
    </div>
  );
}

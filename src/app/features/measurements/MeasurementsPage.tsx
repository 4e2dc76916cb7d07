/**
 * /measurements: the account's measurements with server-side paging, sorting, search and filters
 * (status, channel, flight dates), all in the URL (the kit's list state), so a list can be shared
 * and survives reload; each row opens its dashboard.
 */
import { MEASUREMENT_STATUS_ORDER } from '../../../shared/schemas/measurement.ts';
import { useStore } from '@nanostores/react';
import { useMemo } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { getOne, list } from '../../../lib/api.ts';
import { $role, $selectedAccountId } from '../../../stores/account.ts';
import { can } from '../../../shared/access.ts';
import { formatDateRange } from '../../../shared/date-format.ts';
import { formatMetric } from '../../../shared/metrics.ts';
import { resources, type Measurement } from '../../../shared/schemas/index.ts';
import type { Column } from '../../kit/DataTable.tsx';
import type { ListFilter } from '../../kit/ListFilters.tsx';
import { ListView } from '../../kit/ListView.tsx';
import { useResourceList, type ResourceListSpec } from '../../kit/useResourceList.ts';
import { capitalise, paths } from '../../routes/index.ts';
import { buttonClass } from '../../shared/Button.tsx';
import { ErrorPlaceholder } from '../../shared/ErrorPlaceholder.tsx';
import { usePageTitle } from '../../shared/usePageTitle.ts';
import { useAsync } from '../../shared/useAsync.ts';
import { useNamedList } from './data.ts';
import { MeasurementStatusBadge } from './ui.tsx';

export const PAGE_SIZES = [10, 25, 50] as const;

const spec: ResourceListSpec<'measurement'> = {
  resource: 'measurement',
  noun: 'measurements',
  sortFields: resources.measurement.sortFields,
  // Largest first by default: the flights a planner talks about are at the top.
  defaultSort: { id: 'impressions', direction: 'desc' },
  filters: ['status', 'channel', 'start_date', 'end_date'],
  pageSizes: PAGE_SIZES,
};

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

export default function MeasurementsPage() {
  usePageTitle('Measurements');
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
      {
        id: 'name',
        header: 'Name',
        sortField: 'name',
        csv: (m) => m.name,
        cell: (m) => (
          <Link href={paths.measurement(m.id)} className="font-medium text-slate-900 no-underline hover:underline">
            {m.name}
          </Link>
        ),
      },
      {
        id: 'status',
        header: 'Status',
        sortField: 'status',
        csv: (m) => m.status,
        cell: (m) => <MeasurementStatusBadge status={m.status} />,
      },
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
      {
        id: 'impressions',
        header: 'Impressions',
        sortField: 'impressions',
        firstDirection: 'desc',
        align: 'right',
        csv: (m) => m.impressions,
        cell: (m) => formatMetric('impressions', m.impressions),
      },
      {
        id: 'apm',
        header: 'APM',
        sortField: 'apm',
        firstDirection: 'desc',
        align: 'right',
        csv: (m) => m.apm,
        cell: (m) => <span className="font-medium">{formatMetric('apm', m.apm)}</span>,
      },
    ];
  }, [channels.data]);

  const filters = useMemo<ListFilter[]>(
    () => [
      {
        name: 'status',
        label: 'Status',
        kind: 'choice',
        allLabel: 'All statuses',
        options: MEASUREMENT_STATUS_ORDER.map((s) => ({ id: s, name: capitalise(s) })),
      },
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
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight text-slate-900">Measurements</h1>
          <p className="mt-1 text-sm text-slate-600">Every flight whose attention this account measures.</p>
        </div>
        {role && can(role, 'measurement.write') ? (
          <Link href={paths.measurementCreate()} className={buttonClass('primary', 'no-underline')}>
            New measurement
          </Link>
        ) : null}
      </div>

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
          rowLabel={(m) => m.name}
          search="Search"
          filters={filters}
          csv="measurements"
          caption={`Measurements, sorted by ${measurements.state.sort.id.replace('_', ' ')}`}
          empty={(filtered) =>
            filtered || labelFilter.data
              ? { title: 'No measurements match', body: 'Change the search or the filters to see more.' }
              : { title: 'No measurements yet', body: 'Measurements of this account appear here once created.' }
          }
        />
      )}
    </div>
  );
}

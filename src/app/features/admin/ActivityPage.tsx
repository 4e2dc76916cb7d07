/**
 * /admin/activity (root: the selected account's audit trail) and /admin/all-activity (super:
 * every account's): who changed what and when, newest first, with the change itself
 * (field: before → after). Filters (actor, resource, action, date range), paging and sort live in
 * the URL through the kit's list state; the kit's ListView draws it. The export is the server's
 * CSV of the same filters. The trail is read only: no selection, no row actions.
 */
import { useStore } from '@nanostores/react';
import { useLocation } from 'wouter';
import { auditExportUrl, listAuditEvents } from '../../../lib/audit.ts';
import { changeSummary } from '../../../shared/audit-diff.ts';
import { formatDateTime } from '../../../shared/date-format.ts';
import type { AuditEvent } from '../../../shared/schemas/audit-event.ts';
import { RESOURCE_NAMES, resources, type ResourceName } from '../../../shared/schemas/index.ts';
import { $selectedAccountId } from '../../../stores/account.ts';
import type { Column } from '../../kit/DataTable.tsx';
import type { ListFilter } from '../../kit/ListFilters.tsx';
import type { ListState } from '../../kit/listState.ts';
import { ListView } from '../../kit/ListView.tsx';
import { useListState } from '../../kit/useListState.ts';
import type { ResourceList, ResourceListSpec } from '../../kit/useResourceList.ts';
import { buttonClass } from '../../shared/Button.tsx';
import { PageHeader } from '../../shared/PageHeader.tsx';
import { useAsync } from '../../shared/useAsync.ts';

const FILTERS = ['actor', 'resource', 'action', 'from', 'to'] as const;

// The kit's list spec is typed by the registry; the trail is not in it (nothing writes it through
// the API), and the kit reads the name only to mark its render time and find writable rows,
// which a list without a selection never asks.
const spec = {
  resource: 'audit-event' as ResourceName,
  noun: 'activity records',
  sortFields: ['at'],
  defaultSort: { id: 'at', direction: 'desc' },
  filters: FILTERS,
} satisfies ResourceListSpec;

const RESOURCE_OPTIONS = RESOURCE_NAMES.map((name) => ({ id: name, name: resources[name].title })).sort((a, b) =>
  a.name.localeCompare(b.name),
);

/** The API query of the URL's state: the filters, and the account unless super reads them all. */
function auditQuery(state: ListState, account: string | undefined) {
  const { actor, resource, action, from, to } = state.filters;
  return {
    account,
    actor,
    resource,
    action: action?.toLowerCase(),
    from,
    to,
    sort: `${state.sort.direction}(at)`,
  };
}

const columns: readonly Column<AuditEvent>[] = [
  {
    id: 'at',
    header: 'When',
    sortField: 'at',
    firstDirection: 'desc',
    nowrap: true,
    cell: (row) => formatDateTime(row.at),
  },
  { id: 'actor', header: 'Who', cell: (row) => row.actor?.email ?? 'Signed out' },
  {
    id: 'resource',
    header: 'What',
    cell: (row) => resources[row.resource as ResourceName]?.title ?? row.resource,
    wide: true,
  },
  { id: 'action', header: 'Action', cell: (row) => row.action },
  { id: 'change', header: 'Change', truncate: (row) => changeSummary(row), cell: (row) => changeSummary(row) },
];

const filters: readonly ListFilter[] = [
  // Anyone may have acted in the account: its users, and root and super users of other accounts.
  { name: 'actor', label: 'Who', kind: 'reference', resource: 'user' },
  { name: 'resource', label: 'What', kind: 'choice', options: RESOURCE_OPTIONS, allLabel: 'Everything' },
  { name: 'action', label: 'Action', kind: 'text' },
  { name: 'from', label: 'From', kind: 'date' },
  { name: 'to', label: 'To', kind: 'date' },
];

export default function ActivityPage() {
  const [location] = useLocation();
  const everyAccount = location.startsWith('/admin/all-activity');
  const selected = useStore($selectedAccountId);
  const account = everyAccount ? undefined : (selected ?? undefined);
  const listState = useListState(spec);
  const query = auditQuery(listState.state, account);
  const { page, size } = listState.state;
  const key = everyAccount || account ? JSON.stringify([query, page, size]) : null;
  const result = useAsync(() => listAuditEvents({ ...query, skip: (page - 1) * size, limit: size }), key);
  const list: ResourceList<AuditEvent> = {
    ...listState,
    spec,
    base: {},
    rows: result.data?.data ?? [],
    count: result.data?.count ?? 0,
    loading: result.loading || !key,
    error: result.error,
    reload: result.reload,
  };
  return (
    <div className="space-y-4">
      <PageHeader title={everyAccount ? 'All Activity' : 'Activity'} />
      <p className="-mt-4 text-sm text-slate-600">
        {everyAccount
          ? 'Every change in every account: who made it, when, and what it changed.'
          : 'Every change in this account: who made it, when, and what it changed.'}
      </p>
      <ListView
        list={list}
        columns={columns}
        rowLabel={(row) => `${row.action} ${row.resource} ${formatDateTime(row.at)}`}
        filters={filters}
        actions={
          <a className={buttonClass('secondary')} href={auditExportUrl(query)} download="activity.csv">
            Export CSV
          </a>
        }
        empty={(filtered) => ({ title: filtered ? 'No activity matches' : 'No activity recorded yet' })}
        caption="Activity"
      />
    </div>
  );
}

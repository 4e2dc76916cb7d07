/**
 * /admin/activity (root: the selected account's audit trail) and /admin/all-activity (super:
 * every account's): who changed what and when, newest first, with the change itself
 * (field: before → after). Filters (actor, resource, action, date range), paging and sort live in
 * the URL through the kit's list state; the kit's ListView draws it. The export is the server's
 * CSV of the same filters. The trail is read only: no selection, no row actions.
 */
import { useStore } from '@nanostores/react';
import { useMemo } from 'react';
import { useLocation } from 'wouter';
import { auditExportUrl, listAuditEvents } from '../../../lib/audit.ts';
import { changeSummary, type NameOf } from '../../../shared/audit-diff.ts';
import { formatDateTime } from '../../../shared/date-format.ts';
import type { AuditEvent } from '../../../shared/schemas/audit-event.ts';
import {
  SPOTLIGHT_COLLECTION_TITLES,
  SPOTLIGHT_COLLECTIONS,
  SPOTLIGHT_RESOURCES,
} from '../../../shared/schemas/spotlight.ts';
import { RESOURCE_NAMES, resources, type ResourceName } from '../../../shared/schemas/index.ts';
import { $selectedAccountId } from '../../../stores/account.ts';
import type { Column } from '../../kit/DataTable.tsx';
import type { ListFilter } from '../../kit/listFilter.ts';
import type { ListState } from '../../kit/listState.ts';
import { ListView } from '../../kit/ListView.tsx';
import { usePagedList, type ListSource, type NamedListSpec } from '../../kit/usePagedList.ts';
import { buttonClass } from '../../shared/Button.tsx';
import { PageHeader } from '../../shared/PageHeader.tsx';
import { useChangeNames } from '../../shared/useChangeNames.ts';

const FILTERS = ['actor', 'resource', 'action', 'from', 'to'] as const;

const spec: NamedListSpec = {
  noun: 'activity records',
  sortFields: ['at'],
  defaultSort: { id: 'at', direction: 'desc' },
  filters: FILTERS,
};

/** What the trail names a change's collection: a registry resource's title, or Spotlight's. */
const SPOTLIGHT_TITLES: Readonly<Record<string, string>> = Object.fromEntries(
  SPOTLIGHT_RESOURCES.map((resource) => [SPOTLIGHT_COLLECTIONS[resource], SPOTLIGHT_COLLECTION_TITLES[resource]]),
);
const titleOf = (resource: string) =>
  resources[resource as ResourceName]?.title ?? SPOTLIGHT_TITLES[resource] ?? resource;

const RESOURCE_OPTIONS = [...RESOURCE_NAMES, ...Object.keys(SPOTLIGHT_TITLES)]
  .map((name) => ({ id: name, name: titleOf(name) }))
  .sort((a, b) => a.name.localeCompare(b.name));

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

/** The trail's columns; the change reads ids by the names `nameOf` knows. */
const columnsWith = (nameOf: NameOf): readonly Column<AuditEvent>[] => [
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
    cell: (row) => titleOf(row.resource),
    wide: true,
  },
  { id: 'action', header: 'Action', cell: (row) => row.action },
  {
    id: 'change',
    header: 'Change',
    truncate: (row) => changeSummary(row, nameOf),
    cell: (row) => changeSummary(row, nameOf),
  },
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
  const source = useMemo<ListSource<AuditEvent> | null>(
    () =>
      everyAccount || account
        ? {
            name: 'audit-event',
            key: account ?? '*',
            page: (state) =>
              listAuditEvents({
                ...auditQuery(state, account),
                skip: (state.page - 1) * state.size,
                limit: state.size,
              }),
            // The export is the server's CSV (the link below), so the kit never asks for every row.
            all: () => Promise.resolve([]),
          }
        : null,
    [everyAccount, account],
  );
  const list = usePagedList(spec, source);
  const nameOf = useChangeNames(list.rows);
  const columns = useMemo(() => columnsWith(nameOf), [nameOf]);
  const query = auditQuery(list.state, account);
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

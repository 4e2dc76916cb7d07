/**
 * /activations/domain-lists: the account's allow and block lists with their size and the
 * activations that use them, paged, sorted and searched on the server (the kit's ListView).
 * Everyone can download a list as CSV; writers create (upload, paste or from a measurement), edit
 * and delete them. Deleting a list an activation still uses is refused by the server, which names
 * the activation; the dialog shows that answer.
 */
import { useStore } from '@nanostores/react';
import { useMemo, useState } from 'react';
import { Link } from 'wouter';
import { buildUrl, isConflict, listAll, removeListed } from '../../../lib/api.ts';
import { showError, showSuccess } from '../../../stores/alerts.ts';
import { $role, $selectedAccountId } from '../../../stores/account.ts';
import { can } from '../../../shared/access.ts';
import { usesList } from '../../../shared/activations.ts';
import { routeOf } from '../../../shared/endpoints/routes.ts';
import { DOMAIN_LIST_TYPES } from '../../../shared/schemas/domain-list.ts';
import type { Activation, DomainList } from '../../../shared/schemas/index.ts';
import { dateColumn } from '../../kit/columns.tsx';
import { ConfirmDialog } from '../../kit/ConfirmDialog.tsx';
import type { Column } from '../../kit/DataTable.tsx';
import { ListHeader } from '../../kit/ListHeader.tsx';
import { choiceFilter } from '../../kit/listFilter.ts';
import { emptyWhen, ListView } from '../../kit/ListView.tsx';
import { RowButton } from '../../kit/RowButton.tsx';
import { resourceListSpec, useResourceList } from '../../kit/useResourceList.ts';
import { Button, buttonClass } from '../../shared/Button.tsx';
import { useAsync } from '../../shared/useAsync.ts';
import { DomainListDialog } from './DomainListDialog.tsx';
import { paths, routeById } from '../../routes/index.ts';
import { ListTypeBadge } from './ui.tsx';
import { BY_NAME, listQuery } from '../../../shared/list-query-text.ts';

const spec = resourceListSpec('domain-list', 'domain lists', { id: 'name', direction: 'asc' }, { filters: ['type'] });

function UsedBy({ list, activations }: { list: DomainList; activations: readonly Activation[] | null }) {
  if (!activations) return <>…</>;
  const users = activations.filter((a) => a.domain_list === list.id);
  if (users.length === 0) return <span className="text-slate-500">Not used</span>;
  return (
    <ul className="space-y-0.5">
      {users.map((a) => (
        // The name wraps, as every cell of the kit's tables does; '(ended)' stays whole beside it.
        <li key={a.id} className="flex max-w-[15rem] items-start gap-1">
          <Link href={paths.activation(a.id)} className="min-w-0 break-words">
            {a.name}
          </Link>
          {usesList(a, list.id) ? null : <span className="shrink-0 text-slate-500">(ended)</span>}
        </li>
      ))}
    </ul>
  );
}

/**
 * The list's route: its title and its line on what it holds (painted first from the HTML
 * too). The shell already makes the route's title the document's.
 */
const ROUTE = routeById('domain-lists');

export default function DomainListsPage() {
  const accountId = useStore($selectedAccountId);
  const role = useStore($role);
  const canWrite = !!role && can(role, 'activation.write');
  const base = useMemo(() => (accountId ? { account: [accountId] } : null), [accountId]);
  const lists = useResourceList(spec, base);
  // Who uses a list: the account's activations, read once (a list names none of them itself).
  const activations = useAsync(
    () => listAll('activation', listQuery('activation', { account: [accountId!], sort: BY_NAME })),
    accountId,
  );
  const reload = () => {
    lists.reload();
    activations.reload();
  };
  const [editing, setEditing] = useState<DomainList | 'new' | null>(null);
  const [deleting, setDeleting] = useState<DomainList | null>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function confirmDelete() {
    if (!deleting) return;
    setBusy(true);
    setDeleteError(null);
    try {
      // Only the list as this page shows it: changed since, the conflict dialog asks first.
      await removeListed('domain-list', deleting, { onReload: reload });
      showSuccess(`Domain list '${deleting.name}' deleted`);
      setDeleting(null);
      reload();
    } catch (error) {
      // Answered in the conflict dialog: Reload shows the list again, Cancel keeps this one open.
      if (isConflict(error) && error.choice) {
        if (error.choice === 'reload') setDeleting(null);
        return;
      }
      setDeleteError(error instanceof Error ? error.message : String(error));
      showError(error);
    } finally {
      setBusy(false);
    }
  }

  const columns: Column<DomainList>[] = [
    { id: 'name', header: 'Name', sortField: 'name', rowHeader: true, csv: (l) => l.name, cell: (l) => l.name },
    {
      id: 'type',
      header: 'Type',
      sortField: 'type',
      csv: (l) => l.type,
      cell: (l) => <ListTypeBadge type={l.type} />,
    },
    {
      id: 'entries',
      header: 'Entries',
      align: 'right',
      csv: (l) => l.domains.length,
      cell: (l) => l.domains.length.toLocaleString('en-GB'),
    },
    {
      id: 'used',
      header: 'Used by',
      wide: true,
      cell: (l) => <UsedBy list={l} activations={activations.data} />,
    },
    dateColumn('created_at', 'Created', { firstDirection: 'desc' }),
  ];

  return (
    <div className="space-y-5">
      <ListHeader title={ROUTE.title} about={ROUTE.intro}>
        {canWrite ? <Button onClick={() => setEditing('new')}>New domain list</Button> : null}
      </ListHeader>

      <ListView
        list={lists}
        columns={columns}
        search
        filters={[choiceFilter('type', 'Type', 'All types', DOMAIN_LIST_TYPES)]}
        csv
        caption="Domain lists of this account"
        rowTestId="domain-list-row"
        rowActions={(list) => (
          <>
            <a
              href={buildUrl(routeOf('domainListDownload').path, { id: list.id })}
              download
              aria-label={`Download CSV of ${list.name}`}
              className={buttonClass('secondary', 'px-2.5 py-1 no-underline')}
            >
              Download CSV
            </a>
            {canWrite ? (
              <>
                <RowButton action="Edit" name={list.name} onPress={() => setEditing(list)} />
                <RowButton
                  action="Delete"
                  name={list.name}
                  tone="danger"
                  onPress={() => {
                    setDeleteError(null);
                    setDeleting(list);
                  }}
                />
              </>
            ) : null}
          </>
        )}
        empty={emptyWhen(
          'domain lists',
          {
            title: 'No domain lists yet',
            body: canWrite ? 'Upload a CSV, paste domains, or take the best domains of a measurement.' : undefined,
          },
          'the search or the type',
        )}
      />

      {canWrite && accountId ? (
        <DomainListDialog
          accountId={accountId}
          list={editing === 'new' ? null : editing}
          isOpen={editing !== null}
          onClose={() => setEditing(null)}
          onSaved={reload}
        />
      ) : null}

      <ConfirmDialog
        isOpen={deleting !== null}
        title="Delete this domain list?"
        confirmLabel="Delete list"
        busy={busy}
        onCancel={() => setDeleting(null)}
        onConfirm={() => void confirmDelete()}
      >
        <p>
          <strong>{deleting?.name}</strong> and its {deleting?.domains.length.toLocaleString('en-GB')} entries will be
          deleted. Download it first if you may need it again.
        </p>
        {deleteError ? (
          <p role="alert" className="rounded-lg bg-red-50 px-4 py-3 text-red-900">
            {deleteError}
          </p>
        ) : null}
      </ConfirmDialog>
    </div>
  );
}

/**
 * /activations/domain-lists: the account's allow and block lists with their size and the
 * activations that use them. Everyone can download a list as CSV; writers create (upload, paste
 * or from a measurement), edit and delete them. Deleting a list an activation still uses is
 * refused by the server, which names the activation; the dialog shows that answer.
 */
import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { buildUrl, isConflict, removeListed } from '../../../lib/api.ts';
import { showError, showSuccess } from '../../../stores/alerts.ts';
import { $role, $selectedAccountId } from '../../../stores/account.ts';
import { can } from '../../../shared/access.ts';
import { usesList } from '../../../shared/activations.ts';
import type { DomainList } from '../../../shared/schemas/index.ts';
import { Button, buttonClass } from '../../shared/Button.tsx';
import { ErrorPlaceholder } from '../../shared/ErrorPlaceholder.tsx';
import { Modal } from '../../shared/Modal.tsx';
import { usePageTitle } from '../../shared/usePageTitle.ts';
import { loadBook, useAsync } from './data.ts';
import { DomainListDialog } from './DomainListDialog.tsx';
import { EmptyState, ListTypeBadge, Skeleton } from './ui.tsx';

const COLUMNS = ['Name', 'Type', 'Entries', 'Used by', 'Created'];
const day = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });

export default function DomainListsPage() {
  usePageTitle('Domain Lists');
  const accountId = useStore($selectedAccountId);
  const role = useStore($role);
  const canWrite = !!role && can(role, 'activation.write');
  const book = useAsync(() => loadBook(accountId!), accountId);
  const [editing, setEditing] = useState<DomainList | 'new' | null>(null);
  const [deleting, setDeleting] = useState<DomainList | null>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const lists = book.data?.lists ?? [];
  const activations = book.data?.activations ?? [];
  const usersOf = (list: DomainList) => activations.filter((a) => a.domain_list === list.id);

  async function confirmDelete() {
    if (!deleting) return;
    setBusy(true);
    setDeleteError(null);
    try {
      // Only the list as this page shows it: changed since, the conflict dialog asks first.
      await removeListed('domain-list', deleting, { onReload: book.reload });
      showSuccess(`Domain list '${deleting.name}' deleted`);
      setDeleting(null);
      book.reload();
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

  return (
    <div className="space-y-5">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight text-slate-900">Domain lists</h1>
          <p className="mt-1 text-sm text-slate-600">
            Allow and block lists of web domains and app bundle ids, for activations and for your platforms.
          </p>
        </div>
        {canWrite ? <Button onClick={() => setEditing('new')}>New domain list</Button> : null}
      </div>

      {book.error ? (
        <ErrorPlaceholder name="domain lists" error={book.error} />
      ) : !book.loading && lists.length === 0 ? (
        <EmptyState title="No domain lists yet">
          {canWrite ? 'Upload a CSV, paste domains, or take the best domains of a measurement.' : null}
        </EmptyState>
      ) : (
        <div className="overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm">
          <div className="overflow-x-auto">
            <table className="w-full min-w-[1000px] text-left text-sm" aria-busy={book.loading}>
              <caption className="sr-only">Domain lists of this account, by name</caption>
              <thead className="border-b border-slate-200 bg-slate-50 text-xs uppercase tracking-wide text-slate-600">
                <tr>
                  {COLUMNS.map((c) => (
                    <th key={c} scope="col" className={`px-4 py-3 font-medium ${c === 'Entries' ? 'text-right' : ''}`}>
                      {c}
                    </th>
                  ))}
                  <th scope="col" className="px-4 py-3 text-right font-medium">
                    Actions
                  </th>
                </tr>
              </thead>
              <tbody>
                {book.loading && !book.data
                  ? Array.from({ length: 4 }, (_, i) => (
                      <tr key={i} className="border-b border-slate-100">
                        {[...COLUMNS, 'Actions'].map((c) => (
                          <td key={c} className="px-4 py-3">
                            <Skeleton className="h-4 w-full" />
                          </td>
                        ))}
                      </tr>
                    ))
                  : lists.map((list) => {
                      const users = usersOf(list);
                      return (
                        <tr
                          key={list.id}
                          className="border-b border-slate-100 last:border-0"
                          data-testid="domain-list-row"
                        >
                          <th scope="row" className="min-w-[15rem] max-w-[22rem] px-4 py-3 font-medium text-slate-900">
                            {list.name}
                          </th>
                          <td className="px-4 py-3">
                            <ListTypeBadge type={list.type} />
                          </td>
                          <td className="px-4 py-3 text-right tabular-nums text-slate-900">
                            {list.domains.length.toLocaleString('en-GB')}
                          </td>
                          <td className="max-w-[20rem] px-4 py-3 text-slate-700">
                            {users.length === 0 ? (
                              <span className="text-slate-500">Not used</span>
                            ) : (
                              <ul className="space-y-0.5">
                                {users.map((a) => (
                                  <li key={a.id} className="truncate">
                                    {a.name}
                                    {usesList(a, list.id) ? null : <span className="text-slate-500"> (ended)</span>}
                                  </li>
                                ))}
                              </ul>
                            )}
                          </td>
                          <td className="whitespace-nowrap px-4 py-3 text-slate-700">
                            {day.format(new Date(list.created_at))}
                          </td>
                          <td className="whitespace-nowrap px-4 py-3 text-right">
                            <div className="inline-flex gap-2">
                              <a
                                href={buildUrl('/api/v1/domain-list/download', { id: list.id })}
                                download
                                aria-label={`Download CSV of ${list.name}`}
                                className={buttonClass('secondary', 'px-2.5 py-1 no-underline')}
                              >
                                Download CSV
                              </a>
                              {canWrite ? (
                                <>
                                  <Button
                                    variant="secondary"
                                    className="px-2.5 py-1"
                                    aria-label={`Edit ${list.name}`}
                                    onClick={() => setEditing(list)}
                                  >
                                    Edit
                                  </Button>
                                  <Button
                                    variant="ghost"
                                    className="px-2.5 py-1 text-red-700 hover:bg-red-50"
                                    aria-label={`Delete ${list.name}`}
                                    onClick={() => {
                                      setDeleteError(null);
                                      setDeleting(list);
                                    }}
                                  >
                                    Delete
                                  </Button>
                                </>
                              ) : null}
                            </div>
                          </td>
                        </tr>
                      );
                    })}
              </tbody>
            </table>
          </div>
        </div>
      )}

      {canWrite && accountId ? (
        <DomainListDialog
          accountId={accountId}
          list={editing === 'new' ? null : editing}
          isOpen={editing !== null}
          onClose={() => setEditing(null)}
          onSaved={book.reload}
        />
      ) : null}

      <Modal isOpen={deleting !== null} onClose={() => setDeleting(null)} title="Delete this domain list?">
        <div className="space-y-4 px-5 pt-2 pb-5">
          <p className="text-sm text-slate-700">
            <strong>{deleting?.name}</strong> and its {deleting?.domains.length.toLocaleString('en-GB')} entries will be
            deleted. Download it first if you may need it again.
          </p>
          {deleteError ? (
            <p role="alert" className="rounded-lg bg-red-50 px-4 py-3 text-sm text-red-900">
              {deleteError}
            </p>
          ) : null}
          <div className="flex justify-end gap-2">
            <Button variant="secondary" onClick={() => setDeleting(null)}>
              Cancel
            </Button>
            <Button variant="danger" disabled={busy} onClick={() => void confirmDelete()}>
              Delete list
            </Button>
          </div>
        </div>
      </Modal>
    </div>
  );
}

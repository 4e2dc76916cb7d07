/**
 * /activations/activations: the account's activations with their source measurement, platform,
 * domain list, minimum APM, status and deal id; each name opens the activation's page. Writers
 * pause, resume, activate and end them (the actions src/shared/activations.ts allows from each
 * state) and delete a draft or an ended one; readers see the same list without the actions, as
 * the server would refuse them.
 */
import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { Link } from 'wouter';
import { isConflict, removeListed, updateListed } from '../../../lib/api.ts';
import { showError, showSuccess } from '../../../stores/alerts.ts';
import { $role, $selectedAccountId } from '../../../stores/account.ts';
import { can } from '../../../shared/access.ts';
import { ACTIVATION_TRANSITIONS, actionsFor, canDelete, type ActivationAction } from '../../../shared/activations.ts';
import { formatMetric } from '../../../shared/metrics.ts';
import type { Activation } from '../../../shared/schemas/index.ts';
import { paths } from '../../routes.ts';
import { Button, buttonClass } from '../../shared/Button.tsx';
import { ErrorPlaceholder } from '../../shared/ErrorPlaceholder.tsx';
import { Modal } from '../../shared/Modal.tsx';
import { usePageTitle } from '../../shared/usePageTitle.ts';
import { loadBook, useAsync } from './data.ts';
import { DeleteActivationDialog } from './DeleteActivationDialog.tsx';
import { DealId, EmptyState, Skeleton, StatusBadge } from './ui.tsx';

const COLUMNS = ['Name', 'Source measurement', 'Platform', 'Domain list', 'Min APM', 'Status', 'Deal id'];

export default function ActivationsPage() {
  usePageTitle('Activations');
  const accountId = useStore($selectedAccountId);
  const role = useStore($role);
  const canWrite = !!role && can(role, 'activation.write');
  const book = useAsync(() => loadBook(accountId!), accountId);
  const [busy, setBusy] = useState<string | null>(null);
  const [ending, setEnding] = useState<Activation | null>(null);
  const [deleting, setDeleting] = useState<Activation | null>(null);

  async function destroy(activation: Activation) {
    setBusy(activation.id);
    try {
      // Only the activation as this list shows it: changed since, the conflict dialog asks first.
      await removeListed('activation', activation, { onReload: book.reload });
      showSuccess(`'${activation.name}' deleted`);
      book.reload();
    } catch (error) {
      if (!(isConflict(error) && error.choice)) showError(error);
    } finally {
      setBusy(null);
      setDeleting(null);
    }
  }

  async function act(activation: Activation, action: ActivationAction) {
    const { to } = ACTIVATION_TRANSITIONS[action];
    setBusy(activation.id);
    try {
      // The row as this list shows it: changed by someone else since, the conflict dialog asks.
      const next = await updateListed('activation', activation, { status: to }, { onReload: book.reload });
      const past = { activate: 'activated', pause: 'paused', resume: 'resumed', end: 'ended' }[action];
      showSuccess(
        next.deal_id && action === 'activate'
          ? `'${next.name}' activated with deal id ${next.deal_id}`
          : `'${next.name}' ${past}`,
      );
      book.reload();
    } catch (error) {
      showError(error);
    } finally {
      setBusy(null);
      setEnding(null);
    }
  }

  const rows = book.data?.activations ?? [];
  const listName = new Map((book.data?.lists ?? []).map((l) => [l.id, l.name]));

  return (
    <div className="space-y-5">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight text-slate-900">Activations</h1>
          <p className="mt-1 text-sm text-slate-600">
            Attention data at work: deals on buying platforms that reach only domains above a minimum APM.
          </p>
        </div>
        {canWrite ? (
          <Link href={paths.activationCreate()} className={buttonClass('primary', 'no-underline')}>
            New activation
          </Link>
        ) : null}
      </div>

      {book.error ? (
        <ErrorPlaceholder name="activations" error={book.error} />
      ) : !book.loading && rows.length === 0 ? (
        <EmptyState title="No activations yet">
          {canWrite
            ? 'Create one from a measurement: its domains above a minimum APM become the deal’s allow list.'
            : null}
        </EmptyState>
      ) : (
        <div className="overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm">
          <div className="overflow-x-auto">
            <table className="w-full min-w-[1180px] text-left text-sm" aria-busy={book.loading}>
              <caption className="sr-only">Activations of this account, newest first</caption>
              <thead className="border-b border-slate-200 bg-slate-50 text-xs uppercase tracking-wide text-slate-600">
                <tr>
                  {COLUMNS.map((c) => (
                    <th key={c} scope="col" className={`px-4 py-3 font-medium ${c === 'Min APM' ? 'text-right' : ''}`}>
                      {c}
                    </th>
                  ))}
                  {canWrite ? (
                    <th scope="col" className="px-4 py-3 text-right font-medium">
                      Actions
                    </th>
                  ) : null}
                </tr>
              </thead>
              <tbody>
                {book.loading && !book.data
                  ? Array.from({ length: 5 }, (_, i) => (
                      <tr key={i} className="border-b border-slate-100">
                        {COLUMNS.map((c) => (
                          <td key={c} className="px-4 py-3">
                            <Skeleton className="h-4 w-full" />
                          </td>
                        ))}
                      </tr>
                    ))
                  : rows.map((a) => {
                      const measurement = a.measurement ? book.data?.measurements.get(a.measurement) : undefined;
                      return (
                        <tr key={a.id} className="border-b border-slate-100 last:border-0" data-testid="activation-row">
                          <th scope="row" className="min-w-[15rem] max-w-[22rem] px-4 py-3 font-medium text-slate-900">
                            <Link href={paths.activation(a.id)}>{a.name}</Link>
                          </th>
                          <td className="min-w-[14rem] max-w-[20rem] px-4 py-3 text-slate-700">
                            {measurement ? (
                              <Link href={paths.measurement(measurement.id)}>{measurement.name}</Link>
                            ) : a.measurement ? (
                              <span className="text-slate-500">Deleted measurement</span>
                            ) : (
                              '—'
                            )}
                          </td>
                          <td className="whitespace-nowrap px-4 py-3 text-slate-700">
                            {(a.vendor && book.data?.vendors.get(a.vendor)?.name) ?? '—'}
                          </td>
                          <td className="min-w-[12rem] max-w-[16rem] px-4 py-3 text-slate-700">
                            {a.domain_list
                              ? (listName.get(a.domain_list) ?? <span className="text-slate-500">Deleted list</span>)
                              : '—'}
                          </td>
                          <td className="px-4 py-3 text-right tabular-nums text-slate-900">
                            {formatMetric('apm', a.min_apm)}
                          </td>
                          <td className="px-4 py-3">
                            <StatusBadge status={a.status} />
                          </td>
                          <td className="px-4 py-3">
                            <DealId value={a.deal_id} />
                          </td>
                          {canWrite ? (
                            <td className="whitespace-nowrap px-4 py-3 text-right">
                              <div className="inline-flex gap-2">
                                {actionsFor(a.status).map((action) => (
                                  <Button
                                    key={action}
                                    variant={action === 'end' ? 'ghost' : 'secondary'}
                                    className="px-2.5 py-1"
                                    disabled={busy === a.id}
                                    aria-label={`${ACTIVATION_TRANSITIONS[action].label} ${a.name}`}
                                    onClick={() => (action === 'end' ? setEnding(a) : void act(a, action))}
                                  >
                                    {ACTIVATION_TRANSITIONS[action].label}
                                  </Button>
                                ))}
                                {canDelete(a.status) ? (
                                  <Button
                                    variant="ghost"
                                    className="px-2.5 py-1 text-red-700"
                                    disabled={busy === a.id}
                                    aria-label={`Delete ${a.name}`}
                                    onClick={() => setDeleting(a)}
                                  >
                                    Delete
                                  </Button>
                                ) : null}
                              </div>
                            </td>
                          ) : null}
                        </tr>
                      );
                    })}
              </tbody>
            </table>
          </div>
        </div>
      )}

      <DeleteActivationDialog
        activation={deleting}
        listName={deleting?.domain_list ? (listName.get(deleting.domain_list) ?? null) : null}
        busy={busy !== null}
        onCancel={() => setDeleting(null)}
        onConfirm={(activation) => void destroy(activation)}
      />

      <Modal isOpen={ending !== null} onClose={() => setEnding(null)} title="End this activation?">
        <div className="space-y-4 px-5 pt-2 pb-5">
          <p className="text-sm text-slate-700">
            Ending <strong>{ending?.name}</strong> stops the deal for good: an ended activation cannot be resumed. Its
            deal id stays on record.
          </p>
          <div className="flex justify-end gap-2">
            <Button variant="secondary" onClick={() => setEnding(null)}>
              Keep it
            </Button>
            <Button variant="danger" disabled={busy !== null} onClick={() => ending && void act(ending, 'end')}>
              End activation
            </Button>
          </div>
        </div>
      </Modal>
    </div>
  );
}

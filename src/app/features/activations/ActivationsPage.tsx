/**
 * /activations/activations: the account's activations with their source measurement, platform,
 * domain list, minimum APM, status and deal id, paged, sorted, searched and filtered on the
 * server (the kit's ListView, state in the URL); each name opens the activation's page. Writers
 * pause, resume, activate and end them (the actions src/shared/activations.ts allows from each
 * state) and delete a draft or an ended one; readers see the same list without the actions, as
 * the server would refuse them.
 */
import { useStore } from '@nanostores/react';
import { useMemo, useState } from 'react';
import { Link } from 'wouter';
import { isConflict, removeListed, updateListed } from '../../../lib/api.ts';
import { showError, showSuccess } from '../../../stores/alerts.ts';
import { $role, $selectedAccountId } from '../../../stores/account.ts';
import { can } from '../../../shared/access.ts';
import {
  ACTIVATION_STATUSES,
  ACTIVATION_TRANSITIONS,
  actionsFor,
  canDelete,
  type ActivationAction,
} from '../../../shared/activations.ts';
import type { Activation } from '../../../shared/schemas/index.ts';
import type { Column } from '../../kit/DataTable.tsx';
import { ConfirmDialog } from '../../kit/ConfirmDialog.tsx';
import { linkColumn, metricColumn, statusColumn } from '../../kit/columns.tsx';
import { ListHeader, NewLink } from '../../kit/ListHeader.tsx';
import { choiceFilter } from '../../kit/listFilter.ts';
import { emptyWhen, ListView } from '../../kit/ListView.tsx';
import { RowButton } from '../../kit/RowButton.tsx';
import { useNames } from '../../kit/useNames.ts';
import { resourceListSpec, useResourceList } from '../../kit/useResourceList.ts';
import { paths, routeById } from '../../routes/index.ts';
import { DeleteActivationDialog } from './DeleteActivationDialog.tsx';
import { DealId, StatusBadge } from './ui.tsx';

const spec = resourceListSpec(
  'activation',
  'activations',
  { id: 'created_at', direction: 'desc' },
  { filters: ['status'] },
);

/** A referenced row's name: '…' while names load, `gone` when the row no longer exists. */
function named(names: ReadonlyMap<string, string> | null, id: string | null | undefined, gone: string) {
  if (!id) return '—';
  if (!names) return '…';
  return names.get(id) ?? <span className="text-slate-500">{gone}</span>;
}

/**
 * The list's route: its title and its line on what it holds (painted first from the HTML
 * too). The shell already makes the route's title the document's.
 */
const ROUTE = routeById('activations');

export default function ActivationsPage() {
  const accountId = useStore($selectedAccountId);
  const role = useStore($role);
  const canWrite = !!role && can(role, 'activation.write');
  const base = useMemo(() => (accountId ? { account: [accountId] } : null), [accountId]);
  const activations = useResourceList(spec, base);
  const rows = activations.rows;
  const measurements = useNames(
    'measurement',
    rows.map((a) => a.measurement),
  );
  const lists = useNames(
    'domain-list',
    rows.map((a) => a.domain_list),
  );
  const vendors = useNames(
    'third-party-macro-vendor',
    rows.map((a) => a.vendor),
  );
  const [busy, setBusy] = useState<string | null>(null);
  const [ending, setEnding] = useState<Activation | null>(null);
  const [deleting, setDeleting] = useState<Activation | null>(null);

  async function destroy(activation: Activation) {
    setBusy(activation.id);
    try {
      // Only the activation as this list shows it: changed since, the conflict dialog asks first.
      await removeListed('activation', activation, { onReload: activations.reload });
      showSuccess(`'${activation.name}' deleted`);
      activations.reload();
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
      const next = await updateListed('activation', activation, { status: to }, { onReload: activations.reload });
      const past = { activate: 'activated', pause: 'paused', resume: 'resumed', end: 'ended' }[action];
      showSuccess(
        next.deal_id && action === 'activate'
          ? `'${next.name}' activated with deal id ${next.deal_id}`
          : `'${next.name}' ${past}`,
      );
      activations.reload();
    } catch (error) {
      showError(error);
    } finally {
      setBusy(null);
      setEnding(null);
    }
  }

  const columns: Column<Activation>[] = [
    linkColumn({
      text: (a) => a.name,
      href: (a) => paths.activation(a.id),
      rowHeader: true,
      // The domain list rides under the name: a laptop then fits the row without a scroll bar.
      detail: (a) => <>Domain list: {named(lists, a.domain_list, 'Deleted list')}</>,
    }),
    {
      id: 'measurement',
      header: 'Source measurement',
      csv: (a) => (a.measurement ? (measurements?.get(a.measurement) ?? a.measurement) : null),
      cell: (a) =>
        a.measurement && measurements?.has(a.measurement) ? (
          <Link href={paths.measurement(a.measurement)}>{measurements.get(a.measurement)}</Link>
        ) : (
          named(measurements, a.measurement, 'Deleted measurement')
        ),
    },
    {
      id: 'platform',
      header: 'Platform',
      csv: (a) => (a.vendor ? (vendors?.get(a.vendor) ?? a.vendor) : null),
      cell: (a) => named(vendors, a.vendor, '—'),
    },
    {
      id: 'list',
      header: 'Domain list',
      csvOnly: true,
      csv: (a) => (a.domain_list ? (lists?.get(a.domain_list) ?? a.domain_list) : null),
      cell: (a) => named(lists, a.domain_list, 'Deleted list'),
    },
    metricColumn('min_apm', 'Min APM', 'apm', { firstDirection: undefined }),
    statusColumn(StatusBadge),
    { id: 'deal', header: 'Deal id', csv: (a) => a.deal_id, cell: (a) => <DealId value={a.deal_id} /> },
  ];

  return (
    <div className="space-y-5">
      <ListHeader title={ROUTE.title} about={ROUTE.intro}>
        <NewLink href={paths.activationCreate()} show={canWrite}>
          New activation
        </NewLink>
      </ListHeader>

      <ListView
        list={activations}
        columns={columns}
        search
        filters={[choiceFilter('status', 'Status', 'All statuses', ACTIVATION_STATUSES)]}
        csv
        caption="Activations of this account"
        rowTestId="activation-row"
        pending={!measurements || !lists || !vendors}
        rowActions={
          canWrite
            ? (a) => [
                ...actionsFor(a.status).map((action) => (
                  <RowButton
                    key={action}
                    action={ACTIVATION_TRANSITIONS[action].label}
                    name={a.name}
                    tone={action === 'end' ? 'quiet' : 'plain'}
                    disabled={busy === a.id}
                    onPress={() => (action === 'end' ? setEnding(a) : void act(a, action))}
                  />
                )),
                canDelete(a.status) ? (
                  <RowButton
                    key="delete"
                    action="Delete"
                    name={a.name}
                    tone="danger"
                    disabled={busy === a.id}
                    onPress={() => setDeleting(a)}
                  />
                ) : null,
              ]
            : undefined
        }
        empty={emptyWhen(
          'activations',
          {
            title: 'No activations yet',
            body: canWrite
              ? 'Create one from a measurement: its domains above a minimum APM become the deal’s allow list.'
              : undefined,
          },
          'the search or the status',
        )}
      />

      <DeleteActivationDialog
        activation={deleting}
        listName={deleting?.domain_list ? (lists?.get(deleting.domain_list) ?? null) : null}
        busy={busy !== null}
        onCancel={() => setDeleting(null)}
        onConfirm={(activation) => void destroy(activation)}
      />

      <ConfirmDialog
        isOpen={ending !== null}
        title="End this activation?"
        confirmLabel="End activation"
        cancelLabel="Keep it"
        busy={busy !== null}
        onCancel={() => setEnding(null)}
        onConfirm={() => ending && void act(ending, 'end')}
      >
        <p>
          Ending <strong>{ending?.name}</strong> stops the deal for good: an ended activation cannot be resumed. Its
          deal id stays on record.
        </p>
      </ConfirmDialog>
    </div>
  );
}

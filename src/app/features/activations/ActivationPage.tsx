/**
 * /activations/activations/:activationId: one activation, what it draws on and its deal. Writers
 * change its settings while it is a draft or paused (ActivationSettingsForm) and delete it while
 * it is a draft or has ended, behind a confirmation; the page says why when the state does not
 * allow either, with the server's own words. The record is read by id (useRecord), so every write
 * sends the version shown, and the form starts again from the stored row after each save or a
 * Reload in the conflict dialog (it is keyed on the version).
 */
import { useStore } from '@nanostores/react';
import { useState, type ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import { isConflict, listAll, remove } from '../../../lib/api.ts';
import { $role } from '../../../stores/account.ts';
import { showError, showSuccess } from '../../../stores/alerts.ts';
import { can } from '../../../shared/access.ts';
import { activationMessages, canDelete, canEditSettings } from '../../../shared/activations.ts';
import { formatMetric } from '../../../shared/metrics.ts';
import type { Activation } from '../../../shared/schemas/index.ts';
import { useRecord } from '../../kit/useRecord.ts';
import { paths, type PageProps } from '../../routes/index.ts';
import { Button } from '../../shared/Button.tsx';
import { ErrorPlaceholder } from '../../shared/ErrorPlaceholder.tsx';
import { RecordHeader } from '../../shared/PageHeader.tsx';
import { usePageTitle } from '../../shared/usePageTitle.ts';
import { ActivationDelivery } from './ActivationDelivery.tsx';
import { ActivationSettingsForm } from './ActivationSettingsForm.tsx';
import { loadActivationContext, useAsync } from './data.ts';
import { DeleteActivationDialog } from './DeleteActivationDialog.tsx';
import { Card, DealId, Skeleton, StatusBadge } from './ui.tsx';
import { BY_NAME, listQuery } from '../../../shared/list-query-text.ts';

export default function ActivationPage({ params }: PageProps) {
  const record = useRecord('activation', params.activationId);
  usePageTitle(record.data?.name);
  if (record.error) return <ErrorPlaceholder name="activation" error={record.error} />;
  if (!record.data) return <Skeleton className="h-64 w-full" />;
  return <ActivationView key={record.version ?? ''} activation={record.data} onReload={record.reload} />;
}

function ActivationView({ activation, onReload }: { activation: Activation; onReload: () => void }) {
  const role = useStore($role);
  const canWrite = !!role && can(role, 'activation.write');
  const [, navigate] = useLocation();
  const context = useAsync(
    () => loadActivationContext(activation),
    `${activation.measurement ?? ''}|${activation.domain_list ?? ''}`,
  );
  const vendors = useAsync(
    () => listAll('third-party-macro-vendor', listQuery('third-party-macro-vendor', { sort: BY_NAME })),
    'vendors',
  );
  const [deleting, setDeleting] = useState<Activation | null>(null);
  const [busy, setBusy] = useState(false);
  const measurement = context.data?.measurement ?? null;
  const list = context.data?.list ?? null;
  const vendorName = vendors.data?.find((v) => v.id === activation.vendor)?.name;

  async function destroy(target: Activation) {
    setBusy(true);
    try {
      await remove('activation', target.id, { onReload });
      showSuccess(`'${target.name}' deleted`);
      navigate(paths.activations());
    } catch (error) {
      if (!(isConflict(error) && error.choice)) showError(error);
      setDeleting(null);
      setBusy(false);
    }
  }

  const locked = canEditSettings(activation.status)
    ? null
    : activation.status === 'ended'
      ? activationMessages.ended
      : activationMessages.settingsLocked;

  return (
    <div className="space-y-5">
      <RecordHeader
        title={activation.name}
        actions={
          canWrite && canDelete(activation.status) ? (
            <Button variant="danger" onClick={() => setDeleting(activation)}>
              Delete activation
            </Button>
          ) : null
        }
      >
        <div className="mt-2 flex flex-wrap items-center gap-3 text-sm text-slate-600">
          <StatusBadge status={activation.status} />
          <DealId value={activation.deal_id} />
        </div>
      </RecordHeader>

      <Card title="What it draws on">
        <dl className="grid grid-cols-1 gap-x-6 gap-y-3 text-sm sm:grid-cols-2 lg:grid-cols-4">
          <Fact label="Source measurement">
            {measurement ? (
              <Link href={paths.measurement(measurement.id)}>{measurement.name}</Link>
            ) : context.loading ? (
              <Skeleton className="h-4 w-32" />
            ) : (
              '—'
            )}
          </Fact>
          <Fact label="Domain list">
            {list ? (
              // The lists page found by the list's name: where it is read, downloaded and edited.
              <Link href={paths.domainLists({ q: list.name })}>
                {list.name} ({list.domains.length.toLocaleString('en-GB')})
              </Link>
            ) : context.loading ? (
              '…'
            ) : (
              '—'
            )}
          </Fact>
          <Fact label="Platform">{vendorName ?? '—'}</Fact>
          <Fact label="Minimum APM">{formatMetric('apm', activation.min_apm)}</Fact>
        </dl>
      </Card>

      <Card title="Delivery">
        {context.data ? (
          <ActivationDelivery activation={activation} list={list} />
        ) : (
          <Skeleton className="h-28 w-full" />
        )}
      </Card>

      {canWrite ? (
        <Card title="Settings">
          {locked ? (
            <p className="text-sm text-slate-700">{locked}</p>
          ) : context.data && vendors.data ? (
            <ActivationSettingsForm
              activation={activation}
              measurement={measurement}
              list={list}
              vendors={vendors.data}
              onSaved={onReload}
              onReload={onReload}
            />
          ) : (
            <Skeleton className="h-40 w-full" />
          )}
        </Card>
      ) : null}

      <p className="text-sm">
        <Link href={paths.activations()}>Back to activations</Link>
      </p>

      <DeleteActivationDialog
        activation={deleting}
        listName={list?.name ?? null}
        busy={busy}
        onCancel={() => setDeleting(null)}
        onConfirm={(target) => void destroy(target)}
      />
    </div>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium tracking-wide text-slate-600 uppercase">{label}</dt>
      <dd className="mt-1 break-words text-slate-900">{children}</dd>
    </div>
  );
}

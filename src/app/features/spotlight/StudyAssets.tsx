/**
 * A study's assets in their order, with a thumbnail each. While the study is a draft an editor
 * renames them, changes their format, moves them up and down, deletes them and adds new ones
 * (AddAsset.tsx); afterwards the list only reads.
 */
import { useState } from 'react';
import { Link } from 'wouter';
import { showAlert, showError } from '../../../stores/alerts.ts';
import type { Brief, Stim } from '../../../shared/schemas/spotlight.ts';
import { formatCountOf } from '../../../shared/number-format.ts';
import { assetsEditable, canSpotlight, type SpotlightRole } from '../../../shared/spotlight-rules.ts';
import { ConfirmDialog } from '../../kit/ConfirmDialog.tsx';
import { TextInput } from '../../kit/fields.tsx';
import { issuesByField } from '../../kit/schemaFields.ts';
import { serverIssues } from '../../kit/useResourceForm.ts';
import { paths } from '../../routes/index.ts';
import { PressButton } from '../../shared/PressButton.tsx';
import { AddAsset } from './AddAsset.tsx';
import { Thumbnail } from './Creative.tsx';
import { deleteStim, editStim } from './data.ts';
import { Card, EmptyState, Skeleton } from './ui.tsx';

const LABELS = { name: 'Name', format: 'Format' };

function EditAsset({ asset, onDone }: { asset: Stim; onDone: (saved: boolean) => void }) {
  const [name, setName] = useState(asset.name);
  const [format, setFormat] = useState(asset.format);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  return (
    <form
      aria-label={`Edit ${asset.name}`}
      className="mt-2 grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-start"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        setSaving(true);
        editStim(asset.id, { name, format })
          .then(
            () => onDone(true),
            (error: unknown) => {
              const issues = serverIssues(error);
              if (issues?.length) setErrors(issuesByField(issues, LABELS));
              showError(error);
            },
          )
          .finally(() => setSaving(false));
      }}
    >
      <TextInput label="Name" value={name} onChange={setName} error={errors.name} isRequired />
      <TextInput label="Format" value={format} onChange={setFormat} error={errors.format} isRequired />
      <div className="flex gap-2 sm:pt-6">
        <PressButton type="submit" isDisabled={saving}>
          Save
        </PressButton>
        <PressButton variant="secondary" onPress={() => onDone(false)}>
          Cancel
        </PressButton>
      </div>
    </form>
  );
}

export function StudyAssets({
  study,
  rows,
  loading,
  role,
  onChanged,
}: {
  study: Brief;
  rows: Stim[];
  loading: boolean;
  role: SpotlightRole | null;
  onChanged: () => void;
}) {
  const editable = assetsEditable(study.status) && canSpotlight(role, 'spotlight.asset.write');
  const [editing, setEditing] = useState<string | null>(null);
  const [removing, setRemoving] = useState<Stim | null>(null);
  const [busy, setBusy] = useState(false);

  const move = (asset: Stim, position: number) => {
    setBusy(true);
    editStim(asset.id, { position })
      .then(onChanged, (error: unknown) => showError(error))
      .finally(() => setBusy(false));
  };

  return (
    <Card title={`Assets (${rows.length})`}>
      {loading && rows.length === 0 ? (
        <Skeleton className="h-24 w-full" />
      ) : rows.length === 0 ? (
        <EmptyState title="No assets yet">
          {editable ? 'Upload the creatives to test, or add them by URL.' : 'This study has no assets.'}
        </EmptyState>
      ) : (
        <ol className="divide-y divide-slate-100" aria-label="Assets of the study">
          {rows.map((asset, index) => (
            <li key={asset.id} className="py-3">
              <div className="flex items-center gap-3">
                <Thumbnail stim={asset} className="h-14 w-14" />
                <div className="min-w-0 flex-1">
                  <Link
                    href={paths.spotlightAsset(asset.id)}
                    className="block truncate font-medium text-slate-900 no-underline hover:underline"
                    title={asset.name}
                  >
                    {asset.name}
                  </Link>
                  <p className="truncate text-xs text-slate-600">
                    {asset.format} · {asset.width}×{asset.height}
                    {asset.duration_s ? ` · ${asset.duration_s} s video` : ' · image'}
                    {asset.areas?.length
                      ? ` · ${formatCountOf(asset.areas.length, 'area of interest', 'areas of interest')}`
                      : ''}
                  </p>
                </div>
                {editable ? (
                  <div className="flex shrink-0 flex-wrap justify-end gap-1">
                    <PressButton
                      variant="ghost"
                      aria-label={`Move ${asset.name} up`}
                      isDisabled={busy || index === 0}
                      onPress={() => move(asset, index - 1)}
                    >
                      ↑
                    </PressButton>
                    <PressButton
                      variant="ghost"
                      aria-label={`Move ${asset.name} down`}
                      isDisabled={busy || index === rows.length - 1}
                      onPress={() => move(asset, index + 1)}
                    >
                      ↓
                    </PressButton>
                    <PressButton
                      variant="secondary"
                      onPress={() => setEditing(asset.id)}
                      aria-label={`Edit ${asset.name}`}
                    >
                      Edit
                    </PressButton>
                    <PressButton variant="ghost" onPress={() => setRemoving(asset)} aria-label={`Delete ${asset.name}`}>
                      Delete
                    </PressButton>
                  </div>
                ) : null}
              </div>
              {editing === asset.id ? (
                <EditAsset
                  asset={asset}
                  onDone={(saved) => {
                    setEditing(null);
                    if (saved) {
                      showAlert('success', 'Asset saved');
                      onChanged();
                    }
                  }}
                />
              ) : null}
            </li>
          ))}
        </ol>
      )}
      {editable ? <AddAsset study={study} onAdded={onChanged} /> : null}
      <ConfirmDialog
        isOpen={removing !== null}
        title={`Delete ${removing?.name ?? 'the asset'}?`}
        confirmLabel="Delete asset"
        busy={busy}
        onCancel={() => setRemoving(null)}
        onConfirm={() => {
          if (!removing) return;
          setBusy(true);
          deleteStim(removing.id)
            .then(
              () => {
                showAlert('success', `Asset ${removing.name} deleted`);
                onChanged();
              },
              (error: unknown) => showError(error),
            )
            .finally(() => {
              setBusy(false);
              setRemoving(null);
            });
        }}
      >
        <p>The asset and its areas of interest are removed from the study.</p>
      </ConfirmDialog>
    </Card>
  );
}

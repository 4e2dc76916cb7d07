/**
 * A study's assets in their order, with a thumbnail each, on the kit's list. While the study is a
 * draft an editor moves them up and down (the kit's manual order), renames them, changes their
 * format, deletes them and adds new ones (AddAsset.tsx); afterwards the list only reads.
 */
import { useState } from 'react';
import { Link } from 'wouter';
import { showAlert, showError } from '../../../stores/alerts.ts';
import type { Brief, Stim } from '../../../shared/schemas/spotlight.ts';
import { formatCountOf } from '../../../shared/number-format.ts';
import { assetsEditable, canSpotlight, type SpotlightRole } from '../../../shared/spotlight-rules.ts';
import { ConfirmDialog } from '../../kit/ConfirmDialog.tsx';
import type { Column } from '../../kit/DataTable.tsx';
import { ListView } from '../../kit/ListView.tsx';
import type { ListModel } from '../../kit/usePagedList.ts';
import { paths } from '../../routes/index.ts';
import { Button } from '../../shared/Button.tsx';
import { AddAsset } from './AddAsset.tsx';
import { Thumbnail } from './Creative.tsx';
import { deleteStim, editStim } from './data.ts';
import { EditAsset } from './EditAsset.tsx';
import { Card } from './ui.tsx';

/** What an asset is, in one line: format, size, kind and its areas of interest. */
function facts(asset: Stim): string {
  const areas = asset.areas?.length
    ? ` · ${formatCountOf(asset.areas.length, 'area of interest', 'areas of interest')}`
    : '';
  return `${asset.format} · ${asset.width}×${asset.height}${asset.duration_s ? ` · ${asset.duration_s} s video` : ' · image'}${areas}`;
}

function AssetName({ asset }: { asset: Stim }) {
  return (
    <div className="min-w-0">
      <Link
        href={paths.spotlightAsset(asset.id)}
        className="block truncate font-medium text-slate-900 no-underline hover:underline"
        title={asset.name}
      >
        {asset.name}
      </Link>
      <p className="truncate text-xs font-normal text-slate-600">{facts(asset)}</p>
    </div>
  );
}

const COLUMNS: readonly Column<Stim>[] = [
  { id: 'creative', header: 'Creative', cell: (asset) => <Thumbnail stim={asset} className="h-14 w-14" /> },
  { id: 'name', header: 'Asset', rowHeader: true, cell: (asset) => <AssetName asset={asset} /> },
];

/** An asset on a phone: its thumbnail beside its name and facts. */
function AssetCard({ asset }: { asset: Stim }) {
  return (
    <div className="flex items-center gap-3">
      <Thumbnail stim={asset} className="h-14 w-14" />
      <AssetName asset={asset} />
    </div>
  );
}

export function StudyAssets({
  study,
  list,
  role,
  onChanged,
}: {
  study: Brief;
  list: ListModel<Stim>;
  role: SpotlightRole | null;
  onChanged: () => void;
}) {
  const editable = assetsEditable(study.status) && canSpotlight(role, 'spotlight.asset.write');
  const [editing, setEditing] = useState<Stim | null>(null);
  const [removing, setRemoving] = useState<Stim | null>(null);
  const [busy, setBusy] = useState(false);

  return (
    <Card title={`Assets (${list.count})`}>
      <ListView
        list={list}
        columns={COLUMNS}
        rowLabel={(asset) => asset.name}
        caption="Assets of the study"
        card={(asset) => <AssetCard asset={asset} />}
        order={editable ? { move: (asset, position) => editStim(asset.id, { position }) } : undefined}
        rowActions={
          editable
            ? (asset) => (
                <>
                  <Button variant="secondary" onClick={() => setEditing(asset)} aria-label={`Edit ${asset.name}`}>
                    Edit
                  </Button>
                  <Button variant="ghost" onClick={() => setRemoving(asset)} aria-label={`Delete ${asset.name}`}>
                    Delete
                  </Button>
                </>
              )
            : undefined
        }
        empty={() => ({
          title: 'No assets yet',
          body: editable ? 'Upload the creatives to test, or add them by URL.' : 'This study has no assets.',
        })}
      />
      {editable ? <AddAsset study={study} onAdded={onChanged} /> : null}
      <EditAsset
        asset={editing}
        onDone={(saved) => {
          setEditing(null);
          if (saved) {
            showAlert('success', 'Asset saved');
            onChanged();
          }
        }}
      />
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

/**
 * /spotlight/studies/{studyId}: one study, managed. Its details (editable as its state allows),
 * the move to its next state, delete, and its assets (StudyAssets.tsx). What the user's Spotlight
 * role may not do is not offered (spotlight-rules.ts); the service refuses it anyway.
 */
import { useStore } from '@nanostores/react';
import { useMemo, useState } from 'react';
import { useLocation } from 'wouter';
import { showAlert, showError } from '../../../stores/alerts.ts';
import { $spotlightRole } from '../../../stores/spotlight.ts';
import { messages } from '../../../shared/messages.ts';
import { canSpotlight, STUDY_MOVE_LABELS, STUDY_NEXT, type StudyStatus } from '../../../shared/spotlight-rules.ts';
import { formatDateRange } from '../../../shared/date-format.ts';
import { formatCountOf } from '../../../shared/number-format.ts';
import { ConfirmDialog } from '../../kit/ConfirmDialog.tsx';
import { paths, type PageProps } from '../../routes/index.ts';
import { ErrorPlaceholder } from '../../shared/ErrorPlaceholder.tsx';
import { PageHeader } from '../../shared/PageHeader.tsx';
import { Button } from '../../shared/Button.tsx';
import { usePagedList } from '../../kit/usePagedList.ts';
import { deleteBrief, editBrief, getBriefVersioned, useAsync } from './data.ts';
import { studyAssetListSpec, studyAssetSource } from './listSources.ts';
import { spotlightPage } from './SpotlightGate.tsx';
import { StudyAssets } from './StudyAssets.tsx';
import { StudyForm } from './StudyForm.tsx';
import { Card, contextLabel, Skeleton, StatusBadge } from './ui.tsx';
import { sampleText } from './format.ts';

function Study({ params }: PageProps) {
  const id = params.studyId ?? '';
  const [, navigate] = useLocation();
  const role = useStore($spotlightRole);
  const [version, setVersion] = useState(0);
  const record = useAsync(() => getBriefVersioned(id), `${id}:${version}`);
  const assets = usePagedList(
    studyAssetListSpec,
    useMemo(() => studyAssetSource(id), [id]),
  );
  const reload = () => {
    setVersion((v) => v + 1);
    assets.reload();
  };
  const [confirm, setConfirm] = useState<'move' | 'delete' | null>(null);
  // The move the dialog was opened for: it keeps its words while it closes over the moved study.
  const [moving, setMoving] = useState<StudyStatus | null>(null);
  const [busy, setBusy] = useState(false);

  if (record.error) return <ErrorPlaceholder name="study" error={record.error} />;
  if (!record.data)
    return (
      <div className="space-y-4">
        <Skeleton className="h-8 w-72" />
        <Skeleton className="h-64 w-full" />
      </div>
    );
  const { study, etag } = record.data;
  const next = STUDY_NEXT[study.status];
  // Fielding shows the panel every asset at once, so the first page tells whether any has results.
  const hasResults = assets.rows.some((asset) => asset.results);
  const assetCount = assets.count;
  const canMove = !!next && canSpotlight(role, 'spotlight.study.status');
  const canDelete = canSpotlight(role, 'spotlight.study.delete');
  const canEdit = canSpotlight(role, 'spotlight.study.edit') && study.status !== 'complete';

  const run = (action: () => Promise<unknown>, done: () => void) => {
    setBusy(true);
    action()
      .then(done, (error: unknown) => showError(error))
      .finally(() => {
        setBusy(false);
        setConfirm(null);
      });
  };

  return (
    <div className="space-y-5">
      <PageHeader title={study.name}>
        <div className="flex flex-wrap items-center gap-2">
          <StatusBadge status={study.status} />
          {canMove ? (
            <Button
              onClick={() => {
                setMoving(next);
                setConfirm('move');
              }}
              disabled={busy}
            >
              {STUDY_MOVE_LABELS[next]}
            </Button>
          ) : null}
          {canDelete ? (
            <Button variant="danger" onClick={() => setConfirm('delete')} disabled={busy}>
              Delete study
            </Button>
          ) : null}
        </div>
      </PageHeader>
      <p className="-mt-3 text-sm text-slate-600">
        {contextLabel(study.context)} · {sampleText(study)} · {formatDateRange(study.start_date, study.end_date)}
      </p>

      <div className="grid gap-5 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <Card title="Details">
          {canEdit ? (
            <StudyForm
              key={etag ?? version}
              study={study}
              saveLabel="Save study"
              submit={(input) => editBrief(study.id, input, etag)}
              onSaved={() => {
                showAlert('success', `Study ${study.name} saved`);
                reload();
              }}
            />
          ) : (
            <dl className="space-y-2 text-sm">
              <dt className="font-medium text-slate-700">Objective</dt>
              <dd className="text-slate-900">{study.objective || '—'}</dd>
            </dl>
          )}
        </Card>
        <StudyAssets study={study} list={assets} role={role} onChanged={reload} />
      </div>

      {moving ? (
        <ConfirmDialog
          isOpen={confirm === 'move'}
          title={`${STUDY_MOVE_LABELS[moving]}?`}
          confirmLabel={STUDY_MOVE_LABELS[moving]}
          tone="primary"
          busy={busy}
          canConfirm={moving !== 'fielding' || assetCount > 0}
          onCancel={() => setConfirm(null)}
          onConfirm={() =>
            run(
              () => editBrief(study.id, { status: moving }, etag),
              () => {
                showAlert('success', `Study ${study.name} is now ${moving}`);
                reload();
              },
            )
          }
        >
          {moving === 'fielding' && assetCount === 0 ? (
            <p>{messages.spotlight.studyNeedsAssets}.</p>
          ) : moving === 'fielding' ? (
            <p>
              The panel starts seeing {assetCount === 1 ? 'the asset' : `the ${assetCount} assets`}. From then on the
              design (context, sample size, cells, start date) and the assets are fixed; the name, the objective and the
              end date can still change.
            </p>
          ) : (
            <p>Fieldwork ends and the figures stand as measured. Only the name and the objective can change after.</p>
          )}
        </ConfirmDialog>
      ) : null}
      <ConfirmDialog
        isOpen={confirm === 'delete'}
        title={`Delete ${study.name}?`}
        confirmLabel="Delete study"
        busy={busy}
        canConfirm={!hasResults}
        onCancel={() => setConfirm(null)}
        onConfirm={() =>
          run(
            () => deleteBrief(study.id, etag),
            () => {
              showAlert('success', `Study ${study.name} deleted`);
              navigate(paths.spotlightStudies());
            },
          )
        }
      >
        <p>
          {hasResults
            ? `${messages.spotlight.studyHasResults}.`
            : `The study and its ${formatCountOf(assetCount, 'asset')} are deleted. This cannot be undone.`}
        </p>
      </ConfirmDialog>
    </div>
  );
}

export default spotlightPage(Study);

import type { PageProps } from '../../routes/index.ts';
import { ErrorPlaceholder } from '../../shared/ErrorPlaceholder.tsx';
import { HistoryPanel } from '../../shared/HistoryPanel.tsx';
import { PageHeader } from '../../shared/PageHeader.tsx';
import { Spinner } from '../../shared/Spinner.tsx';
import { usePageTitle } from '../../shared/usePageTitle.ts';
import { useVersionedMeasurement } from './data.ts';
import { MeasurementForm } from './MeasurementForm.tsx';

/** /measurements/{id}/edit (write role). */
export default function EditMeasurementPage({ params }: PageProps) {
  // Read by id, so the client knows its version: a save sends it back, and a change made
  // meanwhile is never silently lost.
  const opened = useVersionedMeasurement(params.measurementId ?? '');
  const measurement = opened.data?.data ?? null;
  usePageTitle(measurement ? `Edit ${measurement.name}` : 'Edit Measurement');
  if (opened.error) return <ErrorPlaceholder name="measurement" error={opened.error} />;
  if (!opened.data || !measurement) return <Spinner label="Loading measurement" />;
  return (
    <div>
      <PageHeader title={`Edit ${measurement.name}`} />
      {/* A reload after a conflict brings a new version: the form starts again from it. */}
      <MeasurementForm
        key={`${measurement.id}:${opened.data.version ?? ''}`}
        measurement={measurement}
        onReload={opened.reload}
      />
      <HistoryPanel recordId={measurement.id} />
    </div>
  );
}

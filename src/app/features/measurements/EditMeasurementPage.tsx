import type { PageProps } from '../../routes.ts';
import { ErrorPlaceholder } from '../../shared/ErrorPlaceholder.tsx';
import { PageHeader } from '../../shared/PageHeader.tsx';
import { Spinner } from '../../shared/Spinner.tsx';
import { usePageTitle } from '../../shared/usePageTitle.ts';
import { useMeasurement } from './data.ts';
import { MeasurementForm } from './MeasurementForm.tsx';

/** /measurements/{id}/edit (write role). */
export default function EditMeasurementPage({ params }: PageProps) {
  const measurement = useMeasurement(params.measurementId ?? '');
  usePageTitle(measurement.data ? `Edit ${measurement.data.name}` : 'Edit Measurement');
  if (measurement.error) return <ErrorPlaceholder name="measurement" error={measurement.error} />;
  if (!measurement.data) return <Spinner label="Loading measurement" />;
  return (
    <div>
      <PageHeader title={`Edit ${measurement.data.name}`} />
      <MeasurementForm key={measurement.data.id} measurement={measurement.data} />
    </div>
  );
}

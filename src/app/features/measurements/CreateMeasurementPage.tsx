import { PageHeader } from '../../shared/PageHeader.tsx';
import { usePageTitle } from '../../shared/usePageTitle.ts';
import { MeasurementForm } from './MeasurementForm.tsx';

/** /measurements/create (write role). */
export default function CreateMeasurementPage() {
  usePageTitle('Create Measurement');
  return (
    <div>
      <PageHeader title="Create measurement" />
      <MeasurementForm measurement={null} />
    </div>
  );
}

/**
 * /measurements/{id}/data-imports/create: upload a platform delivery export (CSV) with a chosen
 * import job config. The server queues a job; the page goes to the job's list, which follows its
 * progress.
 */
import { useState, type ChangeEvent, type FormEvent } from 'react';
import { useLocation } from 'wouter';
import { list } from '../../../lib/api.ts';
import { callEndpoint } from '../../../lib/endpoint-call.ts';
import { showError, showSuccess } from '../../../stores/alerts.ts';
import type { PageProps } from '../../routes/index.ts';
import { paths, routeById } from '../../routes/index.ts';
import { ErrorSummary } from '../../kit/ErrorSummary.tsx';
import { FormActions } from '../../shared/Button.tsx';
import { FileField } from '../../shared/FileField.tsx';
import { ErrorPlaceholder } from '../../shared/ErrorPlaceholder.tsx';
import { PageHeader } from '../../shared/PageHeader.tsx';
import { useFieldErrors } from '../../shared/useFieldErrors.ts';
import { useUnsavedForm } from '../../shared/useUnsavedForm.ts';
import { usePageTitle } from '../../shared/usePageTitle.ts';
import { useAsync } from '../../shared/useAsync.ts';
import { useMeasurement } from './data.ts';
import { Card } from '../../shared/Card.tsx';
import { SelectField } from '../../shared/SelectField.tsx';

/** The route table's title ('Create Data Import'), so the page and the tab never disagree with it. */
const TITLE = routeById('measurement.data-imports.create').title;

export default function CreateDataImportPage({ params }: PageProps) {
  const id = params.measurementId ?? '';
  const measurement = useMeasurement(id);
  usePageTitle(TITLE);
  const [, navigate] = useLocation();
  const account = measurement.data?.account;
  const configs = useAsync(
    async () =>
      account
        ? (await list('import-job-config', { account: `${account},null`, limit: 200 })).data.filter(
            (c) => c.upload_template && c.enabled,
          )
        : null,
    account ?? '',
  );
  const [config, setConfig] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const { errors, setErrors, bind } = useFieldErrors<'config' | 'file'>();
  const [busy, setBusy] = useState(false);
  useUnsavedForm(file !== null && !busy);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const next: Partial<Record<'config' | 'file', string>> = {};
    if (!config) next.config = 'Choose an import job config';
    if (!file) next.file = 'Choose a CSV file';
    else if (!/\.csv$/i.test(file.name)) next.file = 'The file must be a CSV (.csv)';
    setErrors(next);
    if (next.config || next.file || !file) return;
    setBusy(true);
    try {
      await callEndpoint('importUpload', {
        body: { measurement: id, import_job_config: config, file_name: file.name, csv: await file.text() },
      });
      showSuccess(`${file.name} queued for import`);
      navigate(paths.measurementDataImports(id));
    } catch (error) {
      setBusy(false);
      showError(error);
    }
  }

  if (measurement.error) return <ErrorPlaceholder name="measurement" error={measurement.error} />;

  return (
    <div className="space-y-6">
      <PageHeader title={TITLE} />
      <Card>
        <form noValidate onSubmit={(e) => void submit(e)} className="space-y-5">
          <p className="text-sm text-slate-600">
            Upload a delivery export from the platform (date, campaign, ad set or line, creative, placement, device,
            impressions, spend). Attention figures the export lacks are predicted for its channel. A file with any bad
            row is refused as a whole, so the dashboard never shows half an import.
          </p>
          <ErrorSummary errors={errors} />
          <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
            <SelectField
              label="Import job config"
              value={config}
              placeholder="Choose a config"
              options={(configs.data ?? []).map((c) => ({ value: c.id, label: c.name }))}
              {...bind('config', (e: ChangeEvent<HTMLSelectElement>) => setConfig(e.target.value))}
            />
            <FileField label="Delivery export (CSV)" accept=".csv,text/csv" {...bind('file', setFile)} />
          </div>
          <FormActions
            label="Start import"
            busy={busy}
            busyLabel="Uploading…"
            onCancel={() => navigate(paths.measurementDataImports(id))}
          />
        </form>
      </Card>
    </div>
  );
}

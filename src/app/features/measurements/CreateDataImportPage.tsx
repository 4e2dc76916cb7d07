/**
 * /measurements/{id}/data-imports/create: upload a platform delivery export (CSV) with a chosen
 * import job config. The server queues a job; the page goes to the job's list, which follows its
 * progress.
 */
import { useState, type FormEvent } from 'react';
import { useLocation } from 'wouter';
import { list } from '../../../lib/api.ts';
import { callEndpoint } from '../../../lib/endpoint-call.ts';
import { showError, showSuccess } from '../../../stores/alerts.ts';
import type { PageProps } from '../../routes/index.ts';
import { paths, routeById } from '../../routes/index.ts';
import { Button, buttonClass } from '../../shared/Button.tsx';
import { ErrorPlaceholder } from '../../shared/ErrorPlaceholder.tsx';
import { PageHeader } from '../../shared/PageHeader.tsx';
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
  const [errors, setErrors] = useState<{ config?: string; file?: string }>({});
  const [busy, setBusy] = useState(false);
  useUnsavedForm(file !== null && !busy);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const next: typeof errors = {};
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
          <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
            <SelectField
              label="Import job config"
              value={config}
              placeholder="Choose a config"
              error={errors.config}
              options={(configs.data ?? []).map((c) => ({ value: c.id, label: c.name }))}
              onChange={(e) => {
                setConfig(e.target.value);
                setErrors((x) => ({ ...x, config: undefined }));
              }}
            />
            <div>
              <label htmlFor="import-file" className="mb-1 block text-sm font-medium text-slate-700">
                Delivery export (CSV)
              </label>
              <input
                id="import-file"
                type="file"
                accept=".csv,text/csv"
                aria-invalid={errors.file ? true : undefined}
                aria-describedby={errors.file ? 'import-file-error' : undefined}
                onChange={(e) => {
                  setFile(e.target.files?.[0] ?? null);
                  setErrors((x) => ({ ...x, file: undefined }));
                }}
                className="block w-full text-sm text-slate-700 file:mr-3 file:rounded-md file:border-0 file:bg-slate-100 file:px-3 file:py-2 file:text-sm file:font-medium file:text-slate-800 hover:file:bg-slate-200"
              />
              {errors.file ? (
                <p id="import-file-error" className="mt-1 text-sm text-red-700">
                  {errors.file}
                </p>
              ) : null}
            </div>
          </div>
          <div className="flex justify-end gap-3">
            <button
              type="button"
              className={buttonClass('secondary')}
              onClick={() => navigate(paths.measurementDataImports(id))}
            >
              Cancel
            </button>
            <Button type="submit" disabled={busy}>
              {busy ? 'Uploading…' : 'Start import'}
            </Button>
          </div>
        </form>
      </Card>
    </div>
  );
}

/**
 * /measurements/{id}/data-imports/create: upload a platform delivery export (CSV) with a chosen
 * import job config. The server queues a job; the page goes to the job's list, which follows its
 * progress. On the kit's form state (useResourceForm): a missing config or file, or a file that is
 * no CSV, is said at its field with the summary above (upload-checks.ts, loaded on Start import).
 */
import { useLocation } from 'wouter';
import { list } from '../../../lib/api.ts';
import { callEndpoint } from '../../../lib/endpoint-call.ts';
import { showSuccess } from '../../../stores/alerts.ts';
import type { PageProps } from '../../routes/index.ts';
import { paths, routeById } from '../../routes/index.ts';
import { ErrorSummary } from '../../kit/ErrorSummary.tsx';
import { useResourceForm } from '../../kit/useResourceForm.ts';
import { FormActions } from '../../shared/Button.tsx';
import { FileField } from '../../shared/FileField.tsx';
import { ErrorPlaceholder } from '../../shared/ErrorPlaceholder.tsx';
import { PageHeader } from '../../shared/PageHeader.tsx';
import { usePageTitle } from '../../shared/usePageTitle.ts';
import { useAsync } from '../../shared/useAsync.ts';
import { useMeasurement } from './data.ts';
import { Card } from '../../shared/Card.tsx';
import { SelectField } from '../../shared/Field.tsx';

/** The route table's title ('Create Data Import'), so the page and the tab never disagree with it. */
const TITLE = routeById('measurement.data-imports.create').title;

const LABELS = { import_job_config: 'Import job config', file: 'Delivery export (CSV)' };

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
  const form = useResourceForm({
    schema: () => import('./upload-checks.ts').then(({ dataImportSchema }) => dataImportSchema),
    initial: { import_job_config: '', file: null as File | null },
    labels: LABELS,
    submit: async ({ import_job_config, file }) =>
      callEndpoint('importUpload', {
        body: { measurement: id, import_job_config, file_name: file.name, csv: await file.text() },
      }),
    onSaved: (_, { file }) => {
      showSuccess(`${file.name} queued for import`);
      navigate(paths.measurementDataImports(id));
    },
  });
  const { values, set, errors } = form;

  if (measurement.error) return <ErrorPlaceholder name="measurement" error={measurement.error} />;

  return (
    <div className="space-y-6">
      <PageHeader title={TITLE} />
      <Card>
        <form noValidate aria-label={TITLE} onSubmit={form.onSubmit} className="space-y-5">
          <p className="text-sm text-slate-600">
            Upload a delivery export from the platform (date, campaign, ad set or line, creative, placement, device,
            impressions, spend). Attention figures the export lacks are predicted for its channel. A file with any bad
            row is refused as a whole, so the dashboard never shows half an import.
          </p>
          <ErrorSummary errors={errors} />
          <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
            <SelectField
              label={LABELS.import_job_config}
              value={values.import_job_config}
              placeholder="Choose a config"
              options={(configs.data ?? []).map((c) => ({ value: c.id, label: c.name }))}
              error={errors.import_job_config}
              onChange={(e) => set('import_job_config', e.target.value)}
            />
            <FileField
              label={LABELS.file}
              accept=".csv,text/csv"
              error={errors.file}
              onChange={(file) => set('file', file)}
            />
          </div>
          <FormActions
            label="Start import"
            busy={form.saving}
            busyLabel="Uploading…"
            onCancel={() => navigate(paths.measurementDataImports(id))}
          />
        </form>
      </Card>
    </div>
  );
}

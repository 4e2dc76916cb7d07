/**
 * /measurements/{id}/upload-tags: a CSV of placements and creatives, read through an upload
 * template, checked row by row. A file with any bad row saves nothing; the report says which rows
 * and why, so the planner fixes the file and uploads it again. On the kit's form state
 * (useResourceForm): a missing template or file is said at its field, with the summary above.
 */
import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { accountOwners, list } from '../../../lib/api.ts';
import { callEndpoint } from '../../../lib/endpoint-call.ts';
import { showSuccess } from '../../../stores/alerts.ts';
import { $selectedAccountId } from '../../../stores/account.ts';
import { toCsv } from '../../../shared/csv.ts';
import type { TagUploadResponse } from '../../../shared/measurement-api.ts';
import type { ResourceRow } from '../../../shared/schemas/index.ts';
import type { PageProps } from '../../routes/index.ts';
import { ErrorSummary } from '../../kit/ErrorSummary.tsx';
import { useResourceForm } from '../../kit/useResourceForm.ts';
import { Button, buttonClass } from '../../shared/Button.tsx';
import { ErrorPlaceholder } from '../../shared/ErrorPlaceholder.tsx';
import { FileField } from '../../shared/FileField.tsx';
import { PageHeader } from '../../shared/PageHeader.tsx';
import { usePageTitle } from '../../shared/usePageTitle.ts';
import { useAsync } from '../../shared/useAsync.ts';
import { useMeasurement } from './data.ts';
import { Badge } from '../../shared/Badge.tsx';
import { Card } from '../../shared/Card.tsx';
import { SelectField } from '../../shared/Field.tsx';
import { saveTextFile } from '../../shared/saveTextFile.ts';
import { TableHead } from '../../shared/TableHead.tsx';
import { listQuery } from '../../../shared/list-query-text.ts';

/** An example file for a template: placement and creative, plus the lookups it maps. */
function exampleCsv(template: Template): string {
  const source = (target: string, fallback: string) =>
    template.columns.find((c) => c.target === target)?.source ?? fallback;
  const optional = template.columns.filter((c) => ['channel', 'format', 'media_partner'].includes(c.target));
  const header = [source('placement', 'Placement'), source('creative', 'Creative'), ...optional.map((c) => c.source)];
  const sample: Record<string, string> = {
    channel: 'Desktop Display',
    format: 'MPU 300x250',
    media_partner: 'Ozone Project',
  };
  return toCsv(header, [
    ['Homepage MPU', 'Spring Sale 300x250', ...optional.map((c) => sample[c.target] ?? '')],
    ['Sport section MPU', 'Spring Sale 300x250', ...optional.map((c) => sample[c.target] ?? '')],
  ]);
}

type Template = ResourceRow<'upload-template'>;

const LABELS = { upload_template: 'Upload template', file: 'CSV file' };

export default function UploadTagsPage({ params }: PageProps) {
  const id = params.measurementId ?? '';
  const measurement = useMeasurement(id);
  usePageTitle(measurement.data ? `Upload Tags · ${measurement.data.name}` : 'Upload Tags');
  const account = useStore($selectedAccountId);
  const templates = useAsync(async () => {
    const query = listQuery('upload-template', { account: account ? accountOwners(account) : undefined, limit: 200 });
    const rows = (await list('upload-template', query)).data;
    // Templates mapping placement and creative columns first: they are the ones made for tags.
    const forTags = (t: Template) =>
      t.columns.some((c) => c.target === 'placement') && t.columns.some((c) => c.target === 'creative');
    return [...rows.filter(forTags), ...rows.filter((t) => !forTags(t))];
  }, account ?? '');
  const [report, setReport] = useState<TagUploadResponse['data'] | null>(null);
  // The template shown is the one chosen, or the first (the one made for tags, when there is one).
  const [template, setTemplate] = useState('');
  const chosen = templates.data?.find((t) => t.id === template) ?? templates.data?.[0] ?? null;
  const form = useResourceForm({
    schema: () => import('./upload-checks.ts').then(({ tagUploadSchema }) => tagUploadSchema),
    initial: { file: null as File | null },
    labels: LABELS,
    body: ({ file }) => ({ upload_template: chosen?.id ?? '', file }),
    submit: async ({ upload_template, file }) => {
      setReport(null);
      const answer = await callEndpoint('tagUpload', {
        body: { measurement: id, upload_template, file_name: file.name, csv: await file.text() },
      });
      if (!answer) return;
      setReport(answer.data);
      if (answer.data.valid) showSuccess(`${answer.data.saved} tags saved from ${file.name}`);
    },
  });
  const { set, setError, errors } = form;

  if (measurement.error) return <ErrorPlaceholder name="measurement" error={measurement.error} />;
  const bad = report?.rows.filter((r) => r.status === 'error').length ?? 0;

  return (
    <div className="space-y-6">
      <PageHeader title="Upload tags" />
      <Card>
        <form
          noValidate
          aria-label="Upload tags"
          onSubmit={form.onSubmit}
          className="grid grid-cols-1 items-start gap-4 md:grid-cols-3"
        >
          <div className="md:col-span-3 empty:hidden">
            <ErrorSummary errors={errors} />
          </div>
          <SelectField
            label="Upload template"
            value={chosen?.id ?? ''}
            error={errors.upload_template}
            options={(templates.data ?? []).map((t) => ({ value: t.id, label: t.name }))}
            onChange={(e) => {
              setTemplate(e.target.value);
              setError('upload_template', '');
            }}
            hint={
              chosen ? (
                <>
                  Needs a placement and a creative column (as named by the template, or “Placement” and “Creative”).{' '}
                  <button
                    type="button"
                    className="font-medium underline"
                    onClick={() =>
                      saveTextFile(`${chosen.name.replace(/\W+/g, '-')}-tags-example.csv`, exampleCsv(chosen))
                    }
                  >
                    Download an example
                  </button>
                </>
              ) : null
            }
          />
          <FileField
            label="CSV file"
            accept=".csv,text/csv"
            error={errors.file}
            onChange={(chosen) => {
              set('file', chosen);
              setReport(null);
            }}
          />
          <div className="md:pt-6">
            <Button type="submit" disabled={form.saving}>
              {form.saving ? 'Checking…' : 'Upload'}
            </Button>
          </div>
        </form>
      </Card>

      {report ? (
        <Card
          title="Validation report"
          actions={
            report.valid ? (
              <Badge className="bg-green-100 text-green-800 ring-green-600/30">{report.saved} tags saved</Badge>
            ) : (
              <Badge className="bg-red-100 text-red-800 ring-red-600/30">Nothing saved</Badge>
            )
          }
        >
          <div
            role="status"
            className={`mb-4 rounded-lg px-4 py-3 text-sm ${report.valid ? 'bg-green-50 text-green-900' : 'bg-red-50 text-red-900'}`}
          >
            {report.valid
              ? `All ${report.rows.length} rows are valid and were saved.`
              : report.errors.length
                ? 'The file could not be read with this template. Nothing was saved.'
                : `${bad} of ${report.rows.length} rows have errors. Nothing was saved: fix these rows and upload the file again.`}
          </div>
          {report.errors.length ? (
            <ul className="list-disc space-y-1 pl-5 text-sm text-red-800">
              {report.errors.map((e, i) => (
                <li key={i}>
                  Line {e.line}
                  {e.column ? `, column ${e.column}` : ''}: {e.message}
                </li>
              ))}
            </ul>
          ) : (
            <div className="relative -mx-4 overflow-x-auto sm:mx-0">
              <table className="w-full min-w-[560px] text-left text-sm">
                <caption className="sr-only">Rows of the uploaded file</caption>
                <TableHead columns={['Line', 'Placement', 'Creative', 'Result']} />
                <tbody>
                  {report.rows.map((r) => (
                    <tr
                      key={r.line}
                      className={`border-b border-slate-100 ${r.status === 'error' ? 'bg-red-50/60' : ''}`}
                    >
                      <td className="px-4 py-2 tabular-nums sm:pl-0">{r.line}</td>
                      <td className="px-4 py-2">{r.placement || '—'}</td>
                      <td className="px-4 py-2">{r.creative || '—'}</td>
                      <td className="px-4 py-2">
                        {r.status === 'ok' ? (
                          <span className="text-green-800">OK</span>
                        ) : (
                          <ul className="space-y-0.5 text-red-800">
                            {r.errors.map((e) => (
                              <li key={e}>{e}</li>
                            ))}
                          </ul>
                        )}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          {!report.valid ? (
            <button type="button" className={buttonClass('secondary', 'mt-4')} onClick={() => setReport(null)}>
              Dismiss report
            </button>
          ) : null}
        </Card>
      ) : null}
    </div>
  );
}

/**
 * /measurements/{id}/export-tags: the measurement's tags for a chosen ad server, each with the
 * vendor's third-party macros filled in. Copy puts one tag on the clipboard; Download fetches all
 * of them as a file from /api/v1/measurement-tag/download through a plain download link, which
 * leaves the route (and its state) untouched (spec §7).
 */
import { useEffect, useState } from 'react';
import { buildUrl } from '../../../lib/api.ts';
import { callEndpoint } from '../../../lib/endpoint-call.ts';
import { routeOf } from '../../../shared/endpoints/routes.ts';
import { showError, showSuccess } from '../../../stores/alerts.ts';
import type { PageProps } from '../../routes/index.ts';
import { buttonClass } from '../../shared/Button.tsx';
import { ErrorPlaceholder } from '../../shared/ErrorPlaceholder.tsx';
import { PageHeader } from '../../shared/PageHeader.tsx';
import { usePageTitle } from '../../shared/usePageTitle.ts';
import { useAsync } from '../../shared/useAsync.ts';
import { useMeasurement, useNamedList } from './data.ts';
import { Card } from '../../shared/Card.tsx';
import { SelectField } from '../../shared/Field.tsx';
import { Skeleton } from '../../shared/EmptyState.tsx';

export const TAG_DOWNLOAD_PATH = routeOf('tagDownload').path;

export default function ExportTagsPage({ params }: PageProps) {
  const id = params.measurementId ?? '';
  const measurement = useMeasurement(id);
  usePageTitle(measurement.data ? `Export Tags · ${measurement.data.name}` : 'Export Tags');
  const vendors = useNamedList('third-party-macro-vendor');
  const [vendor, setVendor] = useState('');
  useEffect(() => {
    if (measurement.data?.ad_server && !vendor) setVendor(measurement.data.ad_server);
  }, [measurement.data, vendor]);

  const query = { measurement: id, vendor: vendor || undefined, format: 'json' as const };
  const tags = useAsync(async () => (await callEndpoint('tagDownload', { query })).data, JSON.stringify(query));

  async function copy(code: string, title: string) {
    try {
      await navigator.clipboard.writeText(code);
      showSuccess(`${title} copied to the clipboard`);
    } catch (error) {
      showError(error, 'Copying is blocked by the browser: select the tag and copy it by hand');
    }
  }

  if (measurement.error) return <ErrorPlaceholder name="measurement" error={measurement.error} />;
  const downloadHref = buildUrl(TAG_DOWNLOAD_PATH, { measurement: id, vendor: vendor || undefined, format: 'txt' });

  return (
    <div className="space-y-6">
      <PageHeader title="Export tags">
        <a href={downloadHref} download className={buttonClass('primary', 'no-underline')}>
          Download all tags
        </a>
      </PageHeader>
      <Card>
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <SelectField
            label="Ad server"
            value={vendor}
            placeholder="No ad server (no macros)"
            options={(vendors.data ?? []).map((v) => ({ value: v.id, label: v.name }))}
            onChange={(e) => setVendor(e.target.value)}
            hint="The tags carry this ad server's third-party macros, so delivery can be broken down by creative and site."
          />
          <div>
            <p className="mb-1 text-sm font-medium text-slate-700">Macros filled in</p>
            {tags.data ? (
              tags.data.macros.length ? (
                <ul className="flex flex-wrap gap-1.5" aria-label="Macros">
                  {tags.data.macros.map((m) => (
                    <li key={m.parameter} className="rounded bg-slate-100 px-2 py-0.5 font-mono text-xs text-slate-800">
                      {m.parameter}={m.macro}
                    </li>
                  ))}
                </ul>
              ) : (
                <p className="text-sm text-slate-600">None: choose an ad server to add its macros.</p>
              )
            ) : (
              <Skeleton className="h-6 w-64" />
            )}
          </div>
        </div>
      </Card>
      {tags.error ? <ErrorPlaceholder name="tags" error={tags.error} /> : null}
      <div className="grid grid-cols-1 gap-6">
        {(tags.data?.tags ?? []).map((tag) => (
          <Card
            key={tag.type}
            title={tag.title}
            actions={
              <button type="button" className={buttonClass('secondary')} onClick={() => void copy(tag.code, tag.title)}>
                Copy <span className="sr-only">{tag.title}</span>
              </button>
            }
          >
            <pre
              className="overflow-x-auto whitespace-pre-wrap break-all rounded-lg bg-slate-900 p-4 font-mono text-xs leading-relaxed text-slate-100"
              data-testid={`tag-${tag.type}`}
              tabIndex={0}
              aria-label={`${tag.title} code`}
            >
              {tag.code}
            </pre>
          </Card>
        ))}
        {tags.loading && !tags.data ? <Skeleton className="h-40 w-full" /> : null}
      </div>
    </div>
  );
}

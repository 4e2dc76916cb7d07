/**
 * The live preview of a measurement's domains at a minimum APM (GET /api/v1/measurement-domains):
 * how many qualify, the share of impressions they carried, and their APM against the
 * measurement's, with the domains themselves.
 */
import type { DomainPreviewResponse } from '../../../shared/activation-api.ts';
import { formatMetric } from '../../../shared/metrics.ts';
import { Spinner } from '../../shared/Spinner.tsx';
import { Skeleton } from './ui.tsx';

type Preview = DomainPreviewResponse['data'];

function Figure({ label, value, note, testId }: { label: string; value: string; note?: string; testId: string }) {
  return (
    <div className="rounded-lg bg-slate-50 px-4 py-3">
      <dt className="text-xs font-medium uppercase tracking-wide text-slate-600">{label}</dt>
      <dd className="mt-1 text-2xl font-semibold tabular-nums text-slate-900" data-testid={testId}>
        {value}
      </dd>
      {note ? <dd className="text-xs text-slate-600">{note}</dd> : null}
    </div>
  );
}

export function DomainPreviewPanel({ preview, loading }: { preview: Preview | null; loading: boolean }) {
  if (!preview) {
    return loading ? <Skeleton className="h-28 w-full" /> : null;
  }
  const { qualifying, totals, entries } = preview;
  const listable = entries.filter((e) => e.listable).length;
  return (
    // While a new minimum's figures load, a spinner in the corner says so; the figures keep their
    // full contrast (dimming them put their text under WCAG AA while it lasted).
    <div aria-busy={loading} className="relative">
      {loading ? <Spinner label="Updating the preview" className="absolute right-3 top-3" /> : null}
      <dl className="grid grid-cols-1 gap-3 sm:grid-cols-3" aria-live="polite">
        <Figure
          label="Qualifying domains"
          value={qualifying.count.toLocaleString('en-GB')}
          note={`of ${listable.toLocaleString('en-GB')} domains and apps`}
          testId="qualifying-count"
        />
        <Figure
          label="Share of impressions"
          value={formatMetric('pct_viewed', qualifying.share)}
          note={`${formatMetric('impressions', qualifying.impressions, { compact: true })} of ${formatMetric('impressions', totals.impressions, { compact: true })}`}
          testId="qualifying-share"
        />
        <Figure
          label="Their APM"
          value={formatMetric('apm', qualifying.apm)}
          note={`measurement APM ${formatMetric('apm', totals.apm)}`}
          testId="qualifying-apm"
        />
      </dl>
      {preview.unlistable ? (
        <p className="mt-2 text-xs text-slate-600">
          {preview.unlistable} screen{preview.unlistable === 1 ? '' : 's'} above the minimum{' '}
          {preview.unlistable === 1 ? 'is' : 'are'} not a domain or app and cannot go into a list.
        </p>
      ) : null}
      <div className="mt-4 max-h-72 overflow-auto rounded-lg border border-slate-200">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Domains of the measurement by impressions, with their APM</caption>
          <thead className="sticky top-0 bg-slate-50 text-xs uppercase tracking-wide text-slate-600">
            <tr>
              <th scope="col" className="px-3 py-2 font-medium">
                Domain or app
              </th>
              <th scope="col" className="px-3 py-2 text-right font-medium">
                Impressions
              </th>
              <th scope="col" className="px-3 py-2 text-right font-medium">
                APM
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                In the list
              </th>
            </tr>
          </thead>
          <tbody>
            {entries.map((e) => (
              <tr key={e.domain} className={`border-t border-slate-100 ${e.qualifies ? '' : 'text-slate-500'}`}>
                <td className="max-w-[16rem] truncate px-3 py-1.5">{e.domain}</td>
                <td className="px-3 py-1.5 text-right tabular-nums">{formatMetric('impressions', e.impressions)}</td>
                <td className="px-3 py-1.5 text-right tabular-nums">{formatMetric('apm', e.apm)}</td>
                <td className="px-3 py-1.5">
                  {e.qualifies ? (
                    <span className="font-medium text-green-800">Yes</span>
                  ) : e.listable ? (
                    'Below minimum'
                  ) : (
                    'Not a domain'
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

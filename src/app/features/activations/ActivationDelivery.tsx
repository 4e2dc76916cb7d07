/**
 * What a deal delivered, as LAMP measured it: the source measurement's impressions on the domains
 * the deal reaches over the flight so far, from the per-domain breakdown the minimum APM preview
 * reads (GET /api/v1/measurement-domains). The deal reaches a domain at or above its minimum APM
 * that its list lets through: on an allow list, not on a block list. LAMP holds no platform's own
 * delivery report; these are the measured figures a trader compares it with.
 */
import type { DomainPreviewResponse } from '../../../shared/activation-api.ts';
import type { Activation, DomainList } from '../../../shared/schemas/index.ts';
import { formatDateRange } from '../../../shared/date-format.ts';
import { formatMetric } from '../../../shared/metrics.ts';
import { fetchPreview, useAsync } from './data.ts';
import { Skeleton } from './ui.tsx';

type Entry = DomainPreviewResponse['data']['entries'][number];

/** How many of the domains reached are named, largest first. */
const SHOWN = 5;

/** The entries a deal reaches: listable, at its minimum, and let through by its list. */
export function reachedEntries(entries: readonly Entry[], list: DomainList | null): Entry[] {
  const listed = new Set(list?.domains ?? []);
  return entries.filter(
    (e) =>
      e.listable && e.qualifies && (!list || (list.type === 'allow' ? listed.has(e.domain) : !listed.has(e.domain))),
  );
}

export function ActivationDelivery({ activation, list }: { activation: Activation; list: DomainList | null }) {
  const measurement = activation.measurement;
  const preview = useAsync(
    () => (measurement ? fetchPreview(measurement, activation.min_apm ?? 0) : Promise.resolve(null)),
    `${measurement ?? ''}|${activation.min_apm ?? ''}`,
  );
  if (!measurement) return <p className="text-sm text-slate-700">It has no source measurement to measure it by.</p>;
  if (!preview.data)
    return preview.error ? (
      <p className="text-sm text-slate-700">Its delivery could not be loaded.</p>
    ) : (
      <Skeleton className="h-28 w-full" />
    );
  const { totals, entries, start_date, end_date } = preview.data;
  const reached = reachedEntries(entries, list);
  const impressions = reached.reduce((sum, e) => sum + e.impressions, 0);
  const listable = entries.filter((e) => e.listable).length;
  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-700">
        The source measurement&apos;s impressions on the domains this deal reaches,{' '}
        {formatDateRange(start_date, end_date)}.
      </p>
      <dl className="grid grid-cols-1 gap-3 sm:grid-cols-3">
        <Figure
          label="Impressions"
          value={formatMetric('impressions', impressions, { compact: true })}
          note={`of ${formatMetric('impressions', totals.impressions, { compact: true })} measured`}
        />
        <Figure
          label="Share of impressions"
          value={formatMetric('pct_viewed', totals.impressions > 0 ? impressions / totals.impressions : null)}
        />
        <Figure
          label="Domains reached"
          value={reached.length.toLocaleString('en-GB')}
          note={`of ${listable.toLocaleString('en-GB')} domains and apps`}
        />
      </dl>
      {reached.length > 0 ? (
        <div className="overflow-x-auto">
          <table className="w-full text-sm">
            <caption className="sr-only">Its largest domains</caption>
            <thead>
              <tr className="text-left text-xs uppercase tracking-wide text-slate-600">
                <th scope="col" className="py-1 pr-4 font-medium">
                  Domain
                </th>
                <th scope="col" className="py-1 pr-4 text-right font-medium">
                  Impressions
                </th>
                <th scope="col" className="py-1 text-right font-medium">
                  APM
                </th>
              </tr>
            </thead>
            <tbody>
              {reached.slice(0, SHOWN).map((e) => (
                <tr key={e.domain} className="border-t border-slate-100">
                  <td className="py-1.5 pr-4 break-all">{e.domain}</td>
                  <td className="py-1.5 pr-4 text-right tabular-nums">
                    {formatMetric('impressions', e.impressions, { compact: true })}
                  </td>
                  <td className="py-1.5 text-right tabular-nums">{formatMetric('apm', e.apm)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </div>
  );
}

function Figure({ label, value, note }: { label: string; value: string; note?: string }) {
  return (
    <div className="rounded-lg bg-slate-50 px-4 py-3">
      <dt className="text-xs font-medium tracking-wide text-slate-600 uppercase">{label}</dt>
      <dd className="mt-1 text-2xl font-semibold text-slate-900 tabular-nums">{value}</dd>
      {note ? <dd className="text-xs text-slate-600">{note}</dd> : null}
    </div>
  );
}

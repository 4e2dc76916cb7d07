/**
 * /reports/{slug}: an admin-defined report (the `report` resource, global or the account's),
 * found by the slug of its name or by its id (search results link by id), shown in the builder
 * with its metrics and grouping fixed. An unknown slug shows the error placeholder.
 */
import { useStore } from '@nanostores/react';
import { useMemo } from 'react';
import { useLocation, useSearch } from 'wouter';
import { METRIC_DEFINITIONS, type MetricKey } from '../../../shared/metrics.ts';
import { MAX_GROUP_BY, REPORT_DIMENSIONS, type ReportDimension } from '../../../shared/reports.ts';
import type { Report } from '../../../shared/schemas/report.ts';
import { $selectedAccountId } from '../../../stores/account.ts';
import type { PageProps } from '../../routes/index.ts';
import { paths } from '../../routes/index.ts';
import { ErrorPlaceholder } from '../../shared/ErrorPlaceholder.tsx';
import { Skeleton } from '../../shared/EmptyState.tsx';
import { useAsync } from '../../shared/useAsync.ts';
import { usePageTitle } from '../../shared/usePageTitle.ts';
import { fetchAdminReports, reportSlug } from './api.ts';
import type { FixedDefinition } from '../../../shared/report-state.ts';
import { ReportBuilder } from './ReportBuilder.tsx';
import { DEFAULT_METRICS } from '../../../shared/report-state.ts';

const METRIC_KEYS = new Set<string>(METRIC_DEFINITIONS.map((d) => d.key));
/** Admin definitions say 'date' for the daily grain. */
const DIMENSION_ALIASES: Record<string, ReportDimension> = { date: 'day' };

/** A definition's metrics and first two known dimensions; what the builder cannot show is left out. */
export function fixedDefinition(report: Pick<Report, 'metrics' | 'dimensions'>): FixedDefinition {
  const metrics = report.metrics.filter((m): m is MetricKey => METRIC_KEYS.has(m));
  const groupBy = [
    ...new Set(
      report.dimensions
        .map((d) => DIMENSION_ALIASES[d] ?? d)
        .filter((d): d is ReportDimension => (REPORT_DIMENSIONS as readonly string[]).includes(d)),
    ),
  ].slice(0, MAX_GROUP_BY);
  return { metrics: metrics.length ? metrics : DEFAULT_METRICS, groupBy };
}

export default function AdminReportPage({ params }: PageProps) {
  const slug = params['*'] ?? '';
  const search = useSearch();
  const [, navigate] = useLocation();
  const selected = useStore($selectedAccountId);
  const account = new URLSearchParams(search).get('account') ?? selected;
  const reports = useAsync(() => (account ? fetchAdminReports(account) : Promise.resolve(null)), `admin:${account}`);
  const report = reports.data?.find((r) => r.id === slug || reportSlug(r.name) === slug.toLowerCase());
  usePageTitle(report?.name ?? 'Reports');
  const fixed = useMemo(() => (report ? fixedDefinition(report) : null), [report]);

  if (reports.error) return <ErrorPlaceholder name="report" error={reports.error} />;
  if (!reports.data) return <Skeleton className="h-64 w-full" />;
  if (!report || !fixed)
    return <ErrorPlaceholder name="report" error={`There is no report '${slug}' for this account`} />;
  return (
    <ReportBuilder
      title={report.name}
      subtitle={report.description || undefined}
      search={search}
      keep={['back']}
      fixed={fixed}
      onSearch={(next) => navigate(paths.report(slug) + (next ? `?${next}` : ''), { replace: true })}
    />
  );
}

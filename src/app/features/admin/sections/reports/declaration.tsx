/**
 * Reports (root): the admin-defined reports of the selected account (and the global ones every
 * account sees). Each opens at /reports/{slug of its name} (decisions.md §6).
 */
import { Link } from 'wouter';
import { accountOwners } from '../../../../../lib/api.ts';
import { METRIC_DEFINITIONS } from '../../../../../shared/metrics.ts';
import { DIMENSION_NAMES, REPORT_DIMENSIONS, reportSlug } from '../../../../../shared/reports.ts';
import { paths } from '../../../../routes/index.ts';
import { Card } from '../../../../shared/Card.tsx';
import { declare } from '../../declaration.ts';

const METRICS = METRIC_DEFINITIONS.map((m) => ({ id: m.key, name: m.label }));
const DIMENSIONS = REPORT_DIMENSIONS.map((id) => ({ id, name: DIMENSION_NAMES[id] }));
const metricName = (key: string) => METRICS.find((m) => m.id === key)?.name ?? key;

export default declare({
  resource: 'report',
  noun: 'reports',
  intro: ({ accountName }) =>
    `Reports that ${accountName} opens from its Reports area, with their metrics and grouping fixed. Reports without an account show for every account.`,
  base: ({ accountId }) => ({ account: accountOwners(accountId) }),
  initial: ({ accountId }) => ({ account: accountId, type: 'table' }),
  columns: ({ field }) => [
    field('name', 'Name', { sortable: true }),
    field('type', 'Type', { sortable: true, cell: (r) => r.type.charAt(0).toUpperCase() + r.type.slice(1) }),
    {
      id: 'metrics',
      header: 'Metrics',
      wide: true,
      csv: (r) => r.metrics.join(' '),
      cell: (r) => r.metrics.map(metricName).join(', ') || '—',
    },
    {
      id: 'scope',
      header: 'Shown to',
      wide: true,
      csv: (r) => (r.account ? 'account' : 'all'),
      cell: (r) => (r.account ? 'This account' : 'Every account'),
    },
    {
      id: 'open',
      header: 'Opens at',
      cell: (r) => (
        <Link href={paths.report(reportSlug(r.name))} className="font-mono text-xs">
          /reports/{reportSlug(r.name)}
        </Link>
      ),
    },
  ],
  fields: [
    { name: 'name', label: 'Name', hint: 'It opens at /reports/ followed by this name in lower case, with dashes.' },
    { name: 'type', label: 'Type' },
    { name: 'description', label: 'Description' },
    { name: 'metrics', label: 'Metrics', suggestions: METRICS },
    { name: 'dimensions', label: 'Dimensions', suggestions: DIMENSIONS },
  ],
  detailExtras: (report) => (
    <Card title="Where it opens">
      <p className="text-sm text-slate-700">
        Users of the account open this report at{' '}
        <Link href={paths.report(reportSlug(report.name))} className="font-mono font-medium">
          /reports/{reportSlug(report.name)}
        </Link>
        .
      </p>
    </Card>
  ),
});

/**
 * Import Job Statuses (root): the status events of every import, filtered by account, measurement
 * and correlation id, in spec §4's status colours; /admin/import-job-statuses/correlation/{id}
 * shows the events of one import, oldest first.
 */
import { Link } from 'wouter';
import { paths } from '../../../../routes/index.ts';
import { ImportStatusBadge } from '../../../../shared/Badge.tsx';
import { formatDateTime } from '../../../../../shared/date-format.ts';
import { declare, type SectionContext } from '../../declaration.ts';

export default function importJobStatuses({ params }: SectionContext) {
  const correlation = params.correlationId;
  return declare({
    resource: 'import-job-status',
    noun: 'import job statuses',
    intro: () =>
      correlation ? (
        <>
          Every status of the import with correlation id <code className="font-mono">{correlation}</code>, oldest first.{' '}
          <Link href={paths.adminSection('import-job-statuses')}>All statuses</Link>
        </>
      ) : (
        'What every import reported, newest first. A correlation id gathers the statuses of one import.'
      ),
    base: () => (correlation ? { correlation_id: [correlation] } : {}),
    defaultSort: correlation ? { id: 'created_at', direction: 'asc' } : undefined,
    filters: correlation
      ? []
      : [
          { name: 'account._id', label: 'Account', kind: 'reference', resource: 'account' },
          { name: 'measurement', label: 'Measurement', kind: 'reference', resource: 'measurement' },
          { name: 'correlation_id', label: 'Correlation id', kind: 'text' },
        ],
    canDelete: false,
    columns: ({ field, reference }) => [
      {
        id: 'created',
        header: 'When',
        sortField: 'created_at',
        csv: (s) => s.created_at,
        nowrap: true,
        cell: (s) => formatDateTime(s.created_at),
      },
      field('status', 'Status', { sortable: true, cell: (s) => <ImportStatusBadge status={s.status} /> }),
      {
        id: 'correlation',
        header: 'Correlation id',
        sortField: 'correlation_id',
        csv: (s) => s.correlation_id,
        cell: (s) => (
          // An id has no spaces: it may break anywhere, so a laptop fits the table.
          <Link
            href={paths.adminImportJobStatus(s.correlation_id)}
            className="font-mono text-xs [overflow-wrap:anywhere]"
          >
            {s.correlation_id}
          </Link>
        ),
      },
      reference('account', 'Account', 'account', { wide: true }),
      reference('measurement', 'Measurement', 'measurement', { wide: true }),
      field('message', 'Message', {
        wide: true,
        // Messages name files ('northwind_weekly_social_roll_up_2026-11-01.xlsx'): break them anywhere.
        cell: (s) => <span className="[overflow-wrap:anywhere]">{s.message || '—'}</span>,
      }),
    ],
    fields: [],
  });
}

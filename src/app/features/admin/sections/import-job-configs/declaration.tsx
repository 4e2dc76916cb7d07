/** Import Job Configs (super): how automated imports fetch data, from which vendor, on what schedule. */
import { Badge, STATUS_TONES } from '../../../../shared/Badge.tsx';
import { declare } from '../../declaration.ts';

export default declare({
  resource: 'import-job-config',
  noun: 'import job configs',
  intro: () => 'How automated imports fetch delivery data. Configs without an account serve every account.',
  filters: [{ name: 'vendor', label: 'Vendor', kind: 'reference', resource: 'third-party-macro-vendor' }],
  columns: ({ field, reference }) => [
    field('name', 'Name', { sortable: true }),
    field('job_type', 'Job type', { sortable: true, cell: (c) => c.job_type.replace(/_/g, ' ') }),
    reference('vendor', 'Vendor', 'third-party-macro-vendor', { wide: true }),
    field('schedule', 'Schedule', {
      wide: true,
      cell: (c) => (c.schedule ? <code>{c.schedule}</code> : 'On upload'),
    }),
    {
      id: 'enabled',
      header: 'Enabled',
      csv: (c) => (c.enabled ? 'yes' : 'no'),
      cell: (c) => (
        <Badge className={c.enabled ? STATUS_TONES.success : STATUS_TONES.other}>{c.enabled ? 'Enabled' : 'Off'}</Badge>
      ),
    },
  ],
  initial: () => ({ enabled: true }),
  fields: [
    { name: 'name', label: 'Name' },
    { name: 'job_type', label: 'Job type' },
    { name: 'vendor', label: 'Vendor' },
    { name: 'upload_template', label: 'Upload template' },
    {
      name: 'schedule',
      label: 'Schedule',
      hint: 'A cron expression, e.g. 0 6 * * *; empty for imports on upload only.',
    },
    { name: 'enabled', label: 'Enabled' },
    { name: 'account', label: 'Account', hint: 'Leave empty for a config every account uses.' },
  ],
});

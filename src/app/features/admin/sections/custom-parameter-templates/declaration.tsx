/** Custom Parameter Templates (super): key/value parameters appended to a measurement's tags. */
import { declare } from '../../declaration.ts';

export default declare({
  resource: 'custom-parameter-template',
  noun: 'custom parameter templates',
  intro: () => 'Parameters a measurement appends to its tags. Templates without an account serve every account.',
  columns: ({ field, reference }) => [
    field('name', 'Name', { sortable: true }),
    {
      id: 'parameters',
      header: 'Parameters',
      wide: true,
      csv: (t) => t.parameters.map((p) => `${p.key}=${p.value}`).join('&'),
      cell: (t) => <code className="text-xs">{t.parameters.map((p) => `${p.key}=${p.value}`).join('&') || '—'}</code>,
    },
    reference('account', 'Account', 'account', { none: 'Every account' }),
  ],
  fields: [
    { name: 'name', label: 'Name' },
    { name: 'parameters', label: 'Parameters', labels: { key: 'Key', value: 'Value' } },
    { name: 'account', label: 'Account', hint: 'Leave empty for a template every account uses.' },
  ],
  deleteConsequence: 'A template that measurements use cannot be deleted: pick another for them first.',
});

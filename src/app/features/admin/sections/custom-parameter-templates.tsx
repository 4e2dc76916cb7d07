/** Custom Parameter Templates (super): key/value parameters appended to a measurement's tags. */
import { declare } from '../declaration.ts';
import { RefName } from '../RefName.tsx';

export default declare({
  resource: 'custom-parameter-template',
  noun: 'custom parameter templates',
  intro: () => 'Parameters a measurement appends to its tags. Templates without an account serve every account.',
  columns: [
    { id: 'name', header: 'Name', sortField: 'name', csv: (t) => t.name, cell: (t) => t.name },
    {
      id: 'parameters',
      header: 'Parameters',
      wide: true,
      csv: (t) => t.parameters.map((p) => `${p.key}=${p.value}`).join('&'),
      cell: (t) => <code className="text-xs">{t.parameters.map((p) => `${p.key}=${p.value}`).join('&') || '—'}</code>,
    },
    {
      id: 'account',
      header: 'Account',
      csv: (t) => t.account,
      cell: (t) => <RefName resource="account" id={t.account} none="Every account" />,
    },
  ],
  fields: [
    { name: 'name', label: 'Name' },
    { name: 'parameters', label: 'Parameters', labels: { key: 'Key', value: 'Value' } },
    { name: 'account', label: 'Account', hint: 'Leave empty for a template every account uses.' },
  ],
  deleteConsequence: 'A template that measurements use cannot be deleted: pick another for them first.',
});

/** Third Party Macros (root): ad-server macros by vendor (spec §3: macro, vendor), with a vendor filter. */
import { declare } from '../../declaration.ts';

export default declare({
  resource: 'third-party-macro',
  noun: 'third party macros',
  // Its page is headed by the macro a person knows it by; the breadcrumb keeps the id (spec §2).
  recordName: (m) => m.macro,
  intro: () =>
    'The macros each ad server fills in a measurement tag. Macros without an account apply to every account.',
  filters: [{ name: 'vendor', label: 'Vendor', kind: 'reference', resource: 'third-party-macro-vendor' }],
  columns: ({ field, reference }) => [
    field('id', 'Id', { cell: (m) => <span className="font-mono text-xs">{m.id}</span> }),
    field('macro', 'Macro', { sortable: true, cell: (m) => <code>{m.macro}</code> }),
    reference('vendor', 'Vendor', 'third-party-macro-vendor'),
    field('parameter', 'Parameter', { sortable: true, wide: true }),
    reference('account', 'Account', 'account', { wide: true, none: 'Every account' }),
  ],
  fields: [
    { name: 'macro', label: 'Macro', hint: 'As the ad server writes it, e.g. ${CACHEBUSTER}.' },
    { name: 'vendor', label: 'Vendor' },
    { name: 'parameter', label: 'Parameter', hint: 'The tag parameter the macro fills.' },
    { name: 'description', label: 'Description' },
    { name: 'account', label: 'Account', hint: 'Leave empty for a macro every account uses.' },
  ],
});

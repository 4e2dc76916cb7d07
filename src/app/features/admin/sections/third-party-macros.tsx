/** Third Party Macros (root): ad-server macros by vendor (spec §3: macro, vendor), with a vendor filter. */
import { declare } from '../declaration.ts';
import { RefName } from '../RefName.tsx';

export default declare({
  resource: 'third-party-macro',
  noun: 'third party macros',
  // Its page is headed by the macro a person knows it by; the breadcrumb keeps the id (spec §2).
  recordName: (m) => m.macro,
  intro: () =>
    'The macros each ad server fills in a measurement tag. Macros without an account apply to every account.',
  filters: [{ name: 'vendor', label: 'Vendor', kind: 'reference', resource: 'third-party-macro-vendor' }],
  columns: [
    { id: 'id', header: 'Id', csv: (m) => m.id, cell: (m) => <span className="font-mono text-xs">{m.id}</span> },
    { id: 'macro', header: 'Macro', sortField: 'macro', csv: (m) => m.macro, cell: (m) => <code>{m.macro}</code> },
    {
      id: 'vendor',
      header: 'Vendor',
      csv: (m) => m.vendor,
      cell: (m) => <RefName resource="third-party-macro-vendor" id={m.vendor} />,
    },
    {
      id: 'parameter',
      header: 'Parameter',
      sortField: 'parameter',
      wide: true,
      csv: (m) => m.parameter,
      cell: (m) => m.parameter,
    },
    {
      id: 'account',
      header: 'Account',
      wide: true,
      csv: (m) => m.account,
      cell: (m) => <RefName resource="account" id={m.account} none="Every account" />,
    },
  ],
  fields: [
    { name: 'macro', label: 'Macro', hint: 'As the ad server writes it, e.g. ${CACHEBUSTER}.' },
    { name: 'vendor', label: 'Vendor' },
    { name: 'parameter', label: 'Parameter', hint: 'The tag parameter the macro fills.' },
    { name: 'description', label: 'Description' },
    { name: 'account', label: 'Account', hint: 'Leave empty for a macro every account uses.' },
  ],
});

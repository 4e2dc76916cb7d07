/** Accounts (root): every account, its type, theme and feature flags (spec §1, §3). */
import { DEFAULT_PRIMARY_COLOUR, DEFAULT_SECONDARY_COLOUR } from '../../../../../shared/constants.ts';
import { Badge, STATUS_TONES } from '../../../../shared/Badge.tsx';
import { declare } from '../../declaration.ts';

const TYPES = { agency: 'Agency Managed', agency_self_serve: 'Agency Self-serve', partner: 'Partner' };
const flag = (on: boolean, name: string) => (
  <Badge className={on ? STATUS_TONES.success : STATUS_TONES.other}>
    {name} {on ? 'on' : 'off'}
  </Badge>
);

export default declare({
  resource: 'account',
  noun: 'accounts',
  intro: () => 'Every account on the platform: agencies, self-serve agencies and partners.',
  filters: [
    { name: 'type', label: 'Type', kind: 'choice', options: Object.entries(TYPES).map(([id, name]) => ({ id, name })) },
  ],
  columns: ({ field }) => [
    field('name', 'Name', { sortable: true }),
    field('type', 'Type', { sortable: true, cell: (a) => TYPES[a.type] }),
    {
      id: 'features',
      header: 'Features',
      wide: true,
      csv: (a) => `lamp_access=${a.feature_flags.lamp_access} spotlight_access=${a.feature_flags.spotlight_access}`,
      cell: (a) => (
        <span className="inline-flex gap-1.5">
          {flag(a.feature_flags.lamp_access, 'LAMP')}
          {flag(a.feature_flags.spotlight_access, 'Spotlight')}
        </span>
      ),
    },
    {
      id: 'colour',
      header: 'Colours',
      wide: true,
      cell: (a) => (
        <span className="inline-flex gap-1" aria-label={`${a.theme.primary_colour} and ${a.theme.secondary_colour}`}>
          <span className="size-4 rounded ring-1 ring-slate-300" style={{ background: a.theme.primary_colour }} />
          <span className="size-4 rounded ring-1 ring-slate-300" style={{ background: a.theme.secondary_colour }} />
        </span>
      ),
    },
  ],
  initial: () => ({
    type: 'agency',
    theme: { primary_colour: DEFAULT_PRIMARY_COLOUR, secondary_colour: DEFAULT_SECONDARY_COLOUR, logo: null },
    feature_flags: { lamp_access: true, spotlight_access: false },
  }),
  fields: [
    { name: 'name', label: 'Name' },
    { name: 'type', label: 'Type', labels: TYPES },
    {
      name: 'theme',
      label: 'Theme',
      labels: { primary_colour: 'Primary colour', secondary_colour: 'Secondary colour', logo: 'Logo URL' },
    },
    { name: 'feature_flags', label: 'Feature flags' },
  ],
  deleteConsequence: 'Its users lose access to it. Your own account cannot be deleted.',
});

/**
 * Lookup Tables (super): the seven global tables of spec §2, one declaration for all of them;
 * the route's table name picks the resource (src/app/routes LOOKUP_TABLES).
 */
import { formatDate } from '../../../../../shared/date-format.ts';
import { LOOKUP_TABLES } from '../../../../routes/index.ts';
import { declare, type SectionContext } from '../../declaration.ts';

export default function lookupTable({ params }: SectionContext) {
  const table = LOOKUP_TABLES.find((t) => t.name === params.lookupTableName);
  // sections.ts resolves only the table names there are.
  if (!table) throw new Error(`No lookup table ${params.lookupTableName}`);
  const vendors = table.resource === 'third-party-macro-vendor';
  return declare({
    resource: table.resource,
    noun: table.title.toLowerCase(),
    intro: () => `${table.title} every account chooses from. Only super admins change them.`,
    columns: ({ field }) => [
      field('name', 'Name', { sortable: true }),
      ...(vendors
        ? [
            {
              id: 'website',
              header: 'Website',
              wide: true,
              csv: (r: Record<string, unknown>) => (typeof r.website === 'string' ? r.website : null),
              cell: (r: Record<string, unknown>) => (typeof r.website === 'string' ? r.website : '—'),
            },
          ]
        : []),
      {
        id: 'created',
        header: 'Created',
        sortField: 'created_at',
        wide: true,
        csv: (r) => r.created_at,
        cell: (r) => formatDate(r.created_at),
      },
    ],
    fields: [
      { name: 'name', label: 'Name' },
      ...(vendors ? [{ name: 'website', label: 'Website', hint: 'An https address.' }] : []),
    ],
    deleteConsequence:
      'A row that measurements, name mappings or other rows use cannot be deleted: pick another for them first.',
  });
}

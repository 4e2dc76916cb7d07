/**
 * /admin/lookup-tables (super): the seven lookup tables by their spec titles (spec §2), each with
 * how many rows it holds; each opens its own list at /admin/lookup-tables/{lookupTableName}.
 */
import { list } from '../../../lib/api.ts';
import { LOOKUP_TABLES, paths } from '../../routes/index.ts';
import { LinkTiles } from '../../shared/LinkCards.tsx';
import { PageHeader } from '../../shared/PageHeader.tsx';
import { Skeleton } from '../../shared/EmptyState.tsx';
import { useAsync } from '../../shared/useAsync.ts';

function TableCount({ resource }: { resource: (typeof LOOKUP_TABLES)[number]['resource'] }) {
  const count = useAsync(async () => (await list(resource, { limit: 1, skip: 0 })).count, resource);
  if (count.error) return <span className="text-sm text-slate-500">—</span>;
  if (count.data === null) return <Skeleton className="h-4 w-12" />;
  return (
    <span className="text-sm text-slate-600 tabular-nums">
      {count.data} {count.data === 1 ? 'row' : 'rows'}
    </span>
  );
}

export default function LookupTablesPage() {
  return (
    <div className="space-y-4">
      <PageHeader title="Lookup Tables" />
      <p className="-mt-4 text-sm text-slate-600">
        The lists every account chooses from when it describes a measurement. Only super admins change them.
      </p>
      <LinkTiles
        label="Lookup tables"
        tiles={LOOKUP_TABLES.map((table) => ({
          href: paths.adminLookupTable(table.name),
          title: table.title,
          note: <TableCount resource={table.resource} />,
        }))}
      />
    </div>
  );
}

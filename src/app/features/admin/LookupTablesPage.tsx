/**
 * /admin/lookup-tables (super): the seven lookup tables by their spec titles (spec §2), each with
 * how many rows it holds; each opens its own list at /admin/lookup-tables/{lookupTableName}.
 */
import { Link } from 'wouter';
import { list } from '../../../lib/api.ts';
import { LOOKUP_TABLES, paths } from '../../routes/index.ts';
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
      <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3" aria-label="Lookup tables">
        {LOOKUP_TABLES.map((table) => (
          <li key={table.name}>
            <Link
              href={paths.adminLookupTable(table.name)}
              className="flex h-full flex-col gap-1 rounded-xl border border-slate-200 bg-white px-4 py-3 text-slate-900 no-underline shadow-sm hover:border-primary hover:bg-primary-faded-1"
            >
              <span className="font-medium">{table.title}</span>
              <TableCount resource={table.resource} />
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * The list page of any admin section, rendered from its declaration: the kit's server-side list
 * (paging, sort spec, search and the section's filters, all in the URL), CSV export, a link to
 * create, and bulk delete one by one where the section deletes; the kit's ListView draws it.
 */
import { useMemo } from 'react';
import { Link } from 'wouter';
import { resources } from '../../../shared/schemas/index.ts';
import { BulkDeleteButton } from '../../kit/BulkDelete.tsx';
import type { Column } from '../../kit/DataTable.tsx';
import { ListView } from '../../kit/ListView.tsx';
import { useResourceList, type Identified, type ResourceListSpec } from '../../kit/useResourceList.ts';
import type { PageProps } from '../../routes/index.ts';
import { buttonClass } from '../../shared/Button.tsx';
import { PageHeader } from '../../shared/PageHeader.tsx';
import { AdminSectionGate, recordTitle, type ResolvedSection } from './useAdminSection.tsx';

export default function AdminListPage({ params }: PageProps) {
  return (
    <AdminSectionGate params={params}>
      {(resolved) => <SectionList key={`${resolved.view.listPath}:${resolved.context.accountId}`} {...resolved} />}
    </AdminSectionGate>
  );
}

type Row = Identified & Record<string, unknown>;

function SectionList({ view, declaration, context }: ResolvedSection) {
  const definition = resources[declaration.resource];
  const spec = useMemo<ResourceListSpec>(
    () => ({
      resource: declaration.resource,
      noun: declaration.noun,
      sortFields: definition.sortFields,
      defaultSort: declaration.defaultSort ?? {
        id: definition.defaultSort[0]?.field ?? 'created_at',
        direction: definition.defaultSort[0]?.direction ?? 'desc',
      },
      filters: declaration.filters?.map((filter) => filter.name),
    }),
    [declaration, definition],
  );
  const base = useMemo(() => declaration.base?.(context) ?? {}, [declaration, context]);
  const list = useResourceList(spec, base);
  const name = (row: Row) => recordTitle(declaration.resource, row);
  const deletes = Boolean(view.detailPath) && declaration.canDelete !== false;

  // The first column opens the record, where the section has a detail page.
  const columns = useMemo<Column<Row>[]>(() => {
    const declared = declaration.columns as unknown as readonly Column<Row>[];
    const { detailPath } = view;
    if (!detailPath) return [...declared];
    return declared.map((column, index) =>
      index === 0
        ? {
            ...column,
            cell: (row: Row) => (
              <Link href={detailPath(row.id)} className="font-medium">
                {column.cell(row)}
              </Link>
            ),
          }
        : column,
    );
  }, [declaration, view]);

  return (
    <div className="space-y-4" data-testid="admin-list">
      <PageHeader title={view.title}>
        {view.createPath ? (
          <Link href={view.createPath} className={buttonClass('primary')}>
            Create {view.singular}
          </Link>
        ) : null}
      </PageHeader>
      {declaration.intro ? <p className="-mt-4 text-sm text-slate-600">{declaration.intro(context)}</p> : null}
      <ListView
        list={list}
        columns={columns}
        rowLabel={name}
        search={`Search ${declaration.noun}`}
        filters={declaration.filters}
        csv={view.section.id}
        bulk={
          deletes
            ? (selection) => (
                <BulkDeleteButton
                  list={list}
                  selectedIds={selection.ids}
                  rowLabel={name}
                  consequence={declaration.deleteConsequence}
                  onDone={selection.clear}
                />
              )
            : undefined
        }
        empty={(filtered) => ({
          title: filtered ? `No ${declaration.noun} match` : `No ${declaration.noun} yet`,
          body: !filtered && view.createPath ? `Create the first with “Create ${view.singular}”.` : undefined,
        })}
      />
    </div>
  );
}

/**
 * The detail page of any admin section: the record, edited in place on a kit form (the resource's
 * update schema), deleted behind a confirmation that leads back to the list, and whatever the
 * section adds below (where the record is used).
 */
import { useMemo } from 'react';
import { useLocation } from 'wouter';
import type { z } from 'zod';
import { update } from '../../../lib/api.ts';
import { showSuccess } from '../../../stores/alerts.ts';
import { formatDateTime } from '../../../shared/date-format.ts';
import { isInUseGuarded } from '../../../shared/reference-usage.ts';
import { resources } from '../../../shared/schemas/index.ts';
import { DeleteRecordButton } from '../../kit/DeleteRecordButton.tsx';
import { inUseConsequence, useRowUsage } from '../../kit/rowUsage.ts';
import { FormShell } from '../../kit/FormShell.tsx';
import { objectShape } from '../../kit/SchemaField.tsx';
import { useRecord } from '../../kit/useRecord.ts';
import { useResourceForm } from '../../kit/useResourceForm.ts';
import type { PageProps } from '../../routes/index.ts';
import { Card } from '../../shared/Card.tsx';
import { HistoryPanel } from '../../shared/HistoryPanel.tsx';
import { Skeleton } from '../../shared/EmptyState.tsx';
import { ErrorPlaceholder } from '../../shared/ErrorPlaceholder.tsx';
import { PageHeader } from '../../shared/PageHeader.tsx';
import { usePageTitle } from '../../shared/usePageTitle.ts';
import { fieldLabels, SectionFields } from './SectionFields.tsx';
import { AdminSectionGate, recordTitle, type ResolvedSection } from './useAdminSection.tsx';

/** The record's id: the route's one parameter ending in Id (contractId, lookupId, …). */
const recordId = (params: Readonly<Record<string, string>>) =>
  Object.entries(params).find(([key]) => key.endsWith('Id'))?.[1] ?? '';

export default function AdminDetailPage({ params }: PageProps) {
  return (
    <AdminSectionGate params={params}>
      {(resolved) => <Detail key={recordId(params)} id={recordId(params)} {...resolved} />}
    </AdminSectionGate>
  );
}

type Row = Record<string, unknown> & { id: string; created_at?: string };

function Detail({ id, ...resolved }: ResolvedSection & { id: string }) {
  const record = useRecord(resolved.declaration.resource, id);
  const noun = resolved.view.singular.toLowerCase();
  if (record.error) return <ErrorPlaceholder name={noun} error={record.error} />;
  if (!record.data) return <Skeleton className="h-96 w-full max-w-3xl" />;
  // Keyed on the version: a reload after someone else's save starts the form from theirs.
  return <EditForm key={record.version ?? ''} row={record.data} reload={record.reload} {...resolved} />;
}

function EditForm({ row, reload, view, declaration, context }: ResolvedSection & { row: Row; reload: () => void }) {
  const [, navigate] = useLocation();
  const resource = declaration.resource;
  const schema = resources[resource].update as unknown as z.ZodType<Record<string, unknown>>;
  const nameOf = (r: Row) => declaration.recordName?.(r as never) ?? recordTitle(resource, r);
  const name = nameOf(row);
  usePageTitle(`${name} | ${view.title}`);
  // What the form edits: the row's fields the update schema takes (never server-set or derived ones).
  const initial = useMemo(
    () => Object.fromEntries(Object.keys(objectShape(schema) ?? {}).map((key) => [key, row[key]])),
    [schema, row],
  );
  const form = useResourceForm({
    schema,
    initial,
    labels: fieldLabels(declaration.fields),
    submit: (value, write) => update(resource, row.id, value as never, write),
    onReload: reload,
    // Edited in place: the page stays, and shows the record as the server now has it.
    onSaved: (saved) => {
      showSuccess(`${view.singular} ${nameOf(saved as Row)} saved`);
      reload();
    },
  });
  const deletes = declaration.canDelete !== false;
  // Rows other rows point at are refused deletion: the dialog says so, with the counts, first.
  const uses = useRowUsage(resource, row.id);
  const consequence = isInUseGuarded(resource) ? inUseConsequence(name, uses) : declaration.deleteConsequence;
  return (
    <div className="max-w-3xl space-y-6">
      <PageHeader title={name}>
        <span className="self-center text-xs text-slate-500">
          {row.created_at ? `Created ${formatDateTime(row.created_at)} · ` : ''}
          <span className="font-mono">{row.id}</span>
        </span>
      </PageHeader>
      <Card>
        <FormShell
          form={form}
          label={`Edit ${name}`}
          onCancel={() => navigate(view.listPath)}
          extraActions={
            deletes ? (
              <span className="mr-auto">
                <DeleteRecordButton
                  resource={resource}
                  id={row.id}
                  name={name}
                  listPath={view.listPath}
                  consequence={consequence ? <p>{consequence}</p> : undefined}
                  refused={(uses?.length ?? 0) > 0}
                />
              </span>
            ) : null
          }
        >
          <SectionFields
            resource={resource}
            schema={schema}
            fields={declaration.fields}
            form={form}
            context={context}
            creating={false}
          />
        </FormShell>
      </Card>
      {declaration.detailExtras?.(row as never)}
      <HistoryPanel recordId={row.id} />
    </div>
  );
}

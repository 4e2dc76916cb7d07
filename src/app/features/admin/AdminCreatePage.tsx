/**
 * The create page of any admin section: a kit form on the resource's create schema (the client
 * checks with the server's own rules; a 400 lands on its field), showing the fields the section
 * declares. Every other field starts from its natural empty value or the section's initial one.
 */
import { useMemo } from 'react';
import { useLocation } from 'wouter';
import type { z } from 'zod';
import { create } from '../../../lib/api.ts';
import { showSuccess } from '../../../stores/alerts.ts';
import { resources } from '../../../shared/schemas/index.ts';
import { FormShell } from '../../kit/FormShell.tsx';
import { emptyValue, objectShape } from '../../kit/SchemaField.tsx';
import { useResourceForm } from '../../kit/useResourceForm.ts';
import type { PageProps } from '../../routes/index.ts';
import { Card } from '../../shared/Card.tsx';
import { PageHeader } from '../../shared/PageHeader.tsx';
import { fieldLabels, SectionFields } from './SectionFields.tsx';
import { AdminSectionGate, recordTitle, type ResolvedSection } from './useAdminSection.tsx';

export default function AdminCreatePage({ params }: PageProps) {
  return (
    <AdminSectionGate params={params}>
      {(resolved) => <CreateForm key={`${resolved.view.listPath}:${resolved.context.accountId}`} {...resolved} />}
    </AdminSectionGate>
  );
}

function CreateForm({ view, declaration, context }: ResolvedSection) {
  const [, navigate] = useLocation();
  const schema = resources[declaration.resource].create as unknown as z.ZodType<Record<string, unknown>>;
  const initial = useMemo(() => {
    const empty = Object.entries(objectShape(schema) ?? {}).map(([key, field]) => [key, emptyValue(field)]);
    return { ...Object.fromEntries(empty), ...declaration.initial?.(context) } as Record<string, unknown>;
  }, [schema, declaration, context]);
  const form = useResourceForm({
    schema,
    initial,
    labels: fieldLabels(declaration.fields),
    submit: (value) => create(declaration.resource, value as never),
    onSaved: (saved) => {
      const row = saved as Record<string, unknown> & { id: string };
      showSuccess(
        `${view.singular} ${declaration.recordName?.(row as never) ?? recordTitle(declaration.resource, row)} created`,
      );
      navigate(view.detailPath ? view.detailPath(row.id) : view.listPath);
    },
  });
  const title = `Create ${view.singular}`;
  return (
    <div className="max-w-3xl">
      <PageHeader title={title} />
      {declaration.intro ? <p className="-mt-4 mb-4 text-sm text-slate-600">{declaration.intro(context)}</p> : null}
      <Card>
        <FormShell form={form} label={title} saveLabel="Create" onCancel={() => navigate(view.listPath)}>
          <SectionFields
            resource={declaration.resource}
            schema={schema}
            fields={declaration.fields}
            form={form}
            context={context}
            creating
          />
        </FormShell>
      </Card>
    </div>
  );
}

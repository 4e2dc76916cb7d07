/**
 * The fields of an admin form, from the section's declaration and the resource's schema: the kit
 * picks each control from the schema (SchemaField), the registry says which resource an id field
 * points at, the declaration gives labels and hints.
 */
import type { z } from 'zod';
import { resources, type ResourceName } from '../../../shared/schemas/index.ts';
import { objectShape, SchemaField } from '../../kit/SchemaField.tsx';
import type { ResourceForm, Values } from '../../kit/useResourceForm.ts';
import type { FieldDeclaration, SectionContext } from './declaration.ts';
import { recordTitle } from './useAdminSection.tsx';

/** The labels of a declaration's fields, for messages ('Billing name is required'). */
export const fieldLabels = (fields: readonly FieldDeclaration[]) =>
  Object.fromEntries(fields.map((field) => [field.name, field.label]));

export function SectionFields<V extends Values>({
  resource,
  schema,
  fields,
  form,
  context,
  creating,
}: {
  resource: ResourceName;
  schema: z.ZodType;
  fields: readonly FieldDeclaration[];
  form: ResourceForm<V>;
  context: SectionContext;
  creating: boolean;
}) {
  const shape = objectShape(schema) ?? {};
  const references = (resources[resource] as { references?: Readonly<Record<string, unknown>> }).references ?? {};
  return (
    <>
      {fields
        .filter((field) => creating || !field.createOnly)
        .map((field, index) => {
          const fieldSchema = shape[field.name];
          if (!fieldSchema) return null;
          const target = references[field.name];
          const reference =
            typeof target === 'string'
              ? {
                  resource: target as ResourceName,
                  base: field.referenceBase?.(context),
                  label: (row: Record<string, unknown>) => recordTitle(target, row),
                }
              : undefined;
          return (
            <SchemaField
              key={field.name}
              name={field.name}
              schema={fieldSchema}
              label={field.label}
              hint={field.hint}
              labels={field.labels}
              suggestions={field.suggestions}
              reference={reference}
              autoFocus={index === 0}
              value={form.values[field.name]}
              onChange={(value) => form.set(field.name, value as V[keyof V])}
              error={form.errors[field.name]}
            />
          );
        })}
    </>
  );
}

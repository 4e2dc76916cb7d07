/**
 * One form field rendered from its zod schema (the resource's create or update schema): the
 * kit's schema-to-form mapping (schemaFields.ts) picks the control, so a page that declares a
 * field gives only its label. Beyond the scalar kinds it handles what the admin resources hold:
 * a list of references (ids of other rows, each picked by asking the server), a list of plain
 * values (creatable multi-select), a nested object (a theme, feature flags) and a list of small
 * objects (key/value parameters, column mappings) as rows that are added and removed.
 */
import type { ReactNode } from 'react';
import { Button } from 'react-aria-components';
import type { z } from 'zod';
import { list as listRows, type Query } from '../../lib/api.ts';
import type { SelectOption } from '../../shared/constants.ts';
import type { ResourceName } from '../../shared/schemas/index.ts';
import { useAsync } from '../shared/useAsync.ts';
import { CheckboxInput, ChoiceInput, MultiSelectInput, NumberInput, ReferencePicker, TextInput } from './fields.tsx';
import { fieldSpec, unwrap } from './schemaFields.ts';

type Def = { type: string; element?: z.ZodType; shape?: Record<string, z.ZodType> };
const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** The fields of an object schema (unwrapped), or null when it is not an object. */
export function objectShape(schema: z.ZodType): Record<string, z.ZodType> | null {
  const core = unwrap(schema).core;
  const def = defOf(core);
  if (def.type !== 'object') return null;
  return (core as unknown as { shape: Record<string, z.ZodType> }).shape;
}

/** The element of an array schema whose elements are objects, or null. */
function objectElement(schema: z.ZodType): z.ZodType | null {
  const def = defOf(unwrap(schema).core);
  if (def.type !== 'array' || !def.element) return null;
  return objectShape(def.element) ? def.element : null;
}

/** 'primary_colour' → 'Primary colour': the label of a part no declaration names. */
export const humanise = (key: string) => {
  const text = key.replace(/_/g, ' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
};

/** The empty value of a field, for a create form: what the user starts from. */
export function emptyValue(schema: z.ZodType): unknown {
  const shape = objectShape(schema);
  if (shape) return Object.fromEntries(Object.entries(shape).map(([key, part]) => [key, emptyValue(part)]));
  const spec = fieldSpec('', schema);
  if (spec.nullable && spec.kind !== 'text') return null;
  switch (spec.kind) {
    case 'boolean':
      return false;
    case 'number':
      return null;
    case 'enum':
      return spec.options?.[0] ?? '';
    case 'list':
    case 'references':
      return [];
    case 'reference':
    case 'date':
      return null;
    default:
      return spec.nullable ? null : '';
  }
}

export interface SchemaFieldProps {
  name: string;
  schema: z.ZodType;
  label: string;
  value: unknown;
  onChange: (value: unknown) => void;
  error?: string;
  hint?: ReactNode;
  autoFocus?: boolean;
  /** The resource an id field points at (the registry's references). */
  reference?: { resource: ResourceName; query?: Query; label: (row: Record<string, unknown>) => string };
  /** Labels of the parts of an object field, or of the options of a choice, by key. */
  labels?: Readonly<Record<string, string>>;
  /** The values a list of plain values offers; without them (and without an enum) any can be typed. */
  suggestions?: readonly SelectOption[];
}

export function SchemaField(props: SchemaFieldProps) {
  const { name, schema, label, value, onChange, error, hint, autoFocus, reference, labels = {} } = props;
  const shape = objectShape(schema);
  if (shape) return <ObjectField {...props} shape={shape} />;
  const element = objectElement(schema);
  if (element) return <ObjectListField {...props} element={element} />;
  const spec = fieldSpec(name, schema, reference ? { [name]: reference.resource } : {});
  const common = { label, error, hint, autoFocus, isRequired: spec.required };
  const text = (v: unknown) => (typeof v === 'string' ? v : '');
  const orNull = (v: string) => (spec.nullable && v === '' ? null : v);
  switch (spec.kind) {
    case 'boolean':
      return <CheckboxInput label={label} value={value === true} onChange={onChange} />;
    case 'number':
      return <NumberInput {...common} value={typeof value === 'number' ? value : null} onChange={onChange} />;
    case 'date':
      return <TextInput {...common} type="date" value={text(value)} onChange={(v) => onChange(orNull(v))} />;
    case 'enum':
      return (
        <ChoiceInput
          {...common}
          value={typeof value === 'string' ? value : null}
          onChange={onChange}
          options={(spec.options ?? []).map((id) => ({ id, name: labels[id] ?? humanise(id) }))}
        />
      );
    case 'reference':
      return reference ? (
        <ReferencePicker
          {...common}
          value={typeof value === 'string' ? value : null}
          onChange={onChange}
          source={reference}
        />
      ) : (
        <TextInput {...common} value={text(value)} onChange={(v) => onChange(orNull(v))} />
      );
    case 'references':
      return reference ? (
        <ReferenceListField {...props} reference={reference} value={Array.isArray(value) ? (value as string[]) : []} />
      ) : null;
    case 'list': {
      const items = Array.isArray(value) ? (value as string[]) : [];
      const known = props.suggestions ?? (spec.options ?? []).map((id) => ({ id, name: labels[id] ?? humanise(id) }));
      const nameOf = (id: string) => known.find((o) => o.id === id)?.name ?? id;
      return (
        <MultiSelectInput
          label={label}
          error={error}
          hint={hint}
          creatable={!spec.options && !props.suggestions}
          options={known}
          value={items.map((id) => ({ id, name: nameOf(id) }))}
          // A typed value comes back as `new:{text}` with the new-option marker: store its text.
          onChange={(next) => onChange(next.map((o) => (o.id.startsWith('new:') ? o.name : o.id)))}
        />
      );
    }
    default:
      return <TextInput {...common} value={text(value)} onChange={(v) => onChange(orNull(v))} />;
  }
}

/** A nested object (a theme, feature flags): its parts side by side, under the field's label. */
function ObjectField({ label, value, onChange, error, labels = {}, shape }: SchemaFieldProps & { shape: object }) {
  const current = (value && typeof value === 'object' ? value : {}) as Record<string, unknown>;
  return (
    <fieldset className="rounded-lg border border-slate-200 px-4 pt-2 pb-4">
      <legend className="px-1 text-sm font-medium text-slate-700">{label}</legend>
      <div className="grid gap-4 sm:grid-cols-2">
        {Object.entries(shape as Record<string, z.ZodType>).map(([key, part]) => (
          <SchemaField
            key={key}
            name={key}
            schema={part}
            label={labels[key] ?? humanise(key)}
            value={current[key]}
            onChange={(next) => onChange({ ...current, [key]: next })}
          />
        ))}
      </div>
      {error ? <p className="mt-2 text-sm text-red-700">{error}</p> : null}
    </fieldset>
  );
}

/** A list of small objects (key and value, source and target): one row each, added and removed. */
function ObjectListField({
  label,
  value,
  onChange,
  error,
  labels = {},
  element,
}: SchemaFieldProps & { element: z.ZodType }) {
  const rows = Array.isArray(value) ? (value as Record<string, unknown>[]) : [];
  const shape = objectShape(element) ?? {};
  const set = (index: number, next: Record<string, unknown>) => onChange(rows.map((r, i) => (i === index ? next : r)));
  return (
    <fieldset className="rounded-lg border border-slate-200 px-4 pt-2 pb-4">
      <legend className="px-1 text-sm font-medium text-slate-700">{label}</legend>
      {rows.length === 0 ? <p className="mb-3 text-sm text-slate-600">None yet.</p> : null}
      <ol className="space-y-3">
        {rows.map((row, index) => (
          <li key={index} className="flex flex-wrap items-end gap-3">
            {Object.entries(shape).map(([key, part]) => (
              <SchemaField
                key={key}
                name={key}
                schema={part}
                label={`${labels[key] ?? humanise(key)} ${index + 1}`}
                value={row[key]}
                onChange={(next) => set(index, { ...row, [key]: next })}
              />
            ))}
            <Button
              onPress={() => onChange(rows.filter((_, i) => i !== index))}
              className="mb-1 rounded-md px-2 py-1.5 text-sm font-medium text-red-700 outline-none hover:bg-red-50 data-[focus-visible]:outline-2 data-[focus-visible]:outline-solid data-[focus-visible]:outline-primary"
            >
              Remove<span className="sr-only"> row {index + 1}</span>
            </Button>
          </li>
        ))}
      </ol>
      <Button
        onPress={() => onChange([...rows, emptyValue(element)])}
        className="mt-3 rounded-md px-2 py-1.5 text-sm font-medium text-primary-strong outline-none hover:bg-slate-100 data-[focus-visible]:outline-2 data-[focus-visible]:outline-solid data-[focus-visible]:outline-primary"
      >
        + Add a row<span className="sr-only"> to {label}</span>
      </Button>
      {error ? <p className="mt-2 text-sm text-red-700">{error}</p> : null}
    </fieldset>
  );
}

/**
 * A list of ids of other rows (a contract's accounts and measurements): a picker that asks the
 * server adds one, and each chosen row shows by name with a button that takes it out.
 */
function ReferenceListField({
  label,
  value,
  onChange,
  error,
  hint,
  reference,
}: Omit<SchemaFieldProps, 'value' | 'reference'> & {
  value: string[];
  reference: NonNullable<SchemaFieldProps['reference']>;
}) {
  // The names of the chosen rows, asked for in one request (the API takes a list of ids).
  const names = useAsync(
    async () => {
      if (value.length === 0) return new Map<string, string>();
      const page = await listRows(reference.resource, { id: value.join(','), limit: value.length, skip: 0 });
      return new Map(
        (page.data as (Record<string, unknown> & { id: string })[]).map((row) => [row.id, reference.label(row)]),
      );
    },
    `${reference.resource}:${value.join(',')}`,
  );
  return (
    <div>
      <ReferencePicker
        label={label}
        error={error}
        hint={hint}
        value={null}
        onChange={(id) => id && !value.includes(id) && onChange([...value, id])}
        source={reference}
      />
      <ul aria-label={`${label}: chosen`} className="mt-2 flex flex-wrap gap-1.5">
        {value.map((id) => {
          const shown = names.data?.get(id) ?? (names.loading ? '…' : id);
          return (
            <li
              key={id}
              className="inline-flex items-center gap-1 rounded-full bg-slate-100 py-0.5 pr-1 pl-2.5 text-xs text-slate-800"
            >
              {shown}
              <Button
                aria-label={`Remove ${shown}`}
                onPress={() => onChange(value.filter((v) => v !== id))}
                className="rounded-full px-1 text-slate-500 hover:text-slate-900"
              >
                ×
              </Button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

/**
 * Schema-to-form mapping: reads a resource's create schema (zod, from src/shared/schemas) and
 * says what control each field needs, whether it is required, its options, and which resource a
 * reference field points at. A page's form declares only labels and the fields it shows.
 */
import type { z } from 'zod';

export type FieldKind = 'text' | 'number' | 'boolean' | 'date' | 'enum' | 'reference' | 'references' | 'list';

export interface FieldSpec {
  name: string;
  kind: FieldKind;
  required: boolean;
  nullable: boolean;
  options?: readonly string[];
  /** The resource a reference field (or a list of references) points at. */
  resource?: string;
}

interface Def {
  type: string;
  innerType?: z.ZodType;
  in?: z.ZodType;
  element?: z.ZodType;
  entries?: Record<string, string>;
  format?: string;
}

const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** Unwraps optional, nullable, default and pipes, noting what they said. */
export function unwrap(schema: z.ZodType): { core: z.ZodType; optional: boolean; nullable: boolean } {
  let core = schema;
  let optional = false;
  let nullable = false;
  for (;;) {
    const def = defOf(core);
    if (def.type === 'optional' || def.type === 'default' || def.type === 'prefault') optional = true;
    if (def.type === 'nullable') nullable = true;
    if (
      (def.type === 'optional' || def.type === 'nullable' || def.type === 'default' || def.type === 'prefault') &&
      def.innerType
    ) {
      core = def.innerType;
    } else if (def.type === 'pipe' && def.in) {
      core = def.in;
    } else return { core, optional, nullable };
  }
}

export function fieldSpec(
  name: string,
  schema: z.ZodType,
  references: Readonly<Record<string, unknown>> = {},
): FieldSpec {
  const { core, optional, nullable } = unwrap(schema);
  const def = defOf(core);
  const ref = references[name];
  const resource = typeof ref === 'string' ? ref : undefined;
  const base = { name, required: !optional && !nullable, nullable };
  if (def.type === 'array') {
    const element = def.element ? defOf(unwrap(def.element).core) : null;
    if (resource) return { ...base, kind: 'references', resource };
    if (element?.type === 'enum') return { ...base, kind: 'list', options: Object.values(element.entries ?? {}) };
    return { ...base, kind: 'list' };
  }
  if (resource) return { ...base, kind: 'reference', resource };
  if (def.type === 'boolean') return { ...base, kind: 'boolean' };
  if (def.type === 'number' || def.type === 'int') return { ...base, kind: 'number' };
  if (def.type === 'enum') return { ...base, kind: 'enum', options: Object.values(def.entries ?? {}) };
  if (def.type === 'string' && def.format === 'date') return { ...base, kind: 'date' };
  return { ...base, kind: 'text' };
}

/** Every field of an object schema, in its declared order. */
export function schemaFields(schema: z.ZodType, references: Readonly<Record<string, unknown>> = {}): FieldSpec[] {
  const shape = (schema as unknown as { shape?: Record<string, z.ZodType> }).shape ?? {};
  return Object.entries(shape).map(([name, field]) => fieldSpec(name, field, references));
}

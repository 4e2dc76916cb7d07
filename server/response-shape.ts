/**
 * Responses shaped by their schema: what the API sends is what the OpenAPI document says, because
 * both come from the same zod schema. A field the store keeps beside a row's schema (a password
 * hash, a flag another feature added) cannot leak into an answer: the shaper copies the fields the
 * schema declares and nothing else, at every level (nested objects, arrays, records).
 *
 * Shaping is not validation, as with Fastify's own fast-json-stringify: a value of the wrong type
 * goes out as it is (the contract test, tests/contract, proves the types), and a response never
 * fails because stored data drifted. What it guarantees is the absence of undeclared fields.
 *
 * A shaper is compiled once per schema and cached, and parts that need no shaping (strings,
 * numbers, enums, `unknown`) cost nothing: an object of plain fields is one loop over its keys.
 *
 * Used by the resource engine for its rows (server/routes/resources/resources.ts) and, as the app's
 * serializer compiler (server/app.ts), by every route that declares a response schema.
 */
import type { FastifySerializerCompiler } from 'fastify';

/** Returns the value as its schema allows it to be sent. */
export type Shaper = (value: unknown) => unknown;

/** The parts of a zod 4 schema's definition (`schema._zod.def`) that decide a response's shape. */
interface Definition {
  type: string;
  shape?: Record<string, Schema>;
  catchall?: Schema;
  element?: Schema;
  innerType?: Schema;
  defaultValue?: unknown;
  in?: Schema;
  out?: Schema;
  options?: readonly Schema[];
  valueType?: Schema;
  getter?: () => Schema;
  left?: Schema;
  right?: Schema;
  items?: readonly Schema[];
  rest?: Schema | null;
}
interface Schema {
  _zod: { def: Definition };
  safeParse?: (value: unknown) => { success: boolean };
}

const isSchema = (value: unknown): value is Schema =>
  typeof value === 'object' && value !== null && '_zod' in value && typeof (value as Schema)._zod?.def === 'object';

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const identity: Shaper = (value) => value;

/** null: the schema lets any value through unchanged (a leaf, or unknown). */
type Compiled = Shaper | null;

const compiled = new WeakMap<Schema, Compiled>();

interface Field {
  key: string;
  shape: Compiled;
  /** A `.default()` field: the schema's output always has it, so an absent value gets the default. */
  fallback?: () => unknown;
}

function defaultOf(schema: Schema): (() => unknown) | undefined {
  let current: Schema | undefined = schema;
  while (current) {
    const def: Definition = current._zod.def;
    if (def.type === 'default' || def.type === 'prefault') {
      // The definition's getter returns a fresh copy of an object or array default on every read.
      return () => def.defaultValue;
    }
    current = def.type === 'optional' || def.type === 'nullable' || def.type === 'readonly' ? def.innerType : undefined;
  }
  return undefined;
}

function objectFields(def: Definition): Field[] {
  return Object.entries(def.shape ?? {}).map(([key, schema]) => ({
    key,
    shape: compile(schema),
    fallback: defaultOf(schema),
  }));
}

function objectShaper(fields: readonly Field[], keepOthers: Compiled | 'drop'): Shaper {
  const declared = new Set(fields.map((field) => field.key));
  return (value) => {
    if (!isPlainObject(value)) return value;
    const result: Record<string, unknown> = {};
    for (const { key, shape, fallback } of fields) {
      const item = value[key];
      if (item === undefined) {
        if (fallback) result[key] = fallback();
        continue;
      }
      result[key] = shape ? shape(item) : item;
    }
    if (keepOthers !== 'drop') {
      for (const key of Object.keys(value)) {
        if (!declared.has(key)) result[key] = keepOthers ? keepOthers(value[key]) : value[key];
      }
    }
    return result;
  };
}

/** An object's fields, when the schema is one (for the merged fallback of unions and intersections). */
function fieldsOf(schema: Schema): Field[] | null {
  const def = schema._zod.def;
  if (def.type === 'object') return objectFields(def);
  if (['optional', 'nullable', 'readonly', 'default', 'prefault', 'catch', 'nonoptional'].includes(def.type))
    return def.innerType ? fieldsOf(def.innerType) : null;
  return null;
}

function mergedFields(schemas: readonly Schema[]): Field[] | null {
  const fields = new Map<string, Field>();
  for (const schema of schemas) {
    const own = fieldsOf(schema);
    if (!own) return null;
    for (const field of own) if (!fields.has(field.key)) fields.set(field.key, field);
  }
  return [...fields.values()];
}

function build(schema: Schema): Compiled {
  const def = schema._zod.def;
  switch (def.type) {
    case 'object': {
      const fields = objectFields(def);
      const catchall = def.catchall;
      // z.object() strips unknown keys and z.strictObject() refuses them: either way, none go out.
      // z.looseObject() (catchall unknown) and a catchall schema keep them.
      const others = !catchall || catchall._zod.def.type === 'never' ? 'drop' : compile(catchall);
      if (others !== 'drop' && others === null && fields.every((field) => !field.shape && !field.fallback)) return null;
      return objectShaper(fields, others);
    }
    case 'array': {
      const element = def.element ? compile(def.element) : null;
      return element && ((value) => (Array.isArray(value) ? value.map((item) => element(item)) : value));
    }
    case 'tuple': {
      const items = (def.items ?? []).map(compile);
      const rest = def.rest ? compile(def.rest) : null;
      if (items.every((item) => !item) && !rest) return null;
      return (value) =>
        Array.isArray(value)
          ? (value as unknown[]).map((item, index) => {
              const shape = index < items.length ? items[index] : rest;
              return shape ? shape(item) : item;
            })
          : value;
    }
    case 'record': {
      const item = def.valueType ? compile(def.valueType) : null;
      return (
        item &&
        ((value) =>
          isPlainObject(value)
            ? Object.fromEntries(Object.entries(value).map(([key, entry]) => [key, item(entry)]))
            : value)
      );
    }
    case 'optional':
    case 'nullable':
    case 'readonly':
    case 'catch':
    case 'nonoptional':
    case 'default':
    case 'prefault':
      // null and undefined pass through every shaper; an object field's default is filled by the object.
      return def.innerType ? compile(def.innerType) : null;
    case 'pipe': {
      // The response is the output side; a transform's output is not described, so it goes as it is.
      const out = def.out;
      if (out && out._zod.def.type !== 'transform') return compile(out);
      return null;
    }
    case 'lazy': {
      let inner: Compiled | undefined;
      return (value) => {
        inner ??= def.getter ? compile(def.getter()) : null;
        return inner ? inner(value) : value;
      };
    }
    case 'union': {
      const options = def.options ?? [];
      const shapes = options.map(compile);
      if (shapes.every((shape) => !shape)) return null;
      const merged = mergedFields(options);
      const fallback: Shaper = merged ? objectShaper(merged, 'drop') : (value) => value;
      // The option the value is: the first that accepts it (unions of objects are rare and small).
      return (value) => {
        for (let index = 0; index < options.length; index += 1) {
          if (options[index]?.safeParse?.(value).success) {
            const shape = shapes[index];
            return shape ? shape(value) : value;
          }
        }
        return fallback(value);
      };
    }
    case 'intersection': {
      const merged = def.left && def.right ? mergedFields([def.left, def.right]) : null;
      return merged && objectShaper(merged, 'drop');
    }
    default:
      // Strings, numbers, booleans, enums, literals, dates, unknown, any: sent as they are.
      return null;
  }
}

const compiling = new Set<Schema>();

function compile(schema: Schema): Compiled {
  if (compiled.has(schema)) return compiled.get(schema) ?? null;
  // A schema that contains itself (a getter in its shape): the inner use forwards to the result.
  if (compiling.has(schema)) return (value) => (compiled.get(schema) ?? identity)(value);
  compiling.add(schema);
  try {
    const shape = build(schema);
    compiled.set(schema, shape);
    return shape;
  } finally {
    compiling.delete(schema);
  }
}

/** The shaper of a zod schema; anything else (no schema, a plain JSON schema) shapes nothing. */
export function responseShaper(schema: unknown): Shaper {
  return isSchema(schema) ? (compile(schema) ?? identity) : identity;
}

/**
 * Fastify's serializer compiler: a route's response schema (per status code) shapes what it
 * answers, then JSON.stringify writes it. Replaces fastify-type-provider-zod's compiler, which
 * validates every answer with zod (and fails on a transform, such as the e-mail's lower-casing).
 */
export const shapingSerializerCompiler: FastifySerializerCompiler<unknown> = ({ schema }) => {
  const shape = responseShaper(schema);
  return (data) => JSON.stringify(shape(data));
};

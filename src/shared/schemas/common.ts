/**
 * Building blocks every resource schema uses. Ids are 24-hex strings (Mongo-style, as the
 * product's clients expect); timestamps are ISO 8601 in UTC; day-granular dates are 'YYYY-MM-DD'.
 */
import { z } from 'zod';
import { messages } from '../messages.ts';

export const objectId = z.string().regex(/^[0-9a-f]{24}$/, 'must be a 24-character hexadecimal id');
export const isoDateTime = z.iso.datetime({ offset: true });
export const isoDay = z.iso.date();
/** The first and last day a flight, a study or an answer covers (datesInOrder checks their order). */
export const dayRange = { start_date: isoDay, end_date: isoDay };
export const hexColour = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'must be a colour like #00badb');
/**
 * Half of a UTF-16 surrogate pair with no other half: not a character. JSON's \ud800 escape lets
 * one in; it cannot be encoded as UTF-8 (a CSV export, an e-mail, a search index get U+FFFD or
 * fail), so text fields refuse it. With the u flag a whole pair is one code
 * point and does not match.
 */
const LONE_SURROGATE = /[\uD800-\uDFFF]/u;
export const LONE_SURROGATE_MESSAGE = 'must not contain a lone surrogate (invalid Unicode)';
/**
 * Control characters: NUL and the rest of C0 but tab, line feed and carriage return (a description
 * may run over lines), DEL and C1 (Unicode's Cc but those three). None is typed by a person; NUL
 * ends a string in C, others reach terminals, logs and e-mail headers. Written as the ranges of a
 * character class that ECMA-262 and Python's `re` read alike, so the document's pattern (which a
 * client or an API tester in either language runs) and the server's check are one text.
 */
export const CONTROL_RANGES = '\\x00-\\x08\\x0B\\x0C\\x0E-\\x1F\\x7F-\\x9F';
const CONTROL_CHARACTER = new RegExp(`[${CONTROL_RANGES}]`, 'u');
export const CONTROL_CHARACTER_MESSAGE = 'must not contain control characters (such as NUL)';

/**
 * The one rule of free text, for every text field a client sends: no lone surrogate, no control
 * character. One check object, so a field that already has it is recognised (withTextRule).
 */
export const textRule = z.superRefine<string>((value, context) => {
  if (LONE_SURROGATE.test(value)) context.addIssue({ code: 'custom', message: LONE_SURROGATE_MESSAGE, input: value });
  else if (CONTROL_CHARACTER.test(value))
    context.addIssue({ code: 'custom', message: CONTROL_CHARACTER_MESSAGE, input: value });
});

type AnySchema = z.core.$ZodType;

/** Whether a string schema is free text: not a format (date, URL) nor bound by a pattern (ids, e-mails). */
function isFreeText(schema: AnySchema): boolean {
  const def = schema._zod.def as z.core.$ZodStringDef & { format?: string };
  if (def.format) return false;
  return !(def.checks ?? []).some(
    (check) => check === textRule || (check._zod.def as { check: string }).check === 'string_format',
  );
}

/** A copy of `schema` whose def differs in `changes` (inheriting its metadata, as zod's own methods do). */
function cloneWith(schema: AnySchema, changes: Record<string, unknown>): AnySchema {
  return z.clone(schema, z.util.mergeDefs(schema._zod.def, changes) as never, { parent: true });
}

/**
 * `schema` with textRule on every free-text string in it, however deep (lists, nested objects,
 * optional and nullable fields, defaults, unions, the input side of a pipe). What has no free text
 * is returned as it is, so identities other code compares (a nullable objectId) survive.
 */
export function withTextRule<Schema extends AnySchema>(schema: Schema): Schema {
  const def = schema._zod.def as z.core.$ZodTypeDef & Record<string, unknown>;
  const inner = (key: string): AnySchema | null => {
    const was = def[key] as AnySchema;
    const is = withTextRule(was);
    return is === was ? null : is;
  };
  const rebuilt = (key: string) => {
    const is = inner(key);
    return is ? (cloneWith(schema, { [key]: is }) as Schema) : schema;
  };
  switch (def.type) {
    case 'string':
      return isFreeText(schema) ? ((schema as unknown as z.ZodString).check(textRule) as unknown as Schema) : schema;
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'nonoptional':
    case 'readonly':
    case 'catch':
      return rebuilt('innerType');
    case 'array':
      return rebuilt('element');
    case 'record':
      return rebuilt('valueType');
    case 'pipe':
      return rebuilt('in');
    case 'object': {
      const shape = (schema as unknown as z.ZodObject).shape as Record<string, AnySchema>;
      const next = withTextRuleOnShape(shape);
      return next === shape ? schema : (cloneWith(schema, { shape: next }) as Schema);
    }
    case 'union': {
      const options = def.options as AnySchema[];
      const next = options.map((option) => withTextRule(option));
      return next.every((option, index) => option === options[index])
        ? schema
        : (cloneWith(schema, { options: next }) as Schema);
    }
    default:
      return schema;
  }
}

/** A shape with textRule on every field's free text (the same shape when nothing changes). */
export function withTextRuleOnShape<Shape extends Record<string, AnySchema>>(shape: Shape): Shape {
  let changed = false;
  const next = Object.fromEntries(
    Object.entries(shape).map(([key, field]) => {
      const ruled = withTextRule(field);
      changed ||= ruled !== field;
      return [key, ruled];
    }),
  );
  return (changed ? next : shape) as Shape;
}

/** JavaScript's `\s`, spelled out: the characters trim() removes, read alike by every regex engine. */
export const JS_SPACE = '\\t\\n\\v\\f\\r \\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000\\ufeff';

/** A human-readable name: trimmed, not empty, bounded, free text (its pattern in the document: text-pattern.ts). */
export const name = z.string().trim().min(1, 'is required').max(200, 'must be at most 200 characters').check(textRule);
export const text = z.string().max(5000, 'must be at most 5000 characters').check(textRule);
export const count = z.number().int().nonnegative();

export const baseRow = {
  id: objectId,
  created_at: isoDateTime,
};

/**
 * A create input's field with its natural empty value as the default, so a client sends only what
 * it means: a list defaults to [] and a nullable reference (an id or null) to null. Other fields
 * stay as they are (required unless the row makes them optional).
 */
type WithEmptyDefault<Field> =
  Field extends z.ZodArray<z.ZodType>
    ? z.ZodDefault<Field>
    : Field extends z.ZodNullable<typeof objectId>
      ? z.ZodDefault<Field>
      : Field;

const needsItems = (schema: z.ZodArray) =>
  (schema._zod.def.checks ?? []).some((check) => {
    const def = check._zod.def as { check: string; minimum?: number };
    return def.check === 'min_length' && (def.minimum ?? 0) > 0;
  });

export function withEmptyDefault<Field extends z.core.SomeType>(field: Field): WithEmptyDefault<Field> {
  // The checks below are what WithEmptyDefault says at the type level; TypeScript cannot narrow a
  // generic by instanceof, hence the casts.
  const schema: z.ZodType = field as unknown as z.ZodType;
  // A list that must hold something (a contract's accounts) has no empty value: it stays required,
  // or its default would break its own schema.
  if (schema instanceof z.ZodArray && !needsItems(schema))
    return schema.default(() => []) as unknown as WithEmptyDefault<Field>;
  if (schema instanceof z.ZodNullable && schema.unwrap() === objectId)
    return schema.default(null) as unknown as WithEmptyDefault<Field>;
  return field as WithEmptyDefault<Field>;
}

/** Every field of a shape with its natural empty value as the default (see withEmptyDefault). */
export function withEmptyDefaults<Shape extends z.ZodRawShape>(shape: Shape) {
  return Object.fromEntries(Object.entries(shape).map(([key, field]) => [key, withEmptyDefault(field)])) as {
    [Key in keyof Shape]: WithEmptyDefault<Shape[Key]>;
  };
}

/** Fields the server sets on every row that has them: its id, who made it and when, its last change. */
const SERVER_SET = ['id', 'created_at', 'created_by', 'updated_at'] as const;
type ServerSet = (typeof SERVER_SET)[number];

/**
 * Create input: the row without the server-set fields (SERVER_SET and the resource's own
 * `omit`), refusing unknown fields (mass assignment), lists defaulting to [] and nullable
 * references to null. Update input: the same fields without the defaults (an update changes only
 * what it names), every field optional. In both, every free-text field follows textRule.
 */
export function inputsFor<Shape extends z.ZodRawShape, Omitted extends keyof Shape = never>(
  row: z.ZodObject<Shape>,
  omit: readonly Omitted[] = [],
) {
  const keys = [...SERVER_SET.filter((key) => key in row.shape), ...omit];
  const mask = Object.fromEntries(keys.map((key) => [key, true]));
  // zod's omit mask type is stricter than what TypeScript can infer from a generic list.
  const shape = () => row.omit(mask as never).shape as Omit<Shape, Omitted | ServerSet>;
  // Every text field a client sends follows the one text rule, whatever its own schema says.
  const create = lazySchema(() => z.strictObject(withTextRuleOnShape(withEmptyDefaults(shape()))));
  const update = lazySchema(() => z.strictObject(withTextRuleOnShape(shape())).partial());
  return { create, update };
}

/**
 * A schema made when it is first used rather than when its module is evaluated. A browser
 * evaluates the whole registry on a signed-in page's first load, but parses only rows there: the
 * create and update inputs (every field cloned two or three times over, thousands of zod objects)
 * are needed by a form, or by the server. Made eagerly, they were most of the registry chunk's
 * evaluation: one task of about 100 ms on a quiet desktop, 400 ms of a phone's (Lighthouse's
 * blocking time on every signed-in page).
 *
 * The proxy answers as the schema does (properties, methods, `instanceof` through zod's traits),
 * so code and the OpenAPI builder use it as they would the schema itself.
 */
export function lazySchema<Schema extends object>(make: () => Schema): Schema {
  let made: Schema | undefined;
  const real = () => (made ??= make());
  return new Proxy(Object.create(null) as Schema, {
    get: (_, key) => Reflect.get(real(), key),
    set: (_, key, value) => Reflect.set(real(), key, value),
    has: (_, key) => Reflect.has(real(), key),
    ownKeys: () => Reflect.ownKeys(real()),
    // A proxy may not report a property its (empty) target lacks as non-configurable.
    getOwnPropertyDescriptor: (_, key) => {
      const descriptor = Reflect.getOwnPropertyDescriptor(real(), key);
      return descriptor && { ...descriptor, configurable: true };
    },
    getPrototypeOf: () => Reflect.getPrototypeOf(real()),
  });
}

/**
 * The date-order rule, written once: a range (a flight, a brief, a report, a list filter) ends on
 * or after the day it starts. Either end may be missing (a partial update, an open range).
 */
export const datesInOrder = (value: { start_date?: string | null; end_date?: string | null }): boolean =>
  !value.start_date || !value.end_date || value.end_date >= value.start_date;
/**
 * The issue a range out of order raises: on end_date, with the one text. A function, not a shared
 * object: zod's refine() rewrites the params object it is given (message becomes error), so one
 * object handed to several schemas would lose its message after the first.
 */
export const dateOrderIssue = () => ({ path: ['end_date'], message: messages.validation.endBeforeStart });

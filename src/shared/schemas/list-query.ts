/**
 * The list query of each resource (spec §7), as one zod codec built from the registry: the
 * common parameters (id, limit, skip, sort, search, created_at_gt/_lt, refresh), the resource's
 * account filter, its flight dates and its own filters.
 *
 * - The server decodes a request's query string with it (server/routes/resources/resources.ts): a bad
 *   parameter is a 400 naming it, with the same messages the hand parser had.
 * - The client's queries are typed by it and written by its encoders (../list-query-text.ts, which
 *   the browser builds without zod: `listQuery('measurement', {status: ['live'], ...})`).
 * - The OpenAPI document describes each parameter from it (server/routes/service/openapi.ts).
 */
import { z } from 'zod';
import { FULL_LIST_PAGE_SIZE } from '../constants.ts';
import { dateOrderIssue, datesInOrder, isoDay, objectId } from './common.ts';
import { encodeSort, encodeValues, type ListParams } from '../list-query-text.ts';
import { resources, type DefinitionOf, type ResourceName, type SortKey } from './index.ts';

/** A query string as Fastify hands it over: a repeated parameter arrives as an array. */
export type RawQuery = Record<string, string | string[] | undefined>;

export const MAX_SKIP = 1_000_000_000;
export const MAX_VALUES = 500;
export const MAX_SORT_TERMS = 5;
export const MAX_SEARCH = 200;
const SORT_TERM = /^(asc|desc)\(([a-z_.]+)\)$/;

const clip = (value: string, length: number) => value.slice(0, length);

type Payload = { issues: unknown[]; value: unknown };
/** Adds an issue on the parameter being decoded (its path is the parameter's name). */
function fail(payload: Payload, input: unknown, message: string): never {
  payload.issues.push({ code: 'custom', message, input, path: [] });
  return z.NEVER;
}

/** One value of a parameter: a second occurrence is refused rather than silently dropped. */
const single = z.string({ error: 'give this parameter once' });

/**
 * A parameter decoded by `decode` (which reports problems through `fail`) and encoded by `encode`.
 * An absent parameter decodes to `fallback`, and so does an empty one unless `emptyIsValue`: then
 * `decode` judges `?skip=` as it judges `?skip=abc`.
 */
function param<T>(
  decode: (value: string, payload: Payload) => T,
  encode: (value: T) => string,
  fallback?: T,
  emptyIsValue = false,
) {
  const codec = z.codec(single, z.custom<T>(), {
    decode: (value, payload) =>
      value === '' && !emptyIsValue ? (fallback as T) : decode(value, payload as unknown as Payload),
    encode: (value) => encode(value),
  });
  // A fresh copy per parse: the server keeps the decoded value (a sort, say) in its own query.
  return fallback === undefined ? codec.optional() : codec.optional().default(() => structuredClone(fallback) as never);
}

function split(value: string): string[] {
  return value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
}

/** Comma-separated values, each checked with `item`; 1 to 500 of them. */
function values<T extends string>(item: z.ZodType<T>, noun = 'values') {
  return param<T[]>((value, payload) => {
    const items = split(value);
    if (items.length === 0 || items.length > MAX_VALUES) return fail(payload, value, `give from 1 to 500 ${noun}`);
    for (const entry of items) {
      const result = item.safeParse(entry);
      if (!result.success)
        return fail(payload, value, `'${clip(entry, 40)}' ${result.error.issues[0]?.message ?? 'is invalid'}`);
    }
    return items as T[];
  }, encodeValues);
}

const wholeNumber = (fallback: number, max: number) =>
  param<number>(
    (value, payload) =>
      // Up to ten digits: MAX_SKIP itself (1000000000) is a value the document allows.
      /^\d{1,10}$/.test(value) && Number(value) <= max
        ? Number(value)
        : fail(payload, value, `must be a whole number from 0 to ${max}`),
    String,
    fallback,
    true,
  );

const dateOrTime = z.union([z.iso.date(), z.iso.datetime({ offset: true })]);
const createdBound = param<string>(
  (value, payload) =>
    dateOrTime.safeParse(value).success
      ? new Date(value).toISOString()
      : fail(payload, value, 'must be a date (YYYY-MM-DD) or an ISO date-time'),
  (value) => value,
);

const flightDay = param<string>(
  (value, payload) => (isoDay.safeParse(value).success ? value : fail(payload, value, 'must be a date (YYYY-MM-DD)')),
  (value) => value,
);

const search = param<string>(
  (value, payload) =>
    value.length > MAX_SEARCH ? fail(payload, value, `at most ${MAX_SEARCH} characters`) : value.trim() || '',
  (value) => value,
);

/** `{id},null`: account ids, and null for global rows. */
const owners = param<(string | null)[]>((value, payload) => {
  const items = split(value);
  if (items.length === 0) return fail(payload, value, 'give an account id or null');
  for (const item of items)
    if (item !== 'null' && !objectId.safeParse(item).success)
      return fail(payload, value, `'${clip(item, 40)}' is not a valid id`);
  return items.map((item) => (item === 'null' ? null : item));
}, encodeValues);

function sortOf(definition: { name: string; sortFields: readonly string[]; defaultSort: readonly SortKey[] }) {
  // A list page asks for the same few orders again and again: remember each valid one.
  const known = new Map<string, SortKey[]>();
  return param<SortKey[]>(
    (value, payload) => {
      const cached = known.get(value);
      if (cached) return cached;
      const terms = split(value);
      if (terms.length === 0) return [...definition.defaultSort];
      if (terms.length > MAX_SORT_TERMS) return fail(payload, value, `at most ${MAX_SORT_TERMS} terms`);
      const keys: SortKey[] = [];
      for (const term of terms) {
        const match = SORT_TERM.exec(term);
        if (!match) return fail(payload, value, `'${clip(term, 60)}' is not like desc(field) or asc(field)`);
        const [, direction, field] = match as unknown as [string, 'asc' | 'desc', string];
        if (field !== 'id' && !definition.sortFields.includes(field))
          return fail(
            payload,
            value,
            `cannot sort ${definition.name} by '${field}' (one of: ${definition.sortFields.join(', ')}, id)`,
          );
        keys.push({ field, direction });
      }
      if (known.size >= 100) known.clear();
      known.set(value, keys);
      return keys;
    },
    encodeSort,
    [...definition.defaultSort],
  );
}

const built = new Map<ResourceName, z.ZodType>();

/** The parameters a list of this resource accepts, in the order OpenAPI lists them. */
export function listParameterNames(name: ResourceName): string[] {
  return Object.keys((listQuerySchema(name) as unknown as z.ZodObject).shape);
}

/**
 * The list-query codec of a resource: `decode` (or `safeDecode`) a raw query string into
 * ListParams; each shape entry `encode`s one parameter back into its query-string form.
 */
export function listQuerySchema<Name extends ResourceName>(name: Name): z.ZodType<ListParams<Name>, RawQuery> {
  let schema = built.get(name);
  if (!schema) {
    const definition = resources[name] as DefinitionOf<ResourceName>;
    const shape: Record<string, z.ZodType> = {
      id: values(objectId, 'ids'),
      limit: wholeNumber(FULL_LIST_PAGE_SIZE, FULL_LIST_PAGE_SIZE),
      skip: wholeNumber(0, MAX_SKIP),
      sort: sortOf(definition),
      search,
      created_at_gt: createdBound,
      created_at_lt: createdBound,
      refresh: z.string().optional(),
    };
    if (definition.accountFilter) shape[definition.accountFilter] = owners;
    if (definition.flightDates) Object.assign(shape, { start_date: flightDay, end_date: flightDay });
    for (const [parameter, filter] of Object.entries(definition.filters)) shape[parameter] = values(filter.value);
    const accepted = Object.keys(shape);
    schema = z.looseObject(shape).superRefine((query, context) => {
      for (const key of Object.keys(query)) {
        if (!Object.hasOwn(shape, key))
          context.addIssue({
            code: 'custom',
            path: [clip(key, 60)],
            message: `not a query parameter of ${name} (accepted: ${accepted.join(', ')})`,
          });
      }
      if (!datesInOrder(query)) context.addIssue({ code: 'custom', ...dateOrderIssue() });
    });
    built.set(name, schema);
  }
  return schema as z.ZodType<ListParams<Name>, RawQuery>;
}

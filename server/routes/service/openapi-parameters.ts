/**
 * The document's parameters, each saying what the server enforces: a list's query parameters
 * from the same limits and sort fields its list-query codec decodes with (a comma-separated
 * parameter gets a pattern of its items), a route's query and path parameters from its zod
 * schemas. A client generated from the document then cannot send what the server refuses.
 */
import { z } from 'zod';
import { FULL_LIST_PAGE_SIZE } from '../../../src/shared/constants.ts';
import { documentTextRule } from '../../../src/shared/schemas/text-pattern.ts';
import { makeLaterDocuments } from '../../../src/shared/schemas/later-documents.ts';
import type { ResourceDefinition, ResourceName } from '../../../src/shared/schemas/index.ts';
import {
  listParameterNames,
  MAX_SEARCH,
  MAX_SKIP,
  MAX_SORT_TERMS,
  MAX_VALUES,
} from '../../../src/shared/schemas/list-query.ts';

type Json = Record<string, unknown>;

/**
 * A request's optional field with a default says so in words, not with `default`: generators
 * (openapi-typescript among them) read `default` as "always present" and make the field required
 * in the type a client fills in. Answers keep their defaults: there the field is always present.
 */
function defaultsInWords(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(defaultsInWords);
  if (typeof value !== 'object' || value === null) return value;
  const { default: fallback, ...rest } = value as Json;
  const walked = Object.fromEntries(Object.entries(rest).map(([key, inner]) => [key, defaultsInWords(inner)]));
  if (fallback === undefined) return walked;
  const said = `Default: ${JSON.stringify(fallback)}.`;
  return { ...walked, description: typeof rest.description === 'string' ? `${rest.description} ${said}` : said };
}

/**
 * The JSON Schema of a zod schema, as a request (input) or an answer (output) carries it. A
 * request's free text states the text rule as a pattern (documentTextRule); an answer's does not:
 * the server checks what it is sent, not what it sends.
 */
export function jsonSchema(schema: unknown, io: 'input' | 'output'): Json {
  if (!(schema instanceof z.ZodType)) return {};
  makeLaterDocuments();
  try {
    const override = io === 'input' ? documentTextRule : undefined;
    const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any', override }) as Json;
    return io === 'input' ? (defaultsInWords(rest) as Json) : rest;
  } catch {
    return {};
  }
}

const escapeRegex = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A pattern's body, without its anchors, to embed in a longer one. */
const unanchored = (pattern: string) => pattern.replace(/^\^/, '').replace(/\$$/, '');
const ID = '[0-9a-f]{24}';

/** One item of a comma-separated parameter, as a regular expression (no anchors). */
function itemPattern(item: z.ZodType): string {
  const schema = jsonSchema(item, 'input');
  if (Array.isArray(schema.enum)) return `(${schema.enum.map((value) => escapeRegex(String(value))).join('|')})`;
  if (typeof schema.pattern === 'string') return `(${unanchored(schema.pattern)})`;
  return '[^,]+';
}

/**
 * A list parameter's pattern that also takes the empty value: the list-query codec reads `?sort=`
 * as no sort given (its default), so the document must not call it invalid.
 */
const orEmpty = (pattern: string) => `^(${unanchored(pattern)})?$`;

/** 1 to `max` comma-separated items, or nothing (taken as absent). */
const listOf = (item: string, max = MAX_VALUES) => orEmpty(`^${item}(,${item}){0,${max - 1}}$`);
/** An empty value, which a list parameter with a format takes as absent (see orEmpty). */
const EMPTY: Json = { maxLength: 0 };

/** The list's query parameters: the names its list-query schema accepts, each described. */
export function listParameters(name: ResourceName, definition: ResourceDefinition): Json[] {
  const sortField = `(${[...definition.sortFields, 'id'].map(escapeRegex).join('|')})`;
  const sortTerm = `(asc|desc)\\(${sortField}\\)`;
  const described: Record<string, [string, Json]> = {
    id: [
      `One row by id (answered as data[0], with its ETag), or a comma-separated list of up to ${MAX_VALUES} ids`,
      { type: 'string', pattern: listOf(ID) },
    ],
    limit: [
      `Page size, 0 to ${FULL_LIST_PAGE_SIZE} (default ${FULL_LIST_PAGE_SIZE})`,
      { type: 'integer', minimum: 0, maximum: FULL_LIST_PAGE_SIZE },
    ],
    skip: ['Rows to skip (default 0)', { type: 'integer', minimum: 0, maximum: MAX_SKIP }],
    sort: [
      `direction(field) terms, comma-separated (at most ${MAX_SORT_TERMS}), e.g. desc(${definition.sortFields[0] ?? 'created_at'});${Object.entries(
        definition.sortThen ?? {},
      )
        .map(([field, next]) => ` a sort by ${field} continues by ${next} in the same direction;`)
        .join(
          '',
        )} an id tie-break is added. Fields: ${definition.sortFields.join(', ')}, id. Default: ${definition.defaultSort.map((s) => `${s.direction}(${s.field})`).join(',')}`,
      { type: 'string', pattern: listOf(sortTerm, MAX_SORT_TERMS) },
    ],
    search: [
      `Case-insensitive text in ${definition.searchFields.join(', ')} (at most ${MAX_SEARCH} characters)`,
      { type: 'string', maxLength: MAX_SEARCH },
    ],
    created_at_gt: ['Created after (date or ISO date-time)', createdBound],
    created_at_lt: ['Created before (date or ISO date-time)', createdBound],
    refresh: ['Ignored (cache buster)', { type: 'string' }],
    start_date: ['Flight overlaps from this day (YYYY-MM-DD)', flightDay],
    end_date: ['Flight overlaps up to this day (YYYY-MM-DD); not before start_date', flightDay],
  };
  if (definition.accountFilter) {
    described[definition.accountFilter] = [
      'Owning accounts: comma-separated account ids; `null` selects global rows (e.g. `{id},null`). Without it: every account the user may access.',
      { type: 'string', pattern: orEmpty(`^(null|${ID})(,(null|${ID}))*$`) },
    ];
  }
  for (const [parameter, filter] of Object.entries(definition.filters)) {
    described[parameter] = [
      `Comma-separated values (1 to ${MAX_VALUES}); rows whose ${filter.field} ${filter.match === 'any' ? 'contains any of them' : 'is one of them'}`,
      { type: 'string', pattern: listOf(itemPattern(filter.value)) },
    ];
  }
  return listParameterNames(name).map((parameter) => {
    const [description = '', schema = { type: 'string' }] = described[parameter] ?? [];
    return { name: parameter, in: 'query', required: false, description, schema };
  });
}

const createdBound: Json = {
  type: 'string',
  anyOf: [{ format: 'date' }, { format: 'date-time' }, EMPTY],
};
const flightDay: Json = { type: 'string', anyOf: [{ format: 'date' }, EMPTY] };

/**
 * Query parameters from a zod object schema (a route's querystring, or one its handler parses).
 * A union of forms (Spotlight's link and create forms) lists every form's parameters, each
 * optional, since which ones are needed depends on the form used.
 */
export function queryParameters(schema: unknown): Json[] {
  const query = jsonSchema(schema, 'input');
  const forms = (query.anyOf ?? query.oneOf) as Json[] | undefined;
  if (forms) {
    const merged = new Map<string, Json>();
    for (const form of forms)
      for (const [name, value] of Object.entries((form.properties as Json | undefined) ?? {}))
        if (!merged.has(name)) merged.set(name, { name, in: 'query', required: false, schema: value });
    return [...merged.values()];
  }
  const required = (query.required as string[] | undefined) ?? [];
  return Object.entries((query.properties as Json | undefined) ?? {}).map(([name, value]) => ({
    name,
    in: 'query',
    required: required.includes(name),
    schema: value,
  }));
}

/** A path parameter, with the schema the route's `params` declares for it (a string otherwise). */
export function pathParameter(name: string, params: unknown): Json {
  const declared = (jsonSchema(params, 'input').properties as Record<string, Json> | undefined)?.[name];
  return { name, in: 'path', required: true, schema: declared ?? { type: 'string' } };
}

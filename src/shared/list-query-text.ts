/**
 * A list query in its query-string form (spec §7), built without zod: the browser builds one for
 * every list it reads, the home page's first among them, and loading zod with the registry for it
 * held a phone's main thread for over 100 ms before the first data (the parse worker,
 * src/lib/parse-jobs.ts, says why). The parameters are typed by the resource's list codec
 * (schemas/list-query.ts), whose encoders are these very functions, and the server decodes what
 * this builds with that codec: a parameter it refuses is a 400 naming it, which the page shows.
 */
import type { z } from 'zod';
import type { DefinitionOf, ResourceName, SortKey } from './schemas/index.ts';

type Definition<Name extends ResourceName> = DefinitionOf<Name>;
type FilterValue<Filter> = Filter extends { value: z.ZodType<infer V> } ? V : string;

/** A resource's list query, decoded: what the server lists by, and what a client may ask for. */
export type ListParams<Name extends ResourceName> = {
  /** Rows with these ids (answered in the list; `?id=` with one id reads one row). */
  id?: string[];
  limit: number;
  skip: number;
  /** Sort keys; the server adds the id tie-break. */
  sort: SortKey[];
  search?: string;
  created_at_gt?: string;
  created_at_lt?: string;
  /** A cache buster; ignored. */
  refresh?: string;
} & { [Key in Extract<Definition<Name>['accountFilter'], string>]?: (string | null)[] } & {
  [Key in keyof Definition<Name>['filters']]?: FilterValue<Definition<Name>['filters'][Key]>[];
} & (Definition<Name>['flightDates'] extends true ? { start_date?: string; end_date?: string } : unknown);

/** Sort keys (§7) on one field, with the id as the tie-break in the same direction. */
export function sortKeys(field: string, direction: SortKey['direction']): SortKey[] {
  const key = { field, direction };
  return field === 'id' ? [key] : [key, { field: 'id', direction }];
}

/** The order pickers and side lists read in: by name. */
export const BY_NAME: SortKey[] = sortKeys('name', 'asc');

/** Sort keys as the `sort` parameter writes them: `asc(name),asc(id)`. */
export const encodeSort = (keys: readonly SortKey[]): string =>
  keys.map((key) => `${key.direction}(${key.field})`).join(',');

/** Values of a list parameter (ids, statuses, owners with null for global rows), comma-separated. */
export const encodeValues = (items: readonly (string | null)[]): string =>
  items.map((item) => item ?? 'null').join(',');

const isSortKey = (value: unknown): value is SortKey =>
  typeof value === 'object' && value !== null && 'direction' in value && 'field' in value;

/** One parameter's value in its query-string form. */
function encodeParam(value: unknown): string {
  if (Array.isArray(value))
    return value.every(isSortKey) && value.length > 0 ? encodeSort(value) : encodeValues(value as (string | null)[]);
  return String(value);
}

/**
 * A query string for a list of `name`, from what the caller means, typed by the resource's
 * filters, account filter and sort fields: `listQuery('measurement', {account: [id, null],
 * status: ['live'], sort: [{field: 'name', direction: 'asc'}], limit: 25})` →
 * `{account: 'id,null', status: 'live', sort: 'asc(name)', limit: '25'}`.
 */
export function listQuery<Name extends ResourceName>(
  name: Name,
  params: Partial<ListParams<Name>>,
): Record<string, string> {
  void name; // It types `params`; the server checks the query against the resource's codec.
  const query: Record<string, string> = {};
  for (const [key, value] of Object.entries(params)) if (value !== undefined) query[key] = encodeParam(value);
  return query;
}

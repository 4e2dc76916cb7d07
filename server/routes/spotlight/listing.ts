/**
 * The list call's rules (spec §7, decisions.md §5): filter_name matches names case-insensitively,
 * order_by is `field_direction` over the resource's order fields (an id tie-break keeps pages
 * stable), and page_num counts from 1.
 */
import {
  SPOTLIGHT_DEFAULT_ORDER,
  SPOTLIGHT_ORDER_FIELDS,
  type SpotlightResource,
} from '../../../src/shared/schemas/spotlight.ts';
import { badRequest } from '../../http-errors.ts';

export interface ListInput {
  page_num: number;
  results_per_page: number;
  order_by?: string | undefined;
  filter_name?: string | undefined;
}

export function parseOrder(resource: SpotlightResource, orderBy: string | undefined) {
  const value = orderBy ?? SPOTLIGHT_DEFAULT_ORDER[resource];
  const match = /^(.+)_(asc|desc)$/.exec(value);
  const field = match?.[1] ?? '';
  if (!SPOTLIGHT_ORDER_FIELDS[resource].includes(field))
    throw badRequest(
      `order_by: ${resource} lists order by ${SPOTLIGHT_ORDER_FIELDS[resource].join(', ')} (field_asc or field_desc)`,
    );
  return { field, direction: match?.[2] === 'desc' ? -1 : 1 };
}

function compareValues(a: unknown, b: unknown): number {
  // Missing values (an asset without results) sort last either way round: handled by the caller.
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return String(a).localeCompare(String(b), 'en', { sensitivity: 'base' });
}

export function page<Row extends { id: string }>(
  resource: SpotlightResource,
  rows: readonly Row[],
  input: ListInput,
  nameOf: (row: Row) => string,
  valueOf: (row: Row, field: string) => unknown,
): { data: Row[]; count: number } {
  const { field, direction } = parseOrder(resource, input.order_by);
  const needle = input.filter_name?.trim().toLowerCase();
  const matched = needle ? rows.filter((row) => nameOf(row).toLowerCase().includes(needle)) : [...rows];
  matched.sort((x, y) => {
    const a = valueOf(x, field);
    const b = valueOf(y, field);
    const missingA = a === null || a === undefined;
    const missingB = b === null || b === undefined;
    if (missingA !== missingB) return missingA ? 1 : -1;
    const order = missingA ? 0 : compareValues(a, b) * direction;
    return order || (x.id < y.id ? -direction : x.id > y.id ? direction : 0);
  });
  const start = (input.page_num - 1) * input.results_per_page;
  return { data: matched.slice(start, start + input.results_per_page), count: matched.length };
}

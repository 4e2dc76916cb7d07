import { resources, type ResourceName } from '../../shared/schemas/index.ts';

/** How a record is named (spec §2 "Breadcrumbs"): the registry's title fields, else its id. */
export function recordTitle(resource: ResourceName, row: Record<string, unknown>): string {
  const text = resources[resource].titleFields
    .map((field) => row[field])
    .filter((value) => typeof value === 'string' || typeof value === 'number')
    .join(' ')
    .trim();
  return text || (typeof row.id === 'string' ? row.id : '');
}

/**
 * Rows other rows still point at are not deleted (lookups, vendors, templates,
 * projects): the server refuses with a 409 giving the counts, and the UI reads the same counts
 * before the user confirms (as labels do). Which fields point where is not restated here: it is
 * read from every resource's `references` in the registry.
 */
import {
  LOOKUP_RESOURCES,
  RESOURCE_NAMES,
  resources,
  type ResourceDefinition,
  type ResourceName,
} from './schemas/index.ts';

/** The resources whose rows are refused deletion while referenced (the seven lookups include the vendors). */
export const IN_USE_GUARDED = [
  ...LOOKUP_RESOURCES,
  'upload-template',
  'custom-parameter-template',
  'project',
] as const satisfies readonly ResourceName[];
export type InUseGuarded = (typeof IN_USE_GUARDED)[number];

export const isInUseGuarded = (name: string): name is InUseGuarded =>
  (IN_USE_GUARDED as readonly string[]).includes(name);

/**
 * A field of `resource` that points at the target: directly, or (`typeFrom`) when the row's
 * field of that name names the target resource (a name mapping's `target`, by its `type`).
 */
export interface ReferringField {
  resource: ResourceName;
  field: string;
  typeFrom?: string;
}

/** Every field of every resource that can hold an id of a `target` row. */
export function referringFields(target: ResourceName): ReferringField[] {
  return RESOURCE_NAMES.flatMap((resource) =>
    Object.entries((resources[resource] as ResourceDefinition).references ?? {}).flatMap(
      ([field, points]): ReferringField[] => {
        if (typeof points === 'string') return points === target ? [{ resource, field }] : [];
        return [{ resource, field, typeFrom: points.resourceFrom }];
      },
    ),
  );
}

/** Whether a stored row's `field` holds `id` (one id, or a list of them). */
export function refersTo(row: Record<string, unknown>, use: ReferringField, target: ResourceName, id: string) {
  if (use.typeFrom && row[use.typeFrom] !== target) return false;
  const value = row[use.field];
  return Array.isArray(value) ? value.includes(id) : value === id;
}

/** How many rows of one resource point at a row. */
export interface ReferenceUse {
  resource: ResourceName;
  count: number;
}

/** 'measurement' → 'measurements', 'name-mapping' → '1 name mapping'. */
const counted = (resource: ResourceName, count: number) =>
  `${count} ${resource.replaceAll('-', ' ')}${count === 1 ? '' : 's'}`;

/** What uses a row, in words: '3 measurements and 1 name mapping'. */
export function usesText(uses: readonly ReferenceUse[]): string {
  const parts = uses.map((use) => counted(use.resource, use.count));
  return parts.length > 1 ? `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}` : (parts[0] ?? 'nothing');
}

/** The 409's message (and what the UI says before a delete it knows will be refused). */
export function inUseMessage(target: ResourceName, uses: readonly ReferenceUse[]): string {
  return `This ${target.replaceAll('-', ' ')} is used by ${usesText(uses)}; remove it from them first`;
}

/**
 * The name-mapping section's vocabulary: each mapping type's title and the dimension it renames
 * (as the server applies it, server/routes/measurements/name-mappings.ts), and the clean names of lookup rows.
 */
import { listAll } from '../../../../lib/api.ts';
import {
  NAME_MAPPING_LOOKUP_TYPES,
  NAME_MAPPING_TYPES,
  isLookupMappingType,
  type NameMapping,
  type NameMappingType,
} from '../../../../shared/schemas/name-mapping.ts';

export const NAME_MAPPING_TYPE_TITLES: Record<NameMappingType, string> = {
  'advertising-channel': 'Advertising channel',
  'media-partner': 'Media partner',
  format: 'Format',
  'device-type': 'Device type',
  'media-type': 'Media type',
  placement: 'Placement',
  creative: 'Creative',
};

export const NAME_MAPPING_TYPE_OPTIONS = NAME_MAPPING_TYPES.map((id) => ({ id, name: NAME_MAPPING_TYPE_TITLES[id] }));

/** Lookup names by id, for the lookup types present (lookup tables are small and global). */
export async function lookupNames(types: readonly NameMappingType[]): Promise<Map<string, string>> {
  const wanted = NAME_MAPPING_LOOKUP_TYPES.filter((type) => types.includes(type));
  const tables = await Promise.all(wanted.map((type) => listAll(type)));
  return new Map(tables.flat().map((row) => [row.id, row.name]));
}

/** What a mapping turns its raw name into. */
export function cleanNameOf(mapping: NameMapping, names: ReadonlyMap<string, string> | null): string {
  if (!isLookupMappingType(mapping.type)) return mapping.clean_name ?? '';
  if (!mapping.target) return '';
  return names?.get(mapping.target) ?? '…';
}

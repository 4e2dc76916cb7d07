import { z } from 'zod';
import { baseRow, inputsFor, name, objectId } from './common.ts';

/** Mapping types whose clean name is a row of the lookup table of the same name. */
export const NAME_MAPPING_LOOKUP_TYPES = [
  'advertising-channel',
  'media-partner',
  'format',
  'device-type',
  'media-type',
] as const;
/** Mapping types with no lookup table: the clean name is written on the mapping itself. */
export const NAME_MAPPING_FREE_TYPES = ['placement', 'creative'] as const;
export const NAME_MAPPING_TYPES = [...NAME_MAPPING_LOOKUP_TYPES, ...NAME_MAPPING_FREE_TYPES] as const;
export type NameMappingType = (typeof NAME_MAPPING_TYPES)[number];

export const isLookupMappingType = (type: string): type is (typeof NAME_MAPPING_LOOKUP_TYPES)[number] =>
  (NAME_MAPPING_LOOKUP_TYPES as readonly string[]).includes(type);

/**
 * Maps a name found in imported data (a raw placement, creative, media partner… name) onto its
 * clean name, per account (root users). Lookup types point at the lookup row (`target`), so a
 * renamed lookup renames what the mapping produces; placements and creatives have no lookup
 * table and carry the clean name (`clean_name`). Which of the two a type needs is the server's
 * rule (server/routes/measurements/name-mappings.ts), checked before every write.
 */
export const nameMappingRow = z.object({
  ...baseRow,
  account: objectId,
  type: z.enum(NAME_MAPPING_TYPES),
  source_name: name,
  /** The id of the lookup row of `type` the source name means; null for placement and creative. */
  target: objectId.nullable(),
  /** The clean name, for placement and creative; null for lookup types. Absent on older rows. */
  clean_name: name.nullable().optional(),
});
export type NameMapping = z.infer<typeof nameMappingRow>;

export const { create: nameMappingCreate, update: nameMappingUpdate } = inputsFor(nameMappingRow);

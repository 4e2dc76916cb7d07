import { z } from 'zod';
import { baseRow, inputsFor, name, objectId } from './common.ts';

export const NAME_MAPPING_TYPES = [
  'advertising-channel',
  'media-partner',
  'format',
  'device-type',
  'media-type',
] as const;

/** Maps a name found in imported data onto a lookup row (root users, per account). */
export const nameMappingRow = z.object({
  ...baseRow,
  account: objectId,
  type: z.enum(NAME_MAPPING_TYPES),
  source_name: name,
  /** The id of the lookup row of `type` the source name means. */
  target: objectId,
});
export type NameMapping = z.infer<typeof nameMappingRow>;

export const { create: nameMappingCreate, update: nameMappingUpdate } = inputsFor(nameMappingRow, ['id', 'created_at']);

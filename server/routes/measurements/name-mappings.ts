/**
 * Name mappings at work (spec §2 admin name-mapping): an account's mappings turn the raw names
 * that imports bring (a placement "MPU_300x250_ROS", a media partner "FB", a creative
 * "v2_final_FINAL") into the clean names its dashboards and reports show.
 *
 * - `nameMappingBehaviour`: the rules a mapping must meet before it is stored (the engine's
 *   behaviour table): a lookup type names its lookup row, placement and creative their clean
 *   name, and one raw name maps once per account and type.
 * - `nameMapper`: the function an import applies to the rows it lands and the metrics endpoints
 *   apply to every row they aggregate, so a mapping made after an import still shows at once.
 */
import { BREAKDOWN_DIMENSIONS, type BreakdownDimension, type MetricRow } from '../../../src/shared/metrics.ts';
import { isLookupMappingType, type NameMappingType } from '../../../src/shared/schemas/name-mapping.ts';
import { invalidField } from '../../http-errors.ts';
import type { Repositories, StoredRow } from '../../store/repositories.ts';
import type { ResourceBehaviour } from '../resources/behaviour-types.ts';

/** The metric row dimension each mapping type renames; media types are not a breakdown. */
export const MAPPED_DIMENSION: Readonly<Record<NameMappingType, BreakdownDimension | null>> = {
  'advertising-channel': 'channel',
  'media-partner': 'media_partner',
  format: 'format',
  'device-type': 'device',
  'media-type': null,
  placement: 'domain',
  creative: 'creative',
};

/** Raw names match whatever their case and surrounding spaces ("fb " is "FB"). */
export const rawKey = (name: string) => name.trim().toLowerCase();

export const nameMappingBehaviour: ResourceBehaviour = {
  beforeWrite: (_repositories, row) => {
    const type = String(row.type);
    if (isLookupMappingType(type)) {
      if (typeof row.target !== 'string') throw invalidField('target', `choose the ${type.replace('-', ' ')} it means`);
      row.clean_name = null;
    } else {
      if (typeof row.clean_name !== 'string' || !row.clean_name.trim()) throw invalidField('clean_name', 'is required');
      row.target = null;
    }
  },
  beforeStore: (repositories, row) => {
    const clash = repositories['name-mapping']
      .findBy('account', row.account)
      .some(
        (other) =>
          other.id !== row.id &&
          other.type === row.type &&
          rawKey(other.source_name) === rawKey(String(row.source_name)),
      );
    if (clash) throw invalidField('source_name', `${String(row.source_name)} is already mapped`, 409);
  },
};

export type RowMapper = (row: MetricRow) => MetricRow;

/** The clean name a mapping produces, or null when its lookup row is gone. */
function cleanName(repositories: Repositories, mapping: StoredRow & { type: NameMappingType }): string | null {
  if (!isLookupMappingType(mapping.type)) return typeof mapping.clean_name === 'string' ? mapping.clean_name : null;
  const target = typeof mapping.target === 'string' ? repositories[mapping.type].byId(mapping.target) : undefined;
  return target ? target.name : null;
}

/**
 * The account's mappings as one function over metric rows, or null when it has none (the common
 * case costs nothing). A row no mapping touches is returned as it is.
 */
export function nameMapper(repositories: Repositories, accountId: string): RowMapper | null {
  const byDimension = new Map<BreakdownDimension, Map<string, string>>();
  for (const mapping of repositories['name-mapping'].findBy('account', accountId)) {
    const dimension = MAPPED_DIMENSION[mapping.type];
    const clean = dimension && cleanName(repositories, mapping);
    if (!dimension || !clean) continue;
    let names = byDimension.get(dimension);
    if (!names) byDimension.set(dimension, (names = new Map<string, string>()));
    names.set(rawKey(mapping.source_name), clean);
  }
  if (byDimension.size === 0) return null;
  const dimensions = BREAKDOWN_DIMENSIONS.filter((d) => byDimension.has(d));
  return (row) => {
    let mapped: MetricRow | null = null;
    for (const dimension of dimensions) {
      const clean = byDimension.get(dimension)?.get(rawKey(row[dimension]));
      if (clean !== undefined && clean !== row[dimension]) (mapped ??= { ...row })[dimension] = clean;
    }
    return mapped ?? row;
  };
}

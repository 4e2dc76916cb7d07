/**
 * What points at a lookup, template or project row, read before the user confirms a delete the
 * server would refuse while anything does (src/shared/reference-usage.ts). The counts and their
 * wording are the server's own.
 */
import { callEndpoint } from '../../lib/endpoint-call.ts';
import { isInUseGuarded, usesText, type ReferenceUse } from '../../shared/reference-usage.ts';
import type { ResourceName } from '../../shared/schemas/index.ts';
import { useAsync } from '../shared/useAsync.ts';

/** The uses of a row: null while they load, or when its resource has no in-use rule. */
export function useRowUsage(resource: ResourceName, id: string): readonly ReferenceUse[] | null {
  const guarded = isInUseGuarded(resource);
  const result = useAsync(
    async () => {
      if (!isInUseGuarded(resource)) return null;
      const body = await callEndpoint('rowUsage', { query: { resource, id } });
      return body.data.uses;
    },
    guarded ? `${resource}:${id}` : null,
  );
  return result.data;
}

/** The in-use rule in words, said in the confirmation: what uses the row, or that nothing does. */
export function inUseConsequence(name: string, uses: readonly ReferenceUse[] | null): string {
  if (uses === null)
    return `A row that other rows use cannot be deleted: remove it from them first. Deleting ${name} cannot be undone.`;
  if (uses.length === 0) return `Nothing uses ${name}. Deleting it cannot be undone.`;
  return `${name} is used by ${usesText(uses)}, so it cannot be deleted: remove it from them first.`;
}

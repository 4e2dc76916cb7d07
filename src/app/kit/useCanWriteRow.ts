import { useStore } from '@nanostores/react';
import { useCallback } from 'react';
import { RESOURCE_FACTS } from '../../shared/resource-facts.ts';
import { canWriteRow } from '../../shared/row-access.ts';
import type { ResourceName } from '../../shared/schemas/index.ts';
import { $currentUser } from '../../stores/session.ts';

/**
 * Whether the signed-in user may change or delete a row of `resource`: the server's own row rule
 * (src/shared/row-access.ts) on the registry's facts, so the kit hides exactly what the server
 * would refuse.
 */
export function useCanWriteRow(resource: ResourceName): (row: object) => boolean {
  const user = useStore($currentUser);
  return useCallback(
    (row: object) => user !== null && canWriteRow(user, RESOURCE_FACTS[resource], row as Record<string, unknown>),
    [user, resource],
  );
}

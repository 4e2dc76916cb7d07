import { useStore } from '@nanostores/react';
import { useCallback, useEffect, useState } from 'react';
import { loadSchemas } from '../../lib/schemas.ts';
import { canWriteRow } from '../../shared/row-access.ts';
import type { ResourceDefinition, ResourceName } from '../../shared/schemas/index.ts';
import { $currentUser } from '../../stores/session.ts';

/**
 * Whether the signed-in user may change or delete a row of `resource`: the server's own row rule
 * (src/shared/access.ts) on the registry's definition, so the kit hides exactly what the server
 * would refuse. The registry comes from the lazy schema chunk every list already loaded; until it
 * is there, nothing counts as writable.
 */
export function useCanWriteRow(resource: ResourceName): (row: object) => boolean {
  const user = useStore($currentUser);
  const [definition, setDefinition] = useState<ResourceDefinition | null>(null);
  useEffect(() => {
    let live = true;
    void loadSchemas().then(({ resources }) => {
      if (live) setDefinition(resources[resource]);
    });
    return () => {
      live = false;
    };
  }, [resource]);
  return useCallback(
    (row: object) =>
      user !== null && definition !== null && canWriteRow(user, definition, row as Record<string, unknown>),
    [user, definition],
  );
}

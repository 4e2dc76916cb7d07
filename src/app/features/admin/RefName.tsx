/**
 * The name of a row another row points at (a macro's vendor, a status event's account), for a
 * list cell. The cells of one page ask together: ids asked within the same tick go to the server
 * in one request per resource (the API takes a list of ids), and names are kept for the session.
 */
import { list } from '../../../lib/api.ts';
import type { ResourceName } from '../../../shared/schemas/index.ts';
import { useAsync } from '../../shared/useAsync.ts';
import { recordTitle } from '../../../shared/record-title.ts';

const names = new Map<string, Promise<string | null>>();
const pending = new Map<ResourceName, Map<string, (name: string | null) => void>>();

function flush(resource: ResourceName) {
  const waiting = pending.get(resource);
  pending.delete(resource);
  if (!waiting) return;
  const ids = [...waiting.keys()];
  list(resource, { id: ids.join(','), limit: ids.length, skip: 0 })
    .then((page) => {
      const found = new Map(
        (page.data as (Record<string, unknown> & { id: string })[]).map((row) => [row.id, recordTitle(resource, row)]),
      );
      for (const [id, resolve] of waiting) resolve(found.get(id) ?? null);
    })
    .catch(() => {
      for (const [id, resolve] of waiting) {
        names.delete(`${resource}:${id}`);
        resolve(null);
      }
    });
}

export function nameOf(resource: ResourceName, id: string): Promise<string | null> {
  const key = `${resource}:${id}`;
  let found = names.get(key);
  if (!found) {
    found = new Promise((resolve) => {
      let waiting = pending.get(resource);
      if (!waiting) {
        waiting = new Map();
        pending.set(resource, waiting);
        queueMicrotask(() => flush(resource));
      }
      waiting.set(id, resolve);
    });
    names.set(key, found);
  }
  return found;
}

/** A referenced row's name; the id while it loads or when the row is gone. */
export function RefName({ resource, id, none = '—' }: { resource: ResourceName; id: string | null; none?: string }) {
  const name = useAsync(() => (id ? nameOf(resource, id) : Promise.resolve(null)), id ? `${resource}:${id}` : null);
  if (!id) return <span className="text-slate-500">{none}</span>;
  return <span title={id}>{name.data ?? (name.loading ? '…' : id)}</span>;
}

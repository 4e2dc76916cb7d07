/**
 * What the conformance kit checks beyond the document (a schema cannot say it): paging with
 * `count` and X-Total-Count, the `{id},null` account filter, the sort's id tie-break, and account
 * isolation. Each finding names the rule, on the operation that broke it. (A 204 with a body is
 * caught on every request by the client itself.)
 */
import { resources, type ResourceDefinition, type ResourceName } from '../../src/shared/schemas/index.ts';
import { TOTAL_COUNT_HEADER } from '../../src/shared/http-headers.ts';
import type { ContractClient } from './client.ts';
import { ownRows, type WalkAccounts } from './resources.ts';
import { NO_SUCH_ID } from './client.ts';

type Row = Record<string, unknown>;

function valueAt(row: Row, path: string): unknown {
  return path.split('.').reduce<unknown>((value, key) => (value as Row | null | undefined)?.[key], row);
}

/** The accounts a row belongs to, by the resource's account path (null: a global row). */
function ownersOf(definition: ResourceDefinition, row: Row): (string | null)[] {
  if (!definition.accountPath) return [];
  const owner = valueAt(row, definition.accountPath.replace(/\?$/, ''));
  if (Array.isArray(owner)) return owner as string[];
  return [typeof owner === 'string' ? owner : null];
}

const rowsOf = (body: unknown) => (body as { data?: Row[] } | null)?.data ?? [];

export async function checkBehaviour(
  client: ContractClient,
  accounts: WalkAccounts,
  only?: readonly ResourceName[],
): Promise<void> {
  for (const name of Object.keys(resources) as ResourceName[]) {
    if (only && !only.includes(name)) continue;
    const definition: ResourceDefinition = resources[name];
    const operation = `GET /api/v1/${name}`;
    const own = ownRows(definition, accounts.own);

    // Paging: two pages of two, counted in the body and the header alike, never overlapping.
    const first = await client.send(operation, { as: 'super', query: { ...own, limit: 2, skip: 0 }, status: 200 });
    const second = await client.send(operation, { as: 'super', query: { ...own, limit: 2, skip: 2 }, status: 200 });
    const sent = `${operation}?limit=2 as super`;
    for (const page of [first, second]) {
      const count = (page.body as { count?: unknown } | null)?.count;
      const header = page.headers.get(TOTAL_COUNT_HEADER);
      if (header === null) client.flag(operation, sent, 'paging: X-Total-Count is missing');
      else if (Number(header) !== count)
        client.flag(operation, sent, `paging: X-Total-Count ${header} differs from count ${String(count)}`);
      if (rowsOf(page.body).length > 2) client.flag(operation, sent, 'paging: a page holds more rows than limit');
    }
    const firstIds = new Set(rowsOf(first.body).map((row) => row.id));
    if (rowsOf(second.body).some((row) => firstIds.has(row.id)))
      client.flag(operation, sent, 'paging: the second page repeats a row of the first');
    const total = Number((first.body as { count?: unknown } | null)?.count ?? 0);
    if (total >= 2 && rowsOf(first.body).length !== 2)
      client.flag(operation, sent, `paging: a first page of 2 holds ${rowsOf(first.body).length} of ${total} rows`);

    // The {id},null filter: that account's rows and global ones, nothing else.
    if (definition.accountPath === 'account?') {
      const answer = await client.send(operation, { as: 'super', query: { ...own, limit: 5000 }, status: 200 });
      const stray = rowsOf(answer.body).find((row) =>
        ownersOf(definition, row).some((owner) => owner !== null && owner !== accounts.own),
      );
      if (stray)
        client.flag(
          operation,
          `${operation}?${Object.entries(own)[0]?.join('=')}`,
          `account filter {id},null: row ${String(stray.id)} belongs to another account`,
        );
    }

    // The sort's tie-break: rows equal in the sort field (and the field a sort by it continues
    // by, as the document says: a user's first name, then last name) come in ascending id order.
    const field = definition.sortFields[0];
    if (field) {
      const then = definition.sortThen?.[field];
      const key = (row: Row) => JSON.stringify([valueAt(row, field), then ? valueAt(row, then) : null]);
      const sorted = await client.send(operation, {
        as: 'super',
        query: { ...own, sort: `asc(${field})`, limit: 5000 },
        status: 200,
      });
      const rows = rowsOf(sorted.body);
      const broken = rows.findIndex(
        (row, index) =>
          index > 0 && key(row) === key(rows[index - 1] as Row) && String(row.id) < String((rows[index - 1] as Row).id),
      );
      if (broken > 0)
        client.flag(
          operation,
          `${operation}?sort=asc(${field})`,
          `sort: rows ${broken - 1} and ${broken} tie on ${then ? `${field} and ${then}` : field} but their ids descend (the tie-break is the id, ascending)`,
        );
    }

    // Isolation: the own account's admin lists without a filter and sees nothing of the other account.
    if (definition.accountPath) {
      const answer = await client.send(operation, { as: 'admin', query: { limit: 5000 }, status: 200 });
      const leaked = rowsOf(answer.body).find((row) => ownersOf(definition, row).includes(accounts.foreign));
      if (leaked)
        client.flag(
          operation,
          `${operation} as admin`,
          `account isolation: row ${String(leaked.id)} of an account the user may not see`,
        );
    }
  }
}

/**
 * What the document says once for every path (its description): a method the path does not have
 * answers 405 with an Allow header naming at least the methods the document gives the path. Sent
 * to the API itself, not through the validating proxy, which knows no operation to hold it to.
 */
export async function checkMethodNotAllowed(
  client: ContractClient,
  base: string,
  paths: Record<string, Record<string, unknown>>,
): Promise<number> {
  let checked = 0;
  for (const [template, item] of Object.entries(paths)) {
    const methods = Object.keys(item)
      .filter((key) => ['get', 'put', 'post', 'delete', 'patch'].includes(key))
      .map((method) => method.toUpperCase());
    const method = ['PATCH', 'PUT', 'DELETE', 'POST'].find((candidate) => !methods.includes(candidate));
    if (!method || !methods[0]) continue;
    const path = template.replace(/\{(\w+)\}/g, (_match, key: string) => (key === 'id' ? NO_SUCH_ID : 'conformance'));
    const answer = await fetch(new URL(path, base), { method, headers: client.headers });
    await answer.arrayBuffer();
    checked += 1;
    const allow = (answer.headers.get('allow') ?? '').split(',').map((name) => name.trim().toUpperCase());
    const operation = `${methods[0]} ${template}`;
    const sent = `${method} ${path}`;
    if (answer.status !== 405)
      client.flag(operation, sent, `a method the path does not have: expected 405, got ${answer.status}`);
    else if (!methods.every((name) => allow.includes(name)))
      client.flag(operation, sent, `405: Allow (${allow.join(', ') || 'none'}) does not name ${methods.join(', ')}`);
  }
  return checked;
}

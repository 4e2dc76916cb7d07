/**
 * The generic walk: every resource of the registry (src/shared/schemas/index.ts) through its four
 * engine operations, derived from its definition, so a resource added to the registry is walked
 * with no change here.
 *
 *   GET     as each role of the ladder; with each of its filters, the account filter, the common
 *           parameters (search, sort, paging, dates, ids) and flight dates where it has them; one
 *           row by id; 400 (a bad limit), 401 (no session), 403 (a foreign account's rows).
 *   POST    a copy of one of its rows (Northwind's, or a global one), by the role it needs:
 *           201; 400 (an unknown field), 401, 403 (an admin of a foreign account), 415 (text).
 *   PUT     the new row: 200; 400, 401, 403 (a reader, where the role is above read), 404.
 *   DELETE  the new row: 204, then 404; 401, 403 (a reader, as above).
 */
import { PERMISSIONS, type Role } from '../../src/shared/access.ts';
import {
  RESOURCE_NAMES,
  resources,
  type ResourceDefinition,
  type ResourceName,
} from '../../src/shared/schemas/index.ts';
import { NO_SUCH_ID, NORTHWIND, PERSONAS, TAILSPIN, type ContractClient, type Persona } from './client.ts';

type Row = Record<string, unknown>;

const ROLE_PERSONA: Record<Role, Persona> = {
  read: 'reader',
  write: 'writer',
  admin: 'admin',
  root: 'root',
  super: 'super',
};

/** Rows the walk found per resource (Northwind's or global ones), for the operation table too. */
export type Samples = Record<string, Row[]>;

const keysOf = (schema: unknown): string[] => Object.keys((schema as { shape?: object }).shape ?? {});

function valueAt(row: Row, path: string): unknown {
  return path.split('.').reduce<unknown>((value, key) => (value as Row | null | undefined)?.[key], row);
}

/** The account filter selecting Northwind's rows (and global ones where the resource has them). */
export function ownRows(definition: ResourceDefinition, own: string): Record<string, string> {
  if (!definition.accountFilter) return {};
  return { [definition.accountFilter]: definition.accountPath === 'account?' ? `${own},null` : own };
}

/** A value a filter accepts: the sample row's own, else the first the filter allows, else an id. */
function filterValue(definition: ResourceDefinition, param: string, row: Row): string {
  const filter = definition.filters[param];
  if (!filter) throw new Error(`no filter ${param}`);
  const own = valueAt(row, filter.field);
  const candidates = [
    Array.isArray(own) ? (own as unknown[])[0] : own,
    ...((filter.value as { options?: unknown[] }).options ?? []),
    row.id,
  ];
  const value = candidates.find((item) => typeof item === 'string' && filter.value.safeParse(item).success);
  return String(value ?? row.id);
}

/** A create body: the row's fields the create schema takes, with anything unique made new. */
export function copyOf(definition: ResourceDefinition, row: Row, serial: number): Row {
  const body: Row = {};
  const shape = (
    definition.create as unknown as { shape: Record<string, { safeParse(v: unknown): { success: boolean } }> }
  ).shape;
  // A value the create input refuses (an activation's later status) is left to its default.
  for (const key of keysOf(definition.create))
    if (row[key] !== undefined && shape[key]?.safeParse(row[key]).success !== false) body[key] = row[key];
  if (typeof body.email === 'string') body.email = `contract-${serial}@example.test`;
  // Names unique within an account (saved reports) must be new too.
  if (typeof body.name === 'string') body.name = `${body.name.slice(0, 150)} (copy ${serial})`;
  // A raw name maps once per account and type (name mappings).
  if (typeof body.source_name === 'string') body.source_name = `${body.source_name.slice(0, 150)} (copy ${serial})`;
  return body;
}

/** An update body: a visible change to the first name-like field, if the row has one. */
function editOf(definition: ResourceDefinition, row: Row): Row {
  const updatable = new Set(keysOf(definition.update));
  const field = [...definition.titleFields, ...definition.searchFields].find(
    (key) => updatable.has(key) && typeof row[key] === 'string',
  );
  return field ? { [field]: `${String(row[field]).slice(0, 150)} (edited)` } : {};
}

/**
 * A first row for a resource the demo data leaves empty (it has no measurement tags), made by the
 * walk through the engine before the rest: its create answer is then the row to copy.
 */
const FIRST_ROWS: Partial<Record<ResourceName, (samples: Samples, accounts: WalkAccounts) => Row>> = {
  // Paused: the walk's clock moves must not send it.
  'report-schedule': (samples, accounts) => ({
    account: accounts.own,
    report: samples['saved-report']?.find((row) => row.account === accounts.own)?.id,
    frequency: 'weekly',
    weekday: 'monday',
    month_day: null,
    time: '09:00',
    time_zone: 'Europe/London',
    recipients: [accounts.readerEmail],
    paused: true,
  }),
  'measurement-tag': (samples, accounts) => ({
    account: accounts.own,
    measurement: samples.measurement?.[0]?.id,
    name: 'Contract walk tag',
    third_party_macro: null,
    tag: '<img src="https://tags.example.com/px.gif" width="1" height="1" alt="">',
  }),
};

/**
 * Which rows to copy from, where the first of Northwind's would not do: a user whose grants the
 * account's admin may give (the reader persona: read on Northwind Media only).
 */
const SAMPLES: Partial<Record<ResourceName, (accounts: WalkAccounts) => Record<string, string>>> = {
  user: (accounts) => ({ search: accounts.readerEmail }),
  // An ended one: its copy starts as a draft (the create input refuses 'ended'), whose settings
  // change and which is deleted; a live copy would refuse both (409).
  activation: () => ({ status: 'ended' }),
};

/**
 * Who writes, where the registry's role is not enough: a schedule follows its report's maker rule,
 * and the demo's reports are other users', so an admin of the account.
 */
const WRITER_ROLE: Partial<Record<ResourceName, Role>> = { 'report-schedule': 'admin' };

/** The accounts the walk works in: its personas' own, and one they may not see. */
export interface WalkAccounts {
  own: string;
  foreign: string;
  /** The reader persona's e-mail (a user row the own admin may copy). */
  readerEmail: string;
}
const DEMO_ACCOUNTS: WalkAccounts = { own: NORTHWIND, foreign: TAILSPIN, readerEmail: PERSONAS.reader };

export interface WalkOptions {
  accounts?: WalkAccounts;
  /** Only these resources (all of the registry by default). */
  only?: readonly ResourceName[];
  /** Delete the first rows the walk had to make (the conformance kit leaves the data as it was). */
  cleanUp?: boolean;
}

export async function walkResources(client: ContractClient, options: WalkOptions = {}): Promise<Samples> {
  const accounts = options.accounts ?? DEMO_ACCOUNTS;
  const samples: Samples = {};
  const made: [ResourceName, string][] = [];
  let serial = 0;
  for (const name of RESOURCE_NAMES.filter((name) => !options.only || options.only.includes(name))) {
    const definition = resources[name];
    const op = (method: string) => `${method} /api/v1/${name}`;
    const list = op('GET');
    // Northwind's rows (or global ones), else any: then super writes and nobody below it tries.
    const first = FIRST_ROWS[name];
    if (first) {
      const body = first(samples, accounts);
      const role = WRITER_ROLE[name] ?? PERMISSIONS[definition.writePermission];
      const answer = await client.send(op('POST'), { as: ROLE_PERSONA[role], body, status: 201 });
      const id = (answer.body as { data?: Row } | null)?.data?.id;
      if (typeof id === 'string') made.push([name, id]);
    }
    const query = { ...ownRows(definition, accounts.own), ...SAMPLES[name]?.(accounts), limit: 20 };
    let found = await client.send(list, { as: 'super', query, status: 200 });
    const own = ((found.body as { data?: Row[] }).data ?? []).length > 0;
    if (!own) found = await client.send(list, { as: 'super', query: { limit: 20 }, status: 200 });
    const rows = (found.body as { data?: Row[] }).data ?? [];
    samples[name] = rows;
    const sample = rows[0];
    if (!sample) throw new Error(`${name}: the demo data has no row to walk with`);
    const writer = own ? ROLE_PERSONA[WRITER_ROLE[name] ?? PERMISSIONS[definition.writePermission]] : 'super';
    const readerMayTry = own && PERMISSIONS[definition.writePermission] !== 'read';

    // Reads: every role, each filter, the common parameters, one row; 400, 401, 403.
    for (const role of Object.keys(ROLE_PERSONA) as Role[])
      await client.send(list, { as: ROLE_PERSONA[role], query: { limit: 5 }, status: 200 });
    for (const param of Object.keys(definition.filters))
      await client.send(list, {
        as: 'reader',
        query: { [param]: filterValue(definition, param, sample) },
        status: 200,
      });
    await client.send(list, { as: 'reader', query: ownRows(definition, accounts.own), status: 200 });
    const title = definition.searchFields.map((field) => valueAt(sample, field)).find((v) => typeof v === 'string');
    await client.send(list, {
      as: 'reader',
      query: {
        search: String(title ?? '').slice(0, 3),
        sort: `desc(${definition.sortFields[0] ?? 'created_at'})`,
        skip: 1,
        limit: 2,
        created_at_gt: '2020-01-01',
        created_at_lt: '2030-01-01T00:00:00Z',
        refresh: 1,
      },
      status: 200,
    });
    await client.send(list, { as: 'reader', query: { id: `${String(sample.id)},${NO_SUCH_ID}` }, status: 200 });
    await client.send(list, { as: 'reader', query: { id: String(sample.id) }, status: 200 });
    if (definition.flightDates)
      await client.send(list, {
        as: 'reader',
        query: { start_date: '2026-01-01', end_date: '2026-12-31' },
        status: 200,
      });
    await client.send(list, { as: 'reader', query: { limit: 'many' }, status: 400, invalid: true });
    await client.send(list, { query: { limit: 5 }, status: 401, invalid: true });
    if (definition.accountFilter)
      await client.send(list, { as: 'reader', query: { [definition.accountFilter]: accounts.foreign }, status: 403 });

    // Create a copy, change it, delete it.
    serial += 1;
    const body = copyOf(definition, sample, serial);
    // The refused copy first: once the copy exists, a name unique in its account answers 409.
    await client.send(op('POST'), { as: writer, body: { ...body, not_a_field: 1 }, status: 400, invalid: true });
    const created = await client.send(op('POST'), { as: writer, body, status: 201 });
    await client.send(op('POST'), { body, status: 401, invalid: true });
    // A role too low in the row's account; where reading is writing, an admin of another account.
    if (own) await client.send(op('POST'), { as: readerMayTry ? 'reader' : 'foreign', body, status: 403 });
    await client.send(op('POST'), { as: writer, body: 'name=x', type: 'text/plain', status: 415, invalid: true });
    const id = (created.body as { data?: Row } | null)?.data?.id;
    if (typeof id !== 'string') continue; // reported: the create failed

    // The create's ETag names the version the update below replaces: after it, that tag is stale.
    const etag = created.headers.get('etag');
    if (!etag)
      client.flag(op('POST'), `${op('POST')} as ${writer}`, 'ETag: a create answers without the new row’s ETag');
    await client.send(op('PUT'), { as: writer, query: { id }, body: editOf(definition, sample), status: 200 });
    if (etag) {
      const stale = { as: writer, query: { id }, headers: { 'if-match': etag } } as const;
      await client.send(op('PUT'), { ...stale, body: editOf(definition, sample), status: 412 });
      await client.send(op('DELETE'), { ...stale, status: 412 });
    }
    await client.send(op('PUT'), { as: writer, query: { id }, body: { not_a_field: 1 }, status: 400, invalid: true });
    await client.send(op('PUT'), { query: { id }, body: {}, status: 401, invalid: true });
    await client.send(op('PUT'), { as: writer, query: { id: NO_SUCH_ID }, body: {}, status: 404 });
    if (readerMayTry)
      await client.send(op('PUT'), { as: 'reader', query: { id: String(sample.id) }, body: {}, status: 403 });

    await client.send(op('DELETE'), { query: { id }, status: 401, invalid: true });
    if (readerMayTry) await client.send(op('DELETE'), { as: 'reader', query: { id: String(sample.id) }, status: 403 });
    await client.send(op('DELETE'), { as: writer, query: { id }, status: 204 });
    await client.send(op('DELETE'), { as: writer, query: { id }, status: 404 });
  }
  if (options.cleanUp)
    for (const [name, id] of made.reverse())
      await client.send(`DELETE /api/v1/${name}`, { as: 'super', query: { id }, status: 204 });
  return samples;
}

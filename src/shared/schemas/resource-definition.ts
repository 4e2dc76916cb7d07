/**
 * What a resource of the registry declares (index.ts): its schemas, account filter, search, sort,
 * list filters and the permissions that write and search it; and the small builders the
 * registry's entries share.
 */
import { z } from 'zod';
import type { AccountFeature, Permission } from '../access.ts';
import { objectId } from './common.ts';

/**
 * Where a row's owning account lives:
 * - 'account': a per-account resource (row.account is an account id);
 * - 'account?': the same, but account may be null for a global row (readable by everyone,
 *   writable by root);
 * - 'accounts': a contract, shared by the accounts in row.accounts;
 * - 'category.account': a label value, owned by its category's account;
 * - 'id': the account itself;
 * - null: a global table (the lookups): readable by everyone signed in.
 */
export type AccountPath = 'account' | 'account?' | 'accounts' | 'category.account' | 'id' | null;

/**
 * A list filter: a query parameter matched against a row field. 'eq' compares the field with one
 * of the comma-separated values; 'any' matches when an array field holds any of them.
 */
export interface ListFilter {
  field: string;
  match: 'eq' | 'any';
  /** Each value's schema: a bad value is a 400 naming the parameter. */
  value: z.ZodType<string>;
}

export interface SortKey {
  field: string;
  direction: 'asc' | 'desc';
}

export interface ResourceDefinition {
  name: string;
  /** Plural title for headings, search sections and messages. */
  title: string;
  row: z.ZodType;
  create: z.ZodType;
  update: z.ZodType;
  accountPath: AccountPath;
  /** The query parameter carrying the account filter (spec §7), or null for global tables. */
  accountFilter: 'account' | 'accounts' | 'category.account' | 'account._id' | null;
  /** Name-like fields the `search` parameter matches (case-insensitive substring). */
  searchFields: readonly string[];
  /** The field(s) naming a row in breadcrumbs and search results (spec §2 "Breadcrumbs"). */
  titleFields: readonly string[];
  /** Resource-specific list filters (spec §7), by query parameter. */
  filters: Readonly<Record<string, ListFilter>>;
  /** Default order when no `sort` is given; the id tie-break is added by the server. */
  defaultSort: readonly SortKey[];
  /** Fields a `sort` may name. */
  sortFields: readonly string[];
  /**
   * A sort by the key field continues by the value field in the same direction, before the id
   * tie-break (spec §7: users sort by first_name, last_name), whichever list asks.
   */
  sortThen?: Readonly<Record<string, string>>;
  /** Whether `start_date`/`end_date` select rows whose flight overlaps the range. */
  flightDates: boolean;
  /** The permission needed to create, update or delete (within the row's account). */
  writePermission: Permission;
  /** The permission whose global search covers this resource (spec §6), or null if never searched. */
  searchPermission: Permission | null;
  /**
   * The feature flag a row's account must have on for anyone to read or write the row there
   * (spec §5: /measurements and /reports require lamp_access). Absent: no flag needed.
   */
  feature?: AccountFeature;
  /**
   * Input fields that hold ids of other rows, with the resource they point at (or the field of the
   * same row naming it, for a name mapping's target). The server refuses an id that does not
   * exist, that the user may not see, or that belongs to an account other than the row's.
   */
  references?: Readonly<Record<string, ResourceReference>>;
  /**
   * A row that is its maker's own (a saved report): `field` names the user who made it; only that
   * user, or someone with `othersPermission` in the row's account, may change or delete it.
   */
  creator?: { field: string; othersPermission: Permission };
}

/** The resource a reference field points at: its name, or the row field that holds the name. */
export type ResourceReference = string | { resourceFrom: string };

export const id = (field: string): ListFilter => ({ field, match: 'eq', value: objectId });
export const anyId = (field: string): ListFilter => ({ field, match: 'any', value: objectId });
export const oneOf = (field: string, values: readonly [string, ...string[]]): ListFilter => ({
  field,
  match: 'eq',
  value: z.enum(values),
});

export const CREATED = ['created_at'] as const;

/**
 * A resource named by its `name` field and listed by it: searched, titled and sorted by name, no
 * filters of its own, no flight dates (templates, label categories, lookup tables).
 */
export const NAMED_LIST = {
  searchFields: ['name'],
  titleFields: ['name'],
  filters: {},
  defaultSort: [{ field: 'name', direction: 'asc' }],
  sortFields: ['name', ...CREATED],
  flightDates: false,
} as const;

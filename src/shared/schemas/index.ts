/**
 * The resource registry: every resource under /api/v1 (decisions.md §2) with its row schema,
 * its create/update inputs (strict: unknown fields are refused), the fields search runs over,
 * its account filter (spec §7), its list filters, and who may write it. The server's resource
 * engine, the OpenAPI document, the client's API layer and the fixtures' tests all read this one
 * table.
 */
import type { z } from 'zod';
import { LOOKUP_TABLE_TITLES, type LookupResource } from '../lookup-tables.ts';
import { accountDefinitions } from './registry-accounts.ts';
import { lookupDefinitions } from './registry-lookups.ts';
import { measurementDefinitions } from './registry-measurements.ts';
import { workspaceDefinitions } from './registry-workspace.ts';

export * from './auth.ts';
export { objectId } from './common.ts';
export type { AccountPath, ResourceDefinition, SortKey } from './resource-definition.ts';

// The entries live by area; their order is the registry's (the OpenAPI document and lists follow it).
const definitions = [
  ...accountDefinitions,
  ...measurementDefinitions,
  ...workspaceDefinitions,
  ...lookupDefinitions,
] as const;

type Definitions = (typeof definitions)[number];

export type ResourceName = Definitions['name'];

/** One resource's entry, with its own schemas' types (not widened to ResourceDefinition). */
export type DefinitionOf<Name extends ResourceName> = Extract<Definitions, { name: Name }>;

/** A row of the resource as the API sends it: `ResourceRow<'measurement'>`. */
export type ResourceRow<Name extends ResourceName> = z.output<DefinitionOf<Name>['row']>;
/** What a client sends to create one (fields with a natural empty value may be left out). */
export type ResourceCreate<Name extends ResourceName> = z.input<DefinitionOf<Name>['create']>;
/** What a client sends to update one (every field optional). */
export type ResourceUpdate<Name extends ResourceName> = z.input<DefinitionOf<Name>['update']>;

export const RESOURCE_NAMES: readonly ResourceName[] = definitions.map((d) => d.name);

export const resources: { readonly [Name in ResourceName]: DefinitionOf<Name> } = Object.fromEntries(
  definitions.map((d) => [d.name, d]),
) as { [Name in ResourceName]: DefinitionOf<Name> };

export function isResourceName(value: string): value is ResourceName {
  return Object.hasOwn(resources, value);
}

/** The seven lookup tables (spec §2 admin "Lookup tables"), in the spec's order. */
export const LOOKUP_RESOURCES = Object.keys(LOOKUP_TABLE_TITLES) as LookupResource[] satisfies readonly ResourceName[];

/** Row types, inferred from the schemas (never hand-written). */
export type { Account } from './account.ts';
export type { Activation } from './activation.ts';
export type { Contract } from './contract.ts';
export type { DomainList } from './domain-list.ts';
export type { ImportJobStatus } from './import-job-status.ts';
export type { ImportJob } from './import-job.ts';
export type { LabelValue } from './label-value.ts';
export type { Measurement } from './measurement.ts';
export type { PurchaseOrder } from './purchase-order.ts';
export type { ReportSchedule, ReportScheduleRun } from './report-schedule.ts';
export type { SavedReport } from './saved-report.ts';
export type { CurrentUser, StoredUser, User } from './user.ts';

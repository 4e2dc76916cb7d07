/**
 * The resource registry: every resource under /api/v1 (decisions.md §2) with its row schema,
 * its create/update inputs (strict: unknown fields are refused), the fields search runs over,
 * its account filter (spec §7), its list filters, and who may write it. The server's resource
 * engine, the OpenAPI document, the client's API layer and the fixtures' tests all read this one
 * table.
 */
import { z } from 'zod';
import { PERMISSIONS, type AccountFeature, type Role } from '../access.ts';
import { ACTIVATION_STATUSES } from '../activations.ts';
import { LOOKUP_TABLE_TITLES, type LookupResource } from '../lookup-tables.ts';
import { accountCreate, accountRow, accountUpdate } from './account.ts';
import { activationCreate, activationRow, activationUpdate } from './activation.ts';
import { objectId } from './common.ts';
import { contractCreate, contractRow, contractUpdate } from './contract.ts';
import {
  customParameterTemplateCreate,
  customParameterTemplateRow,
  customParameterTemplateUpdate,
} from './custom-parameter-template.ts';
import { DOMAIN_LIST_TYPES, domainListCreate, domainListRow, domainListUpdate } from './domain-list.ts';
import { importJobConfigCreate, importJobConfigRow, importJobConfigUpdate } from './import-job-config.ts';
import { importJobStatusCreate, importJobStatusRow, importJobStatusUpdate } from './import-job-status.ts';
import { IMPORT_JOB_TYPES, importJobCreate, importJobRow, importJobUpdate } from './import-job.ts';
import { labelCategoryCreate, labelCategoryRow, labelCategoryUpdate } from './label-category.ts';
import { labelValueCreate, labelValueRow, labelValueUpdate } from './label-value.ts';
import { lookupCreate, lookupRow, lookupUpdate } from './lookups.ts';
import { measurementTagCreate, measurementTagRow, measurementTagUpdate } from './measurement-tag.ts';
import { MEASUREMENT_STATUSES, measurementCreate, measurementRow, measurementUpdate } from './measurement.ts';
import { NAME_MAPPING_TYPES, nameMappingCreate, nameMappingRow, nameMappingUpdate } from './name-mapping.ts';
import { projectCreate, projectRow, projectUpdate } from './project.ts';
import { purchaseOrderCreate, purchaseOrderRow, purchaseOrderUpdate } from './purchase-order.ts';
import { REPORT_TYPES, reportCreate, reportRow, reportUpdate } from './report.ts';
import { reportScheduleCreate, reportScheduleRow, reportScheduleUpdate } from './report-schedule.ts';
import { savedReportCreate, savedReportRow, savedReportUpdate } from './saved-report.ts';
import {
  thirdPartyMacroVendorCreate,
  thirdPartyMacroVendorRow,
  thirdPartyMacroVendorUpdate,
} from './third-party-macro-vendor.ts';
import { thirdPartyMacroCreate, thirdPartyMacroRow, thirdPartyMacroUpdate } from './third-party-macro.ts';
import { uploadTemplateCreate, uploadTemplateRow, uploadTemplateUpdate } from './upload-template.ts';
import { userCreate, userRow, userUpdate } from './user.ts';

export * from './auth.ts';
export { objectId } from './common.ts';

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
  /** The role needed to create, update or delete (within the row's account). */
  writeRole: Role;
  /** The lowest role whose global search covers this resource (spec §6), or null if never searched. */
  searchRole: Role | null;
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
   * The field naming the user who made a row, when only that user or an admin of the row's
   * account may change or delete it (a saved report is its maker's own).
   */
  creatorField?: string;
}

/** The resource a reference field points at: its name, or the row field that holds the name. */
export type ResourceReference = string | { resourceFrom: string };

const id = (field: string): ListFilter => ({ field, match: 'eq', value: objectId });
const anyId = (field: string): ListFilter => ({ field, match: 'any', value: objectId });
const oneOf = (field: string, values: readonly [string, ...string[]]): ListFilter => ({
  field,
  match: 'eq',
  value: z.enum(values),
});

const CREATED = ['created_at'] as const;

function lookup<const Name extends string>(name: Name, title: string) {
  return {
    name,
    title,
    row: lookupRow,
    create: lookupCreate,
    update: lookupUpdate,
    accountPath: null,
    accountFilter: null,
    searchFields: ['name'],
    titleFields: ['name'],
    filters: {},
    defaultSort: [{ field: 'name', direction: 'asc' }],
    sortFields: ['name', ...CREATED],
    flightDates: false,
    writeRole: 'super',
    searchRole: null,
  } as const satisfies ResourceDefinition;
}

const definitions = [
  {
    name: 'account',
    title: 'Accounts',
    row: accountRow,
    create: accountCreate,
    update: accountUpdate,
    accountPath: 'id',
    accountFilter: 'account',
    searchFields: ['name'],
    titleFields: ['name'],
    filters: { type: oneOf('type', ['agency', 'agency_self_serve', 'partner']) },
    defaultSort: [{ field: 'name', direction: 'asc' }],
    sortFields: ['name', 'type', ...CREATED],
    flightDates: false,
    writeRole: 'root',
    searchRole: 'root',
  },
  {
    name: 'user',
    title: 'Users',
    row: userRow,
    create: userCreate,
    update: userUpdate,
    accountPath: 'account',
    accountFilter: 'account',
    searchFields: ['first_name', 'last_name', 'email'],
    titleFields: ['first_name', 'last_name'],
    filters: {},
    defaultSort: [
      { field: 'first_name', direction: 'asc' },
      { field: 'last_name', direction: 'asc' },
    ],
    sortFields: ['first_name', 'last_name', 'email', ...CREATED],
    sortThen: { first_name: 'last_name' },
    flightDates: false,
    writeRole: 'admin',
    searchRole: 'read',
    references: { account: 'account' },
  },
  {
    name: 'contract',
    title: 'Contracts',
    row: contractRow,
    create: contractCreate,
    update: contractUpdate,
    accountPath: 'accounts',
    accountFilter: 'accounts',
    searchFields: ['billing_name'],
    titleFields: ['billing_name'],
    filters: { measurement: anyId('measurements') },
    defaultSort: [{ field: 'billing_name', direction: 'asc' }],
    sortFields: ['billing_name', 'start_date', 'end_date', 'value', ...CREATED],
    flightDates: false,
    writeRole: 'root',
    searchRole: 'root',
    references: { accounts: 'account', measurements: 'measurement' },
  },
  {
    name: 'purchase-order',
    title: 'Purchase Orders',
    row: purchaseOrderRow,
    create: purchaseOrderCreate,
    update: purchaseOrderUpdate,
    accountPath: 'account',
    accountFilter: 'account',
    searchFields: ['reference'],
    titleFields: ['reference'],
    filters: {},
    defaultSort: [{ field: 'issued_date', direction: 'desc' }],
    sortFields: ['reference', 'issued_date', 'amount', 'status', ...CREATED],
    flightDates: false,
    writeRole: 'root',
    searchRole: 'write',
    references: { account: 'account', contract: 'contract' },
  },
  {
    name: 'measurement',
    title: 'Measurements',
    row: measurementRow,
    create: measurementCreate,
    update: measurementUpdate,
    accountPath: 'account',
    accountFilter: 'account',
    searchFields: ['name'],
    titleFields: ['name'],
    filters: {
      label_ids: anyId('labels'),
      status: oneOf('status', MEASUREMENT_STATUSES),
      channel: anyId('channels'),
    },
    defaultSort: [{ field: 'created_at', direction: 'desc' }],
    sortFields: ['name', 'status', 'start_date', 'end_date', 'impressions', 'apm', 'updated_at', ...CREATED],
    flightDates: true,
    writeRole: 'write',
    searchRole: 'read',
    feature: 'lamp_access',
    references: {
      account: 'account',
      channels: 'advertising-channel',
      formats: 'format',
      media_partners: 'media-partner',
      labels: 'label-value',
      ad_server: 'third-party-macro-vendor',
      custom_parameter_template: 'custom-parameter-template',
      project: 'project',
      contract: 'contract',
    },
  },
  {
    name: 'measurement-tag',
    title: 'Measurement Tags',
    row: measurementTagRow,
    create: measurementTagCreate,
    update: measurementTagUpdate,
    accountPath: 'account',
    accountFilter: 'account',
    searchFields: ['name'],
    titleFields: ['name'],
    filters: { measurement: id('measurement') },
    defaultSort: [{ field: 'name', direction: 'asc' }],
    sortFields: ['name', ...CREATED],
    flightDates: false,
    writeRole: 'write',
    searchRole: null,
    feature: 'lamp_access',
    references: { account: 'account', measurement: 'measurement', third_party_macro: 'third-party-macro' },
  },
  {
    name: 'import-job',
    title: 'Import Jobs',
    row: importJobRow,
    create: importJobCreate,
    update: importJobUpdate,
    accountPath: 'account',
    accountFilter: 'account',
    searchFields: ['id', 'file_name'],
    // Named by its file, else its type (src/shared/record-title.ts): never by its id.
    titleFields: ['file_name'],
    filters: { measurement: id('measurement'), 'importjob.job_type': oneOf('job_type', IMPORT_JOB_TYPES) },
    defaultSort: [{ field: 'created_at', direction: 'desc' }],
    sortFields: ['status', 'job_type', 'file_name', 'updated_at', ...CREATED],
    flightDates: false,
    writeRole: 'write',
    searchRole: 'read',
    feature: 'lamp_access',
    references: {
      account: 'account',
      measurement: 'measurement',
      import_job_config: 'import-job-config',
      upload_template: 'upload-template',
    },
  },
  {
    name: 'import-job-status',
    title: 'Import Job Statuses',
    row: importJobStatusRow,
    create: importJobStatusCreate,
    update: importJobStatusUpdate,
    accountPath: 'account',
    accountFilter: 'account._id',
    searchFields: ['correlation_id', 'message'],
    titleFields: ['correlation_id'],
    filters: {
      measurement: id('measurement'),
      correlation_id: { field: 'correlation_id', match: 'eq', value: z.string().min(1).max(100) },
      import_job_id: id('import_job_id'),
      'importjob.job_type': oneOf('job_type', IMPORT_JOB_TYPES),
    },
    defaultSort: [{ field: 'created_at', direction: 'desc' }],
    sortFields: ['status', 'correlation_id', ...CREATED],
    flightDates: false,
    writeRole: 'root',
    searchRole: null,
    feature: 'lamp_access',
    references: { account: 'account', measurement: 'measurement', import_job_id: 'import-job' },
  },
  {
    name: 'import-job-config',
    title: 'Import Job Configs',
    row: importJobConfigRow,
    create: importJobConfigCreate,
    update: importJobConfigUpdate,
    accountPath: 'account?',
    accountFilter: 'account',
    searchFields: ['name'],
    titleFields: ['name'],
    filters: { vendor: id('vendor'), type: oneOf('job_type', IMPORT_JOB_TYPES) },
    defaultSort: [{ field: 'name', direction: 'asc' }],
    sortFields: ['name', 'job_type', ...CREATED],
    flightDates: false,
    writeRole: 'super',
    searchRole: null,
    references: { account: 'account', vendor: 'third-party-macro-vendor', upload_template: 'upload-template' },
  },
  {
    name: 'upload-template',
    title: 'Upload Templates',
    row: uploadTemplateRow,
    create: uploadTemplateCreate,
    update: uploadTemplateUpdate,
    accountPath: 'account?',
    accountFilter: 'account',
    searchFields: ['name'],
    titleFields: ['name'],
    filters: {},
    defaultSort: [{ field: 'name', direction: 'asc' }],
    sortFields: ['name', ...CREATED],
    flightDates: false,
    writeRole: 'super',
    searchRole: null,
    references: { account: 'account' },
  },
  {
    name: 'custom-parameter-template',
    title: 'Custom Parameter Templates',
    row: customParameterTemplateRow,
    create: customParameterTemplateCreate,
    update: customParameterTemplateUpdate,
    accountPath: 'account?',
    accountFilter: 'account',
    searchFields: ['name'],
    titleFields: ['name'],
    filters: {},
    defaultSort: [{ field: 'name', direction: 'asc' }],
    sortFields: ['name', ...CREATED],
    flightDates: false,
    writeRole: 'super',
    searchRole: 'root',
    references: { account: 'account' },
  },
  {
    name: 'third-party-macro',
    title: 'Third Party Macros',
    row: thirdPartyMacroRow,
    create: thirdPartyMacroCreate,
    update: thirdPartyMacroUpdate,
    accountPath: 'account?',
    accountFilter: 'account',
    searchFields: ['macro', 'parameter', 'description'],
    titleFields: ['id'],
    filters: { vendor: id('vendor') },
    defaultSort: [{ field: 'macro', direction: 'asc' }],
    sortFields: ['macro', 'parameter', ...CREATED],
    flightDates: false,
    writeRole: 'root',
    searchRole: 'root',
    references: { account: 'account', vendor: 'third-party-macro-vendor' },
  },
  {
    name: 'label-category',
    title: 'Label Categories',
    row: labelCategoryRow,
    create: labelCategoryCreate,
    update: labelCategoryUpdate,
    accountPath: 'account',
    accountFilter: 'account',
    searchFields: ['name'],
    titleFields: ['name'],
    filters: {},
    defaultSort: [{ field: 'name', direction: 'asc' }],
    sortFields: ['name', ...CREATED],
    flightDates: false,
    writeRole: 'admin',
    searchRole: 'write',
    references: { account: 'account' },
  },
  {
    name: 'label-value',
    title: 'Labels',
    row: labelValueRow,
    create: labelValueCreate,
    update: labelValueUpdate,
    accountPath: 'category.account',
    accountFilter: 'category.account',
    searchFields: ['name', 'category.name'],
    titleFields: ['name'],
    filters: {
      category_id: id('category_id'),
      /** The account of the label's category: the same as the account filter, as the spec's clients send it. */
      account_category: id('category.account'),
    },
    defaultSort: [{ field: 'name', direction: 'asc' }],
    sortFields: ['name', 'category.name', ...CREATED],
    flightDates: false,
    writeRole: 'admin',
    searchRole: 'write',
    references: { category_id: 'label-category' },
  },
  {
    name: 'report',
    title: 'Reports',
    row: reportRow,
    create: reportCreate,
    update: reportUpdate,
    accountPath: 'account?',
    accountFilter: 'account',
    searchFields: ['name', 'description'],
    titleFields: ['name'],
    filters: { type: oneOf('type', REPORT_TYPES) },
    defaultSort: [{ field: 'name', direction: 'asc' }],
    sortFields: ['name', 'type', ...CREATED],
    flightDates: false,
    writeRole: 'root',
    searchRole: 'read',
    feature: 'lamp_access',
    references: { account: 'account' },
  },
  {
    name: 'saved-report',
    title: 'Saved Reports',
    row: savedReportRow,
    create: savedReportCreate,
    update: savedReportUpdate,
    accountPath: 'account',
    accountFilter: 'account',
    searchFields: ['name'],
    titleFields: ['name'],
    filters: { measurement: anyId('measurements'), label_ids: anyId('labels') },
    defaultSort: [{ field: 'name', direction: 'asc' }],
    sortFields: ['name', 'start_date', 'end_date', ...CREATED],
    flightDates: false,
    writeRole: 'read',
    searchRole: null,
    feature: 'lamp_access',
    references: { account: 'account', measurements: 'measurement', labels: 'label-value' },
    creatorField: 'created_by',
  },
  {
    /**
     * A saved report's e-mail delivery: in the report's account; only those who may
     * change the report schedule it (report-schedules.ts checks the report, recipients and rule).
     */
    name: 'report-schedule',
    title: 'Report Schedules',
    row: reportScheduleRow,
    create: reportScheduleCreate,
    update: reportScheduleUpdate,
    accountPath: 'account',
    accountFilter: 'account',
    // Not searched: a schedule is found through its report.
    searchFields: [],
    titleFields: ['id'],
    filters: { report: id('report') },
    defaultSort: [{ field: 'created_at', direction: 'asc' }],
    sortFields: ['frequency', 'next_run_at', ...CREATED],
    flightDates: false,
    writeRole: 'read',
    searchRole: null,
    feature: 'lamp_access',
    references: { account: 'account', report: 'saved-report' },
  },
  {
    name: 'project',
    title: 'Projects',
    row: projectRow,
    create: projectCreate,
    update: projectUpdate,
    accountPath: 'account',
    accountFilter: 'account',
    searchFields: ['name', 'description'],
    titleFields: ['name'],
    filters: {},
    defaultSort: [{ field: 'name', direction: 'asc' }],
    sortFields: ['name', ...CREATED],
    flightDates: false,
    writeRole: 'root',
    searchRole: 'root',
    references: { account: 'account' },
  },
  {
    name: 'activation',
    title: 'Activations',
    row: activationRow,
    create: activationCreate,
    update: activationUpdate,
    accountPath: 'account',
    accountFilter: 'account',
    searchFields: ['name'],
    titleFields: ['name'],
    filters: {
      measurement: id('measurement'),
      vendor: id('vendor'),
      domain_list: id('domain_list'),
      status: oneOf('status', ACTIVATION_STATUSES),
    },
    defaultSort: [{ field: 'created_at', direction: 'desc' }],
    sortFields: ['name', 'status', 'min_apm', ...CREATED],
    flightDates: false,
    writeRole: PERMISSIONS['activation.write'],
    searchRole: null,
    feature: 'lamp_access',
    references: {
      account: 'account',
      measurement: 'measurement',
      domain_list: 'domain-list',
      vendor: 'third-party-macro-vendor',
    },
  },
  {
    name: 'domain-list',
    title: 'Domain Lists',
    row: domainListRow,
    create: domainListCreate,
    update: domainListUpdate,
    accountPath: 'account',
    accountFilter: 'account',
    searchFields: ['name'],
    titleFields: ['name'],
    filters: { type: oneOf('type', DOMAIN_LIST_TYPES) },
    defaultSort: [{ field: 'name', direction: 'asc' }],
    sortFields: ['name', 'type', ...CREATED],
    flightDates: false,
    writeRole: PERMISSIONS['activation.write'],
    searchRole: null,
    feature: 'lamp_access',
    references: { account: 'account' },
  },
  {
    name: 'name-mapping',
    title: 'Name Mappings',
    row: nameMappingRow,
    create: nameMappingCreate,
    update: nameMappingUpdate,
    accountPath: 'account',
    accountFilter: 'account',
    searchFields: ['source_name'],
    titleFields: ['source_name'],
    filters: { type: oneOf('type', NAME_MAPPING_TYPES) },
    defaultSort: [{ field: 'source_name', direction: 'asc' }],
    sortFields: ['source_name', 'type', ...CREATED],
    flightDates: false,
    writeRole: 'root',
    searchRole: null,
    references: { account: 'account', target: { resourceFrom: 'type' } },
  },
  lookup('model', LOOKUP_TABLE_TITLES.model),
  lookup('advertising-channel', LOOKUP_TABLE_TITLES['advertising-channel']),
  lookup('media-partner', LOOKUP_TABLE_TITLES['media-partner']),
  lookup('media-type', LOOKUP_TABLE_TITLES['media-type']),
  lookup('device-type', LOOKUP_TABLE_TITLES['device-type']),
  lookup('format', LOOKUP_TABLE_TITLES.format),
  {
    ...lookup('third-party-macro-vendor', LOOKUP_TABLE_TITLES['third-party-macro-vendor']),
    row: thirdPartyMacroVendorRow,
    create: thirdPartyMacroVendorCreate,
    update: thirdPartyMacroVendorUpdate,
  },
] as const satisfies readonly ResourceDefinition[];

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
export type { CustomParameterTemplate } from './custom-parameter-template.ts';
export type { DomainList } from './domain-list.ts';
export type { ImportJobConfig } from './import-job-config.ts';
export type { ImportJobStatus } from './import-job-status.ts';
export type { ImportJob } from './import-job.ts';
export type { LabelCategory } from './label-category.ts';
export type { LabelValue } from './label-value.ts';
export type { LookupRow } from './lookups.ts';
export type { MeasurementTag } from './measurement-tag.ts';
export type { Measurement } from './measurement.ts';
export type { NameMapping } from './name-mapping.ts';
export type { Project } from './project.ts';
export type { PurchaseOrder } from './purchase-order.ts';
export type { Report } from './report.ts';
export type { ReportSchedule, ReportScheduleRun } from './report-schedule.ts';
export type { SavedReport } from './saved-report.ts';
export type { ThirdPartyMacroVendor } from './third-party-macro-vendor.ts';
export type { ThirdPartyMacro } from './third-party-macro.ts';
export type { UploadTemplate } from './upload-template.ts';
export type { CurrentUser, StoredUser, User } from './user.ts';

/**
 * Written by scripts/resource-facts.ts from the registry (src/shared/schemas/index.ts): run
 * `node scripts/resource-facts.ts` after changing a resource's entry. The plain facts the browser
 * needs on a first load, without zod (the script says why).
 */
import type { ResourceDefinition, ResourceName } from './schemas/index.ts';

/** What this table carries of a registry entry. */
export type ResourceFacts = Pick<
  ResourceDefinition,
  'title' | 'sortFields' | 'titleFields' | 'accountPath' | 'writePermission' | 'creator'
>;

export const RESOURCE_FACTS: { readonly [Name in ResourceName]: ResourceFacts } = {
  account: {
    title: 'Accounts',
    sortFields: ['name', 'type', 'created_at'],
    titleFields: ['name'],
    accountPath: 'id',
    writePermission: 'admin.root',
  },
  user: {
    title: 'Users',
    sortFields: ['first_name', 'last_name', 'email', 'created_at'],
    titleFields: ['first_name', 'last_name'],
    accountPath: 'account',
    writePermission: 'users.manage',
  },
  contract: {
    title: 'Contracts',
    sortFields: ['billing_name', 'start_date', 'end_date', 'value', 'created_at'],
    titleFields: ['billing_name'],
    accountPath: 'accounts',
    writePermission: 'admin.root',
  },
  'purchase-order': {
    title: 'Purchase Orders',
    sortFields: ['reference', 'issued_date', 'amount', 'status', 'created_at'],
    titleFields: ['reference'],
    accountPath: 'account',
    writePermission: 'admin.root',
  },
  measurement: {
    title: 'Measurements',
    sortFields: ['name', 'status', 'start_date', 'end_date', 'impressions', 'apm', 'updated_at', 'created_at'],
    titleFields: ['name'],
    accountPath: 'account',
    writePermission: 'measurement.write',
  },
  'measurement-tag': {
    title: 'Measurement Tags',
    sortFields: ['name', 'created_at'],
    titleFields: ['name'],
    accountPath: 'account',
    writePermission: 'measurement.write',
  },
  'import-job': {
    title: 'Import Jobs',
    sortFields: ['status', 'job_type', 'file_name', 'updated_at', 'created_at'],
    titleFields: ['file_name'],
    accountPath: 'account',
    writePermission: 'measurement.write',
  },
  'import-job-status': {
    title: 'Import Job Statuses',
    sortFields: ['status', 'correlation_id', 'created_at'],
    titleFields: ['correlation_id'],
    accountPath: 'account',
    writePermission: 'admin.root',
  },
  'import-job-config': {
    title: 'Import Job Configs',
    sortFields: ['name', 'job_type', 'created_at'],
    titleFields: ['name'],
    accountPath: 'account?',
    writePermission: 'admin.super',
  },
  'upload-template': {
    title: 'Upload Templates',
    sortFields: ['name', 'created_at'],
    titleFields: ['name'],
    accountPath: 'account?',
    writePermission: 'admin.super',
  },
  'custom-parameter-template': {
    title: 'Custom Parameter Templates',
    sortFields: ['name', 'created_at'],
    titleFields: ['name'],
    accountPath: 'account?',
    writePermission: 'admin.super',
  },
  'third-party-macro': {
    title: 'Third Party Macros',
    sortFields: ['macro', 'parameter', 'created_at'],
    titleFields: ['id'],
    accountPath: 'account?',
    writePermission: 'admin.root',
  },
  'label-category': {
    title: 'Label Categories',
    sortFields: ['name', 'created_at'],
    titleFields: ['name'],
    accountPath: 'account',
    writePermission: 'labels.manage',
  },
  'label-value': {
    title: 'Labels',
    sortFields: ['name', 'category.name', 'created_at'],
    titleFields: ['name'],
    accountPath: 'category.account',
    writePermission: 'labels.manage',
  },
  report: {
    title: 'Reports',
    sortFields: ['name', 'type', 'created_at'],
    titleFields: ['name'],
    accountPath: 'account?',
    writePermission: 'admin.root',
  },
  'saved-report': {
    title: 'Saved Reports',
    sortFields: ['name', 'start_date', 'end_date', 'created_at'],
    titleFields: ['name'],
    accountPath: 'account',
    writePermission: 'reports.save',
    creator: { field: 'created_by', othersPermission: 'reports.manage' },
  },
  'report-schedule': {
    title: 'Report Schedules',
    sortFields: ['frequency', 'next_run_at', 'created_at'],
    titleFields: ['id'],
    accountPath: 'account',
    writePermission: 'reports.save',
  },
  project: {
    title: 'Projects',
    sortFields: ['name', 'created_at'],
    titleFields: ['name'],
    accountPath: 'account',
    writePermission: 'admin.root',
  },
  activation: {
    title: 'Activations',
    sortFields: ['name', 'status', 'min_apm', 'created_at'],
    titleFields: ['name'],
    accountPath: 'account',
    writePermission: 'activation.write',
  },
  'domain-list': {
    title: 'Domain Lists',
    sortFields: ['name', 'type', 'created_at'],
    titleFields: ['name'],
    accountPath: 'account',
    writePermission: 'activation.write',
  },
  'name-mapping': {
    title: 'Name Mappings',
    sortFields: ['source_name', 'type', 'created_at'],
    titleFields: ['source_name'],
    accountPath: 'account',
    writePermission: 'admin.root',
  },
  model: {
    title: 'Models',
    sortFields: ['name', 'created_at'],
    titleFields: ['name'],
    accountPath: null,
    writePermission: 'admin.super',
  },
  'advertising-channel': {
    title: 'Advertising Channels',
    sortFields: ['name', 'created_at'],
    titleFields: ['name'],
    accountPath: null,
    writePermission: 'admin.super',
  },
  'media-partner': {
    title: 'Media Partners',
    sortFields: ['name', 'created_at'],
    titleFields: ['name'],
    accountPath: null,
    writePermission: 'admin.super',
  },
  'media-type': {
    title: 'Media Types',
    sortFields: ['name', 'created_at'],
    titleFields: ['name'],
    accountPath: null,
    writePermission: 'admin.super',
  },
  'device-type': {
    title: 'Device Types',
    sortFields: ['name', 'created_at'],
    titleFields: ['name'],
    accountPath: null,
    writePermission: 'admin.super',
  },
  format: {
    title: 'Formats',
    sortFields: ['name', 'created_at'],
    titleFields: ['name'],
    accountPath: null,
    writePermission: 'admin.super',
  },
  'third-party-macro-vendor': {
    title: 'Third Party Macro Vendors',
    sortFields: ['name', 'created_at'],
    titleFields: ['name'],
    accountPath: null,
    writePermission: 'admin.super',
  },
};

/** Whether a name is a registry resource's. */
export const isResource = (name: string): name is ResourceName => Object.hasOwn(RESOURCE_FACTS, name);

/**
 * URL builders. Every URL the app builds is a route's pattern with its parameters filled in
 * (`hrefOf`); `paths` names the common ones for readability, and none of them spells a path.
 */
import { routeById } from './match.ts';
import { staticPages } from './table.ts';

export type QueryInit = Record<string, string | number | boolean | null | undefined>;

export function withQuery(path: string, query?: QueryInit): string {
  if (!query) return path;
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value != null && value !== '') search.set(key, String(value));
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}

/** Fills a pattern's params (`:name` one segment, `*` the rest), encoding each. */
export function buildPath(pattern: string, params: Readonly<Record<string, string>> = {}, query?: QueryInit): string {
  const path =
    '/' +
    pattern
      .split('/')
      .filter(Boolean)
      .map((part) => {
        if (part === '*') return params['*'] ?? '';
        if (!part.startsWith(':')) return part;
        const value = params[part.slice(1)];
        if (value === undefined) throw new Error(`Missing ${part} for ${pattern}`);
        return encodeURIComponent(value);
      })
      .filter(Boolean)
      .join('/');
  return withQuery(path, query);
}

/** The pattern of a route of the table, or of a page outside the app island. */
function patternOf(id: string): string {
  return staticPages.find((page) => page.id === id)?.path ?? routeById(id).path;
}

/** The URL of a route (or static page) by its id, with its params and an optional query. */
export function hrefOf(id: string, params: Readonly<Record<string, string>> = {}, query?: QueryInit): string {
  return buildPath(patternOf(id), params, query);
}

/** A builder for a route without parameters, taking an optional query. */
const listOf = (id: string) => (query?: QueryInit) => hrefOf(id, {}, query);
/** A builder for a route without parameters or query. */
const pageOf = (id: string) => () => hrefOf(id);

/** URL builders for the app's routes and the static pages it links to. */
export const paths = {
  home: listOf('home'),
  login: (next?: string) => hrefOf('login', {}, { next }),
  documentation: pageOf('documentation'),
  resetPassword: listOf('reset-password'),
  loginLink: listOf('login-link'),
  newUser: pageOf('new-user'),
  profile: pageOf('profile'),
  settings: pageOf('settings'),

  measurements: listOf('measurements'),
  measurementCreate: pageOf('measurements.create'),
  measurement: (measurementId: string, query?: QueryInit) => hrefOf('measurement', { measurementId }, query),
  measurementEdit: (measurementId: string) => hrefOf('measurement.edit', { measurementId }),
  measurementExportTags: (measurementId: string) => hrefOf('measurement.export-tags', { measurementId }),
  measurementUploadTags: (measurementId: string) => hrefOf('measurement.upload-tags', { measurementId }),
  measurementDataImports: (measurementId: string) => hrefOf('measurement.data-imports', { measurementId }),
  measurementDataImportCreate: (measurementId: string) => hrefOf('measurement.data-imports.create', { measurementId }),
  measurementDataImport: (measurementId: string, importJobId: string) =>
    hrefOf('measurement.data-import', { measurementId, importJobId }),

  reports: listOf('reports'),
  savedReports: listOf('reports.saved'),
  savedReport: (name: string, query?: QueryInit) => hrefOf('reports.saved.detail', { name }, query),
  report: (reportId: string, query?: QueryInit) => hrefOf('reports.slug', { '*': reportId }, query),

  activations: pageOf('activations'),
  activationCreate: pageOf('activations.create'),
  activation: (activationId: string) => hrefOf('activation', { activationId }),
  domainLists: listOf('domain-lists'),

  spotlight: pageOf('spotlight'),
  spotlightStudies: pageOf('spotlight.studies'),
  spotlightStudyCreate: pageOf('spotlight.study.create'),
  spotlightStudy: (studyId: string) => hrefOf('spotlight.study', { studyId }),
  spotlightAssets: pageOf('spotlight.assets'),
  spotlightAsset: (assetId: string) => hrefOf('spotlight.asset', { assetId }),

  labels: listOf('labels'),
  labelEdit: (categoryId: string, labelId: string) => hrefOf('label.edit', { categoryId, labelId }),
  users: listOf('users'),
  billing: pageOf('billing'),
  purchaseOrder: (purchaseOrderId: string) => hrefOf('purchase-order', { purchaseOrderId }),

  admin: pageOf('admin'),
  /** Any admin section's list page, e.g. adminSection('details'). */
  adminSection: (section: string) => hrefOf(`admin.${section}`),
  adminCreate: (section: string) => hrefOf(`admin.${section}.create`),
  adminUsersBulkCreate: pageOf('admin.users.bulk-create'),
  adminUser: (userId: string) => hrefOf('admin.users.detail', { userId }),
  adminAccountContract: (contractId: string) => hrefOf('admin.account-contracts.detail', { contractId }),
  adminReport: (reportId: string) => hrefOf('admin.reports.detail', { reportId }),
  adminAccount: (accountId: string) => hrefOf('admin.accounts.detail', { accountId }),
  adminThirdPartyMacro: (thirdPartyMacroId: string) => hrefOf('admin.third-party-macros.detail', { thirdPartyMacroId }),
  adminAllContract: (contractId: string) => hrefOf('admin.all-contracts.detail', { contractId }),
  adminContract: (contractId: string) => hrefOf('admin.contract', { contractId }),
  adminProject: (projectId: string) => hrefOf('admin.projects.detail', { projectId }),
  adminCustomParameterTemplate: (customParameterTemplateId: string) =>
    hrefOf('admin.custom-parameter-templates.detail', { customParameterTemplateId }),
  adminImportJobConfig: (importJobConfigId: string) => hrefOf('admin.import-job-configs.detail', { importJobConfigId }),
  adminUploadTemplate: (uploadTemplateId: string) => hrefOf('admin.upload-templates.detail', { uploadTemplateId }),
  adminLookupTable: (lookupTableName: string) => hrefOf('admin.lookup-tables.detail', { lookupTableName }),
  adminLookupCreate: (lookupTableName: string) => hrefOf('admin.lookup.create', { lookupTableName }),
  adminLookup: (lookupTableName: string, lookupId: string) => hrefOf('admin.lookup', { lookupTableName, lookupId }),
  adminImportJobStatus: (correlationId: string) => hrefOf('admin.import-job-status', { correlationId }),
} as const;

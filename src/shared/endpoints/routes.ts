/**
 * The method and path of every non-resource endpoint, by name: the one place either is written.
 * No zod here, so the browser's first-load bundle can build a URL at once while the schemas
 * (the rest of each declaration, in its area's module) load lazily (src/lib/endpoint-call.ts).
 */
/**
 * The path of a resource's collection (GET, POST, PUT, DELETE by query; spec §7): the one place the
 * resource API's prefix is written, read by the server's resource engine, its API document, the
 * audit trail's routes and the browser's client.
 */
export const resourcePath = (resource: string): string => `/api/v1/${resource}`;

/**
 * The routes by area. Each area's declarations (./<area>.ts, the area's name) hold its schemas:
 * the browser loads an area's when it first calls one of its endpoints (src/lib/endpoint-call.ts),
 * not every area's on every page.
 */
export const ENDPOINT_AREAS = {
  // Session and self-service
  auth: {
    signIn: 'POST /api/v1/auth',
    signOut: 'POST /api/v1/unauth',
    /** The spec's sign-out, kept for clients that follow it; the app posts (issue 51). */
    signOutByGet: 'GET /api/v1/unauth',
    currentUser: 'GET /api/v1/current-user',
    session: 'GET /api/v1/session',
    forgottenPassword: 'POST /api/v1/forgotten-password',
    resetPassword: 'POST /api/v1/reset-password',
    loginLink: 'GET /api/v1/login-link',
    updateCurrentUser: 'POST /api/v1/user/update-current-user',
    health: 'GET /api/health',
  },
  // Users of an account
  users: {
    inviteUser: 'POST /api/v1/account-users/invite',
    bulkCreateUsers: 'POST /api/v1/account-users/bulk',
    accountGrants: 'GET /api/v1/account-users/grants',
    grantAccess: 'POST /api/v1/account-users/grant',
    setAccountRole: 'PUT /api/v1/account-users/role',
    removeAccountUser: 'DELETE /api/v1/account-users',
  },
  // Measurements
  measurements: {
    measurementMetrics: 'GET /api/v1/measurement-metrics',
    tagDownload: 'GET /api/v1/measurement-tag/download',
    tagUpload: 'POST /api/v1/measurement-tag/upload',
    importUpload: 'POST /api/v1/import-job/upload',
  },
  // Activations and domain lists
  activations: {
    domainPreview: 'GET /api/v1/measurement-domains',
    createActivationWithList: 'POST /api/v1/activation/with-list',
    updateActivationSettings: 'PUT /api/v1/activation/with-list',
    domainListUpload: 'POST /api/v1/domain-list/upload',
    domainListDownload: 'GET /api/v1/domain-list/download',
  },
  // Reports
  reports: {
    reportData: 'GET /api/v1/report-data',
    reportScheduleRuns: 'GET /api/v1/report-schedule-run',
    runReportSchedule: 'POST /api/v1/report-schedule/run',
  },
  // What a delete would meet
  usage: {
    rowUsage: 'GET /api/v1/row-usage',
    labelUsage: 'GET /api/v1/label-value/usage',
    categoryUsage: 'GET /api/v1/label-category/usage',
  },
  // Spotlight's non-resource routes ; its resources are a table of their own
  spotlight: {
    spotlightAuth: 'GET /api/spotlight-auth',
    spotlightRecentStudies: 'GET /api/spotlight/dashboard/data/brief_list/',
    spotlightRankedAssets: 'GET /api/spotlight/dashboard/data/stim_list/',
    spotlightUpload: 'POST /api/spotlight/stim/upload',
    spotlightCreative: 'GET /api/spotlight/stim/:id/creative',
  },
  // Demo and test modes only
  demo: {
    demoPersonas: 'GET /api/v1/demo/personas',
    demoTour: 'GET /api/v1/demo/tour',
    advanceImportJobs: 'POST /api/v1/import-job/advance',
  },
  // Test control: demo and test modes, this machine or the token
  'test-control': {
    resetState: 'POST /api/v1/testing/reset',
    listSandboxes: 'GET /api/v1/testing/sandboxes',
    deleteSandbox: 'DELETE /api/v1/testing/sandboxes/:name',
    resetSandbox: 'POST /api/v1/testing/sandboxes/:name/reset',
    attachSandbox: 'POST /api/v1/testing/sandboxes/:name/attach',
    readClock: 'GET /api/v1/testing/clock',
    setClock: 'PUT /api/v1/testing/clock',
    addFault: 'POST /api/v1/testing/faults',
    listFaults: 'GET /api/v1/testing/faults',
    clearFaults: 'DELETE /api/v1/testing/faults',
    removeFault: 'DELETE /api/v1/testing/faults/:id',
    journal: 'GET /api/v1/testing/journal',
    journalCount: 'GET /api/v1/testing/journal/count',
    clearJournal: 'DELETE /api/v1/testing/journal',
    outbox: 'GET /api/v1/testing/outbox',
    clearOutbox: 'DELETE /api/v1/testing/outbox',
    issueLink: 'POST /api/v1/testing/outbox/links',
    createTestUser: 'POST /api/v1/testing/users',
    mintSession: 'POST /api/v1/testing/sessions',
  },
} as const;

type Areas = typeof ENDPOINT_AREAS;
export type EndpointArea = keyof Areas;
export type EndpointName = { [A in EndpointArea]: keyof Areas[A] }[EndpointArea];
type AreaOf<N extends EndpointName> = { [A in EndpointArea]: N extends keyof Areas[A] ? A : never }[EndpointArea];
type RouteLines = { [N in EndpointName]: Areas[AreaOf<N>][N & keyof Areas[AreaOf<N>]] };

/** Every endpoint's route line ("METHOD /path"), by name, whatever its area. */
export const ENDPOINT_ROUTES = Object.assign({}, ...Object.values(ENDPOINT_AREAS)) as RouteLines;

const AREA_BY_NAME = new Map(
  Object.entries(ENDPOINT_AREAS).flatMap(([area, routes]) => Object.keys(routes).map((name) => [name, area])),
) as Map<EndpointName, EndpointArea>;

/** The area an endpoint belongs to (the module that declares it). */
export const areaOf = (name: EndpointName): EndpointArea => AREA_BY_NAME.get(name) as EndpointArea;

export type EndpointMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

type Route<N extends EndpointName> = (typeof ENDPOINT_ROUTES)[N];
export type MethodOf<N extends EndpointName> =
  Route<N> extends `${infer M extends EndpointMethod} ${string}` ? M : never;
export type PathOf<N extends EndpointName> = Route<N> extends `${string} ${infer P}` ? P : never;

/** The names a path's `:name` segments take, each a string. */
export type ParamsOf<N extends EndpointName> =
  ParamNames<PathOf<N>> extends never ? undefined : Record<ParamNames<PathOf<N>>, string>;
type ParamNames<P extends string> = P extends `${string}/:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : P extends `${string}/:${infer Name}`
    ? Name
    : never;

/** An endpoint's path with its `:name` segments filled in (each encoded). */
export function pathOf<N extends EndpointName>(name: N, ...[params]: PathArgs<N>): string {
  const values = (params ?? {}) as Record<string, string>;
  return routeOf(name).path.replace(/:([A-Za-z0-9_]+)/g, (_segment, key: string) =>
    encodeURIComponent(values[key] ?? ''),
  );
}
/** The params argument: required when the path has `:name` segments, absent when it has none. */
export type PathArgs<N extends EndpointName> = ParamsOf<N> extends undefined ? [] : [params: ParamsOf<N>];

/** The method and path of an endpoint, split from its route line. */
export function routeOf<N extends EndpointName>(name: N): { method: MethodOf<N>; path: PathOf<N> } {
  const [method, path] = (ENDPOINT_ROUTES[name] as string).split(' ');
  return { method: method as MethodOf<N>, path: path as PathOf<N> };
}

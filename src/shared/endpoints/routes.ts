/**
 * The method and path of every non-resource endpoint, by name: the one place either is written.
 * No zod here, so the browser's first-load bundle can build a URL at once while the schemas
 * (the rest of each declaration, ./index.ts) load in their lazy chunk (src/lib/schemas.ts).
 */
export const ENDPOINT_ROUTES = {
  // Session and self-service (./auth.ts)
  signIn: 'POST /api/v1/auth',
  signOut: 'GET /api/v1/unauth',
  currentUser: 'GET /api/v1/current-user',
  session: 'GET /api/v1/session',
  forgottenPassword: 'POST /api/v1/forgotten-password',
  resetPassword: 'POST /api/v1/reset-password',
  loginLink: 'GET /api/v1/login-link',
  updateCurrentUser: 'POST /api/v1/user/update-current-user',
  health: 'GET /api/health',
  // Users of an account (./users.ts)
  inviteUser: 'POST /api/v1/account-users/invite',
  bulkCreateUsers: 'POST /api/v1/account-users/bulk',
  accountGrants: 'GET /api/v1/account-users/grants',
  grantAccess: 'POST /api/v1/account-users/grant',
  setAccountRole: 'PUT /api/v1/account-users/role',
  removeAccountUser: 'DELETE /api/v1/account-users',
  // Measurements (./measurements.ts)
  measurementMetrics: 'GET /api/v1/measurement-metrics',
  tagDownload: 'GET /api/v1/measurement-tag/download',
  tagUpload: 'POST /api/v1/measurement-tag/upload',
  importUpload: 'POST /api/v1/import-job/upload',
  // Activations and domain lists (./activations.ts)
  domainPreview: 'GET /api/v1/measurement-domains',
  createActivationWithList: 'POST /api/v1/activation/with-list',
  updateActivationSettings: 'PUT /api/v1/activation/with-list',
  domainListUpload: 'POST /api/v1/domain-list/upload',
  domainListDownload: 'GET /api/v1/domain-list/download',
  // Reports (./reports.ts)
  reportData: 'GET /api/v1/report-data',
  reportScheduleRuns: 'GET /api/v1/report-schedule-run',
  runReportSchedule: 'POST /api/v1/report-schedule/run',
  // What a delete would meet (./usage.ts)
  rowUsage: 'GET /api/v1/row-usage',
  labelUsage: 'GET /api/v1/label-value/usage',
  categoryUsage: 'GET /api/v1/label-category/usage',
} as const;

export type EndpointName = keyof typeof ENDPOINT_ROUTES;
export type EndpointMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

type Route<N extends EndpointName> = (typeof ENDPOINT_ROUTES)[N];
export type MethodOf<N extends EndpointName> =
  Route<N> extends `${infer M extends EndpointMethod} ${string}` ? M : never;
export type PathOf<N extends EndpointName> = Route<N> extends `${string} ${infer P}` ? P : never;

/** The method and path of an endpoint, split from its route line. */
export function routeOf<N extends EndpointName>(name: N): { method: MethodOf<N>; path: PathOf<N> } {
  const [method, path] = ENDPOINT_ROUTES[name].split(' ');
  return { method: method as MethodOf<N>, path: path as PathOf<N> };
}

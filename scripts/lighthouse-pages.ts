/**
 * The signed-in pages `npm run lighthouse` measures, by the route each opens (src/app/routes): the
 * Lighthouse runs build their addresses from it (lighthouse-run.ts), and `npm run size` budgets
 * those routes' chunks (size.ts). A module of its own, so the size step does not load Lighthouse.
 */
export const MEASURED_ROUTES = {
  home: 'home',
  dashboard: 'measurement',
  report: 'reports',
  asset: 'spotlight.asset',
  activations: 'activations',
  admin: 'admin.users',
} as const;

export type MeasuredPage = keyof typeof MEASURED_ROUTES;

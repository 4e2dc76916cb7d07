/**
 * Each endpoint area's declarations (src/shared/endpoints/<area>.ts), loaded when the app first
 * calls one of the area's endpoints. One chunk of every area's schemas was made on every signed-in
 * page's first load: 1,400 zod objects, most of them for pages the visitor never opens (test
 * control, Spotlight, the sandboxes), in one task of about 80 ms on a desktop and four times that
 * on a phone's CPU. A page now makes only the schemas of the endpoints it calls.
 */
import type { EndpointDeclaration } from '../shared/endpoints/endpoint.ts';
import { areaOf, type EndpointArea, type EndpointName } from '../shared/endpoints/routes.ts';

type Declarations = Record<string, EndpointDeclaration>;

// Static import() calls, one per area, so the bundler makes each area a chunk of its own.
const AREAS = {
  auth: () => import('../shared/endpoints/auth.ts').then((m) => m.authEndpoints),
  users: () => import('../shared/endpoints/users.ts').then((m) => m.userEndpoints),
  measurements: () => import('../shared/endpoints/measurements.ts').then((m) => m.measurementEndpoints),
  activations: () => import('../shared/endpoints/activations.ts').then((m) => m.activationEndpoints),
  reports: () => import('../shared/endpoints/reports.ts').then((m) => m.reportEndpoints),
  usage: () => import('../shared/endpoints/usage.ts').then((m) => m.usageEndpoints),
  spotlight: () => import('../shared/endpoints/spotlight.ts').then((m) => m.spotlightEndpoints),
  demo: () => import('../shared/endpoints/demo.ts').then((m) => m.demoEndpoints),
  'test-control': () => import('../shared/endpoints/test-control.ts').then((m) => m.testControlEndpoints),
} satisfies Record<EndpointArea, () => Promise<Declarations>>;

const loading = new Map<EndpointArea, Promise<Declarations>>();

/** An endpoint's declaration (its schemas), from its area's module. */
export async function declarationOf(name: EndpointName): Promise<EndpointDeclaration> {
  const area = areaOf(name);
  let declarations = loading.get(area);
  if (!declarations) {
    declarations = AREAS[area]();
    loading.set(area, declarations);
  }
  return (await declarations)[name] as EndpointDeclaration;
}

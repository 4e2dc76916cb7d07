/**
 * The test-control routes as the guide lists them: every endpoint the API document tags
 * `testing`, in the endpoint table's order, with its summary (src/shared/endpoints). Read from the
 * table the server registers its routes from, so the guide cannot leave one out.
 */
import { endpoints } from '../shared/endpoints/index.ts';
import type { EndpointDeclaration } from '../shared/endpoints/endpoint.ts';

/** `METHOD /path/{param}` and the endpoint's summary, for RouteTable. */
export function testControlRoutes(): [route: string, text: string][] {
  return Object.values(endpoints as Record<string, EndpointDeclaration & { method: string; path: string }>)
    .filter((endpoint) => endpoint.tags.includes('testing'))
    .map((endpoint) => [
      `${endpoint.method} ${endpoint.path.replace(/:([A-Za-z0-9_]+)/g, '{$1}')}`,
      endpoint.only === 'demo' ? `${endpoint.summary} (demo and test modes, open to anyone there)` : endpoint.summary,
    ]);
}

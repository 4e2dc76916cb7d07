/**
 * An endpoint's method and URL by its name in the table of src/shared/endpoints, so a test says
 * which endpoint it calls and never restates its path: `app.inject({ ...endpointRequest('resetState') })`,
 * `endpointRequest('removeFault', { id }, { since })`. Resource paths come from the registry.
 */
import { pathOf, routeOf, type EndpointName, type ParamsOf } from '../../src/shared/endpoints/routes.ts';

type Query = Record<string, string | number | boolean | undefined>;

/** The endpoint's path with its params filled in, and the query (undefined values left out). */
export function endpointUrl<N extends EndpointName>(name: N, params?: ParamsOf<N>, query?: Query): string {
  const path = (pathOf as (name: N, params?: ParamsOf<N>) => string)(name, params);
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) if (value !== undefined) search.set(key, String(value));
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}

/** `{ method, url }` of the endpoint, for app.inject or a request context's fetch. */
export function endpointRequest<N extends EndpointName>(name: N, params?: ParamsOf<N>, query?: Query) {
  return { method: routeOf(name).method, url: endpointUrl(name, params, query) };
}

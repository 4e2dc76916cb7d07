/**
 * Spotlight variants (§7): the token as authorization and the switched account as a header, so
 * the Spotlight service knows which company a root user is looking at.
 */
import { ETAG_HEADER, IF_MATCH_HEADER, SWITCHED_COMPANY_HEADER } from '../shared/http-headers.ts';
import { ApiError } from './api-error.ts';
import { pathOf } from '../shared/endpoints/routes.ts';
import { callEndpoint } from './endpoint-call.ts';
import { buildUrl, call, readBody, request } from './http.ts';

export interface SpotlightAuth {
  token: string;
  switchedAccountId: string | null;
}

function spotlightHeaders(auth: SpotlightAuth): Record<string, string> {
  const headers: Record<string, string> = { authorization: `Bearer ${auth.token}` };
  if (auth.switchedAccountId) headers[SWITCHED_COMPANY_HEADER] = auth.switchedAccountId;
  return headers;
}

export interface SpotlightListQuery {
  page_num: number;
  results_per_page: number;
  /** field_direction, e.g. name_asc. */
  order_by?: string;
  filter_name?: string;
}

export const spotlight = {
  list: (auth: SpotlightAuth, resource: string, query: SpotlightListQuery) =>
    call(`/api/spotlight/${resource}`, { method: 'POST', body: query, headers: spotlightHeaders(auth) }),
  detail: (auth: SpotlightAuth, resource: string, id: string) =>
    call(`/api/spotlight/${resource}/${encodeURIComponent(id)}/details`, { headers: spotlightHeaders(auth) }),
  /** One record and its version (ETag), for an edit or delete that must not overwrite another's. */
  versioned: async (auth: SpotlightAuth, resource: string, id: string) => {
    const { body, response } = await request(`/api/spotlight/${resource}/${encodeURIComponent(id)}/details`, {
      headers: spotlightHeaders(auth),
    });
    return { body, etag: response.headers.get(ETAG_HEADER) ?? undefined };
  },
  /** An asset from a file (multipart/form-data: brief, name, format, then the file). */
  upload: async (auth: SpotlightAuth, form: FormData): Promise<unknown> => {
    const response = await fetch(buildUrl(pathOf('spotlightUpload')), {
      method: 'POST',
      body: form,
      headers: { accept: 'application/json', ...spotlightHeaders(auth) },
      credentials: 'include',
    });
    const body = await readBody(response);
    if (!response.ok) throw new ApiError(response.status, body);
    return body;
  },
  create: (auth: SpotlightAuth, resource: string, entity: unknown) =>
    call(`/api/spotlight/${resource}/create`, { method: 'POST', body: entity, headers: spotlightHeaders(auth) }),
  edit: (auth: SpotlightAuth, resource: string, id: string, entity: unknown, etag?: string) =>
    call(`/api/spotlight/${resource}/${encodeURIComponent(id)}/edit`, {
      method: 'POST',
      body: entity,
      headers: { ...spotlightHeaders(auth), ...(etag ? { [IF_MATCH_HEADER]: etag } : {}) },
    }),
  remove: (auth: SpotlightAuth, resource: string, id: string, etag?: string) =>
    call(`/api/spotlight/${resource}/${encodeURIComponent(id)}/delete`, {
      method: 'POST',
      headers: { ...spotlightHeaders(auth), ...(etag ? { [IF_MATCH_HEADER]: etag } : {}) },
    }),
  /** The dashboard's lists: the newest studies, and the assets ranked by attention with headline figures. */
  recentStudies: (auth: SpotlightAuth) => callEndpoint('spotlightRecentStudies', { headers: spotlightHeaders(auth) }),
  rankedAssets: (auth: SpotlightAuth) => callEndpoint('spotlightRankedAssets', { headers: spotlightHeaders(auth) }),
  /** An asset's creative (SVG, an uploaded image or video): images cannot send the token, so the page fetches it. */
  creative: async (auth: SpotlightAuth, id: string): Promise<Blob> => {
    const response = await fetch(buildUrl(pathOf('spotlightCreative', { id })), {
      headers: spotlightHeaders(auth),
      credentials: 'include',
    });
    if (!response.ok) throw new ApiError(response.status, await readBody(response));
    return response.blob();
  },
};

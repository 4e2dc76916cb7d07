/**
 * What every operation of the document has in common, added in one pass once the paths are
 * described: a stable operationId, a declared tag, the headers a client sends or reads (the test
 * sandbox, one-off faults, versions), a `default` error answer, and links from a create to the
 * operations that take the id it returns. Generated clients name calls by operationId and learn
 * the headers from here instead of from prose.
 */
import { ETAG_HEADER, PREFER_HEADER, SANDBOX_HEADER } from '../../../src/shared/http-headers.ts';
import { SANDBOX_NAME } from '../../../src/shared/schemas/sandbox.ts';
import { z } from 'zod';
import { PREFER_TOKENS, PreferHeaderSchema } from '../../../src/shared/schemas/test-traffic.ts';

type Json = Record<string, unknown>;
type Operation = Json & { responses: Record<string, Json>; parameters?: Json[]; tags?: string[] };

const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;

/** Header names as HTTP documents write them (x-lamp-sandbox → X-Lamp-Sandbox). */
const headerName = (name: string) =>
  name.replace(/(^|-)([a-z])/g, (_m, dash: string, c: string) => dash + c.toUpperCase());

/** As RFC 9110 spells it (headerName would write Etag). */
const ETAG = ETAG_HEADER === 'etag' ? 'ETag' : headerName(ETAG_HEADER);

const camel = (words: string[]) =>
  words.map((word, index) => (index === 0 ? word : word.charAt(0).toUpperCase() + word.slice(1))).join('');

/**
 * A stable operationId from the method and path alone, so it changes only when the route does:
 * GET /api/spotlight/brief/{id}/details → getSpotlightBriefByIdDetails. The resource engine's
 * calls read as what they do (listMeasurement, createMeasurement, …): see ENGINE_VERBS.
 */
export function operationIdOf(method: string, url: string, engine: boolean): string {
  const segments = url
    .replace(/^\/api\/(v1\/)?/, '')
    .split('/')
    .filter(Boolean)
    .map((segment) => (segment.startsWith('{') ? `by-${segment.slice(1, -1)}` : segment));
  const words = segments.flatMap((segment) => segment.split(/[-_.]/)).filter(Boolean);
  const verb = engine ? ENGINE_VERBS[method] : method;
  return camel([verb ?? method, ...words]);
}

const ENGINE_VERBS: Record<string, string> = { get: 'list', post: 'create', put: 'update', delete: 'delete' };

/** Spellings of one group: case, dashes and a plural aside (`import-job`, `Import Jobs`). */
const tagKey = (tag: string) =>
  tag
    .toLowerCase()
    .replace(/[-\s]+/g, ' ')
    .replace(/s$/, '');

/** One spelling per tag: `labels` and `Labels` are one group (the first spelling with a capital wins). */
function tagName(tag: string, known: Map<string, string>): string {
  const key = tagKey(tag);
  const existing = known.get(key);
  if (existing) return existing;
  const spaced = tag.replace(/-+/g, ' ');
  const named = spaced === 'api' ? 'API' : spaced.charAt(0).toUpperCase() + spaced.slice(1);
  known.set(key, named);
  return named;
}

const parameters: Record<string, Json> = {
  Sandbox: {
    name: headerName(SANDBOX_HEADER),
    in: 'header',
    required: false,
    description:
      'Demo and test modes: the test sandbox the request works in (its own data, clock, faults and journal); wins over the sandbox cookie. Empty: the default state. Ignored in production.',
    // A name, or empty (as the server takes it: the default state).
    schema: { type: 'string', pattern: `^(?:${SANDBOX_NAME.source.replace(/^\^|\$$/g, '')})?$` },
  },
  Prefer: {
    name: headerName(PREFER_HEADER),
    in: 'header',
    required: false,
    description: `Demo and test modes: a one-off fault for this request (RFC 7240): ${PREFER_TOKENS.join(', ')}, e.g. lamp-status=503, lamp-delay=200. An unknown lamp-* preference is a 400. Preference-Applied says what was applied.`,
    // The server's own check (maxLength and a visible-ASCII pattern): what it refuses, the document refuses.
    schema: (({ $schema: _ignored, ...schema }) => schema)(z.toJSONSchema(PreferHeaderSchema)),
  },
};

const headers: Record<string, Json> = {
  PreferenceApplied: {
    description: 'The Prefer preferences this answer applied (demo and test modes)',
    schema: { type: 'string' },
  },
  ETag: {
    description: "The row's version: send it back as If-Match to update or delete only that version",
    schema: { type: 'string' },
  },
};

const ifMatch: Json = {
  name: 'If-Match',
  in: 'header',
  required: false,
  description: "The record's ETag from its read (412 when it is no longer current); * overwrites.",
  // An empty one names no version: 412, as a stale one.
  schema: { type: 'string', minLength: 1 },
};

/**
 * Links from the engine's create to the calls that take the id it returns: a stateful client
 * (or a fuzzer) learns that `data.id` is the `id` of the read, the update and the delete.
 */
function engineLinks(item: Json): Json | undefined {
  const id = { 'query.id': '$response.body#/data/id' };
  const version = { 'header.If-Match': `$response.header.${ETAG}` };
  const links: Json = {};
  if (item.get) links.read = { operationId: (item.get as Json).operationId, parameters: id };
  if (item.put)
    links.update = {
      operationId: (item.put as Json).operationId,
      parameters: { ...id, ...version },
    };
  if (item.delete)
    links.delete = {
      operationId: (item.delete as Json).operationId,
      parameters: { ...id, ...version },
    };
  return Object.keys(links).length ? links : undefined;
}

/** Spotlight's create answers the record: its details, edit and delete take that id in the path. */
function spotlightLinks(url: string, paths: Record<string, Json>): Json | undefined {
  const base = url.replace(/\/create$/, '');
  const id = { 'path.id': '$response.body#/data/id' };
  const links: Json = {};
  for (const [name, suffix, method] of [
    ['read', 'details', 'get'],
    ['update', 'edit', 'post'],
    ['delete', 'delete', 'post'],
  ] as const) {
    const target = paths[`${base}/{id}/${suffix}`]?.[method] as Json | undefined;
    if (target) links[name] = { operationId: target.operationId, parameters: id };
  }
  return Object.keys(links).length ? links : undefined;
}

export function finishDocument(document: Json, engineUrls: ReadonlySet<string>): Json {
  const paths = document.paths as Record<string, Json>;
  const tags = new Map<string, string>();
  // Title-case spellings first, so `Labels` (the registry's) names the group `labels` joins.
  for (const item of Object.values(paths))
    for (const method of METHODS)
      for (const tag of ((item[method] as Operation | undefined)?.tags ?? []).filter((t) => /^[A-Z]/.test(t)))
        tags.set(tagKey(tag), tag);
  for (const [url, item] of Object.entries(paths)) {
    const engine = engineUrls.has(url);
    for (const method of METHODS) {
      const operation = item[method] as Operation | undefined;
      if (!operation) continue;
      operation.operationId = operationIdOf(method, url, engine);
      operation.tags = (operation.tags ?? ['API']).map((tag) => tagName(tag, tags));
      const own = operation.parameters ?? [];
      const writes412 = '412' in operation.responses;
      operation.parameters = [
        ...own,
        ...(writes412 && !own.some((p) => p.name === 'If-Match') ? [ifMatch] : []),
        { $ref: '#/components/parameters/Sandbox' },
        { $ref: '#/components/parameters/Prefer' },
      ];
      for (const [status, answer] of Object.entries(operation.responses)) {
        // A version comes with a read of one record and with a write that takes If-Match.
        const versioned =
          status.startsWith('2') &&
          status !== '204' &&
          (writes412 || url.endsWith('/details') || (engine && method !== 'delete'));
        answer.headers = {
          ...(answer.headers as Json | undefined),
          ...(versioned ? { [ETAG]: { $ref: '#/components/headers/ETag' } } : {}),
          'Preference-Applied': { $ref: '#/components/headers/PreferenceApplied' },
        };
      }
      // The two headers every operation takes can be malformed, so every operation can answer 400.
      operation.responses['400'] ??= {
        description: 'A malformed X-Lamp-Sandbox or Prefer header (demo and test modes)',
        content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
      };
      operation.responses.default = {
        description: 'Any other status: a fault a test sandbox injects, or an unexpected server error',
        content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
      };
    }
  }
  for (const [url, item] of Object.entries(paths)) {
    const created = (engineUrls.has(url) ? item.post : url.endsWith('/create') ? item.post : undefined) as
      Operation | undefined;
    const answer = created?.responses['201'];
    if (!answer) continue;
    const links = engineUrls.has(url) ? engineLinks(item) : spotlightLinks(url, paths);
    if (links) answer.links = links;
  }
  const components = document.components as Json;
  components.parameters = parameters;
  components.headers = headers;
  return {
    ...document,
    servers: [{ url: '/', description: 'The server this document is served from' }],
    tags: [...new Set(tags.values())].sort().map((name) => ({ name })),
  };
}

/**
 * The API description, generated from the same zod schemas the server validates with:
 * /api/openapi.json (OpenAPI 3.1) for tools, and in demo mode /api/reference, a plain
 * server-rendered page (no scripts, no CDN) for people.
 *
 * The resource engine's routes are described from the registry; every other route from its own
 * zod schemas (schema.querystring, schema.body, schema.response[200]) and schema.description, so
 * a route added by another module appears without extra work.
 */
import { routePlugin } from '../../plugins/named.ts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { VERSION_LABEL } from '../../../src/shared/constants.ts';
import {
  errorResponse,
  RESOURCE_NAMES,
  resources,
  type ResourceDefinition,
} from '../../../src/shared/schemas/index.ts';
import { jsonSchema, listParameters, pathParameter, queryParameters } from './openapi-parameters.ts';
import { renderReference } from './api-reference.ts';
import { finishDocument } from './openapi-finish.ts';
import { userRow as currentUser } from '../../../src/shared/schemas/user.ts'; // the signed-in user is a user row
import { stimUploadFields, UPLOAD_TYPES } from '../../../src/shared/schemas/spotlight.ts';
import type { RouteAccess } from '../../plugins/access.ts';
import { PERMISSIONS } from '../../../src/shared/access.ts';
import { resourcePath } from '../../../src/shared/endpoints/routes.ts';

type Json = Record<string, unknown>;

function accessText(access: RouteAccess | undefined): string {
  if (!access) return 'refused (no policy)';
  if (access === 'public') return 'public';
  if (access === 'authenticated') return 'signed-in user';
  if (access === 'demo') return 'demo and test modes only; a write not from a page on another site';
  if (access === 'test-control')
    return 'demo and test modes only, from this machine or with the test-control token; a write not from a page on another site';
  const parts = [
    access.permission && `permission ${access.permission}`,
    access.rule?.role && `role ${access.rule.role}`,
    access.rule?.feature && `account feature ${access.rule.feature}`,
    access.rule?.productOwner && 'an own account that is a product owner',
  ].filter(Boolean);
  return `signed-in user with ${parts.join(', ') || 'access to the account'}`;
}

/** Every error answer carries the Error body; these say when each status comes. */
const ERROR_TEXTS: Record<string, string> = {
  '400': 'Invalid input; the message names the field, and issues lists each bad field',
  '401': 'Not signed in',
  '403': 'Signed in without the access needed',
  '404': 'Not found, or not visible to this user',
  '409': 'Conflicts with the data as it is',
  '412': 'The record changed since the given ETag (If-Match)',
  '413': 'The body is larger than 5 MB',
  '415': 'The body is not JSON (or another media type this operation accepts)',
  '429': 'Too many attempts; Retry-After says how many seconds to wait',
};

function errorAnswer(status: string, description = ERROR_TEXTS[status] ?? 'Error'): Json {
  return {
    description,
    ...(status === '429' ? { headers: { 'Retry-After': { schema: { type: 'integer', minimum: 0 } } } } : {}),
    content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
  };
}

function errorAnswers(statuses: readonly string[]): Json {
  return Object.fromEntries([...new Set(statuses)].sort().map((status) => [status, errorAnswer(status)]));
}

/** Methods whose body access control checks (plugins/access.ts): 415 for other media, 413 when too large. */
const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The API's default is no-store (plugins/security-headers.ts); the contract is public. */
export const PUBLIC_CACHE = 'public, max-age=300';
const bodyErrors = (method: string) => (BODY_METHODS.has(method) ? ['413', '415'] : []);

/**
 * The operation's security, from the same access declaration the server enforces: a public route
 * (or a demo-mode one, open to anyone there) needs no session, so a client and a validating proxy
 * must not demand one; every other route inherits the document's session requirement.
 */
function securityOf(access: RouteAccess | undefined): Json {
  return access === 'public' || access === 'demo' || access === 'test-control' ? { security: [] } : {};
}

/**
 * The error answers a route's access declaration implies: 401 without a session, 403 and 404 from
 * a policy's account and role checks (and 403 for a route without a policy), 404 outside demo
 * mode; 400 where it reads input; 413 and 415 for bodies.
 */
function accessErrors(method: string, access: RouteAccess | undefined, readsInput: boolean): string[] {
  const policy = access === undefined || typeof access === 'object';
  return [
    ...(readsInput || policy || BODY_METHODS.has(method) ? ['400'] : []),
    ...(access === 'public' || access === 'demo' || access === 'test-control' ? [] : ['401']),
    ...(policy ? ['403'] : []),
    // test-control: another machine without the token; both: a write from a page on another site.
    ...(access === 'test-control' || (access === 'demo' && BODY_METHODS.has(method)) ? ['403'] : []),
    ...(access === 'demo' || access === 'test-control' || (access !== undefined && typeof access === 'object')
      ? ['404']
      : []),
    ...bodyErrors(method),
  ];
}

const pascal = (name: string) => name.replace(/(^|-)([a-z])/g, (_m, _d, c: string) => c.toUpperCase());

export function buildOpenApi(app: FastifyInstance): Json {
  const schemas: Json = { Error: jsonSchema(errorResponse, 'output'), CurrentUser: jsonSchema(currentUser, 'output') };
  const paths: Record<string, Json> = {};
  const idParam = { name: 'id', in: 'query', required: true, schema: { type: 'string', pattern: '^[0-9a-f]{24}$' } };
  const engineUrls = new Set<string>();

  for (const name of RESOURCE_NAMES) {
    const definition: ResourceDefinition = resources[name];
    const base = pascal(name);
    schemas[base] = jsonSchema(definition.row, 'output');
    schemas[`${base}Create`] = jsonSchema(definition.create, 'input');
    schemas[`${base}Update`] = jsonSchema(definition.update, 'input');
    const ref = (suffix = '') => ({ $ref: `#/components/schemas/${base}${suffix}` });
    const body = (suffix: string) => ({ required: true, content: { 'application/json': { schema: ref(suffix) } } });
    const one = {
      type: 'object',
      properties: { data: ref(), count: { type: 'integer', const: 1 } },
      required: ['data', 'count'],
    };
    const tags = [definition.title];
    const featureNote = definition.feature
      ? ` Only in accounts with ${definition.feature} on (403 otherwise; lists without an account filter leave the others out).`
      : '';
    const referenceNote = definition.references
      ? ` Ids in ${Object.keys(definition.references).join(', ')} must name rows the user may see, in the row's account or global (400 otherwise); an update checks the ids it adds, and all of them when it moves the row.`
      : '';
    const writeNote = `Needs role ${PERMISSIONS[definition.writePermission]} in the row's account${definition.accountPath === 'account?' ? ' (global rows: root)' : ''}.${featureNote}${referenceNote}`;
    const creatorNote = definition.creator
      ? ` Only the user in ${definition.creator.field}, or an ${PERMISSIONS[definition.creator.othersPermission]} of the row's account, may update or delete a row.`
      : '';
    const stale = { '412': errorAnswer('412', 'The row changed since the given ETag (changed by someone else)') };
    const url = resourcePath(name);
    engineUrls.add(url);
    const accessOf = (method: string) => app.routeTable.find((r) => r.method === method && r.url === url)?.access;
    // Besides what access implies: a user's e-mail in use, deleting your own user or account.
    const engineErrors = (method: string, ...more: string[]) =>
      errorAnswers([...accessErrors(method, accessOf(method), true), '403', ...more]);
    paths[url] = {
      get: {
        tags,
        summary: `List ${definition.title.toLowerCase()}`,
        description: `Rows of the accounts the user may access (global rows for everyone). Also X-Total-Count; with ?id= of one row, its ETag.${featureNote}`,
        ...securityOf(accessOf('GET')),
        parameters: listParameters(name, definition),
        responses: {
          '200': {
            description: 'A page of rows and the total count',
            headers: { 'X-Total-Count': { schema: { type: 'integer' } } },
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  properties: { data: { type: 'array', items: ref() }, count: { type: 'integer' } },
                  required: ['data', 'count'],
                },
              },
            },
          },
          ...engineErrors('GET'),
        },
      },
      post: {
        tags,
        summary: `Create a ${name}`,
        description: `${writeNote} Unknown fields are refused.`,
        ...securityOf(accessOf('POST')),
        requestBody: body('Create'),
        responses: {
          '201': { description: 'Created', content: { 'application/json': { schema: one } } },
          ...engineErrors('POST', '409'),
        },
      },
      put: {
        tags,
        summary: `Update a ${name}`,
        description: `${writeNote}${creatorNote} Partial; unknown fields are refused. Answers the row's new ETag.`,
        ...securityOf(accessOf('PUT')),
        parameters: [idParam],
        requestBody: body('Update'),
        responses: {
          '200': {
            description: 'Updated',
            content: { 'application/json': { schema: one } },
          },
          ...stale,
          ...engineErrors('PUT', '404', '409'),
        },
      },
      delete: {
        tags,
        summary: `Delete a ${name}`,
        description: `${writeNote}${creatorNote}`,
        ...securityOf(accessOf('DELETE')),
        parameters: [idParam],
        responses: {
          '204': { description: 'Deleted' },
          ...stale,
          ...engineErrors('DELETE', '404', '409'),
        },
      },
    };
  }

  // Every other route, from its own declaration (the non-resource endpoints' schemas, tags and
  // summaries come from the table of src/shared/endpoints): access, schema.querystring, schema.body and
  // schema.response (each status; error statuses beyond what access implies, such as 409 or 429,
  // are declared there too). Inputs a handler parses itself, for its own messages, and the texts
  // are added here.
  const jsonBody = (schema: z.ZodType) => ({
    // An optional body (a reset's options) may be left out altogether.
    required: !schema.safeParse(undefined).success,
    content: { 'application/json': { schema: jsonSchema(schema, 'input') } },
  });
  const known: Record<string, Json> = {
    // A file and its fields: the one multipart body (server/routes/spotlight/creatives.ts).
    'POST /api/spotlight/stim/upload': {
      requestBody: {
        required: true,
        content: {
          'multipart/form-data': {
            schema: {
              type: 'object',
              required: ['brief', 'name', 'format', 'file'],
              properties: {
                ...(jsonSchema(stimUploadFields, 'input').properties as Json),
                file: { type: 'string', format: 'binary', description: 'The creative, after the other fields' },
              },
            },
            encoding: { file: { contentType: Object.keys(UPLOAD_TYPES).join(', ') } },
          },
        },
      },
    },
    'GET /api/openapi.json': { summary: 'This document' },
    'GET /api/reference': {
      summary: 'The readable API reference (demo mode)',
      responses: { '200': { content: { 'text/html': { schema: { type: 'string' } } } } },
    },
    'GET /api/v1/measurement-tag/download': {
      responses: { '200': { content: { 'text/plain': { schema: { type: 'string' } } } } },
    },
    'GET /api/v1/audit-event/export': {
      responses: { '200': { content: { 'text/csv': { schema: { type: 'string' } } } } },
    },
  };
  // Answers that are a named schema refer to it.
  const components = new Map<unknown, Json>([[currentUser, { $ref: '#/components/schemas/CurrentUser' }]]);
  for (const route of app.routeTable) {
    if (route.method === 'HEAD' || !route.url.startsWith('/api') || engineUrls.has(route.url)) continue;
    const method = route.method.toLowerCase();
    const key = `${route.method} ${route.url}`;
    const openApiUrl = route.url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
    const schema = (route.schema as Json | undefined) ?? {};
    const parameters = queryParameters(schema.querystring);
    // The Spotlight guard (spotlight/guard.ts): 401 without a valid token, 403 outside the company
    // or below the role, 400 for a malformed X-Switched-Company.
    const bearer =
      Array.isArray(schema.security) &&
      (schema.security as Json[]).some((requirement) => 'spotlightToken' in requirement);
    if (bearer)
      parameters.push({
        name: 'X-Switched-Company',
        in: 'header',
        required: false,
        description: "The LAMP account whose Spotlight company to act in (default: the user's own)",
        schema: { type: 'string', pattern: '^[0-9a-f]{24}$' },
      });
    for (const match of openApiUrl.matchAll(/\{([^}]+)\}/g))
      parameters.push(pathParameter(match[1] ?? '', schema.params));
    const operation: Json = {
      tags: Array.isArray(schema.tags) ? schema.tags : [route.url.split('/')[3] ?? 'api'],
      summary: typeof schema.summary === 'string' ? schema.summary : key,
      description: `Access: ${accessText(route.access)}.${typeof schema.description === 'string' ? ` ${schema.description}` : ''}`,
      ...securityOf(route.access),
      // A route that names its own security (the Spotlight token) is held to it, not to its access.
      ...(Array.isArray(schema.security) ? { security: schema.security } : {}),
      ...(parameters.length ? { parameters } : {}),
      ...(schema.body instanceof z.ZodType ? { requestBody: jsonBody(schema.body) } : {}),
      ...known[key],
    };
    // Form bodies a route accepts besides JSON (config.bodyTypes) have the same fields.
    const requestBody = operation.requestBody as { content: Record<string, Json> } | undefined;
    for (const type of route.bodyTypes ?? [])
      if (requestBody && !requestBody.content[type])
        requestBody.content[type] = requestBody.content['application/json'] ?? {};
    const declared = (schema.response as Record<string, unknown> | undefined) ?? {};
    const answers: Json = {};
    for (const [status, response] of Object.entries(declared)) {
      const description = response instanceof z.ZodType ? response.description : undefined;
      // An error answer is the Error body unless the route declares another (Spotlight's onboarding).
      if (Number(status) >= 400 && (response === errorResponse || !(response instanceof z.ZodType)))
        answers[status] = errorAnswer(status, description);
      else if (Number(status) >= 400)
        answers[status] = {
          description: description ?? ERROR_TEXTS[status] ?? 'Error',
          content: { 'application/json': { schema: jsonSchema(response, 'output') } },
        };
      else if (status === '204') answers[status] = { description: description ?? 'No content' };
      else
        answers[status] = {
          description: description ?? 'OK',
          ...(response instanceof z.ZodType
            ? {
                content: { 'application/json': { schema: components.get(response) ?? jsonSchema(response, 'output') } },
              }
            : {}),
        };
    }
    if (!Object.keys(answers).some((status) => Number(status) < 300)) answers['200'] = { description: 'OK' };
    // A known entry's answers add to the declared ones (another media type of the same answer, say).
    for (const [status, extra] of Object.entries((known[key]?.responses as Record<string, Json> | undefined) ?? {})) {
      const answer = answers[status] as Json | undefined;
      answers[status] = {
        ...answer,
        ...extra,
        content: { ...(answer?.content as Json | undefined), ...(extra.content as Json | undefined) },
      };
    }
    const readsInput = (operation.parameters as Json[] | undefined)?.length || operation.requestBody !== undefined;
    operation.responses = {
      ...errorAnswers([
        ...accessErrors(route.method, route.access, Boolean(readsInput)),
        ...(bearer ? ['400', '401', '403'] : []),
      ]),
      ...answers,
    };
    paths[openApiUrl] = { ...paths[openApiUrl], [method]: operation };
  }

  return finishDocument(
    {
      openapi: '3.1.0',
      info: {
        title: 'LAMP API',
        version: VERSION_LABEL,
        description:
          'The LAMP attention measurement API. Sign in with POST /api/v1/auth; the session cookie authenticates every other call. Request bodies are JSON (other media types get 415). Errors are {statusCode, error, message}; a 400 adds issues: [{path, message}], one per bad field. A method a path does not have answers 405 with an Allow header naming the methods it takes (a path that does not exist, 404): a 405 belongs to no operation of the path, so it is said here once rather than declared on operations that never answer it.',
      },
      components: {
        schemas,
        securitySchemes: {
          session: { type: 'apiKey', in: 'cookie', name: 'lamp_session' },
          // The Spotlight service (decisions.md §5): GET /api/spotlight-auth issues it; the switched
          // company goes in X-Switched-Company.
          spotlightToken: { type: 'http', scheme: 'bearer', description: 'Spotlight token, valid for 1 hour' },
        },
      },
      security: [{ session: [] }],
      paths,
    },
    engineUrls,
  );
}

export function openApiRoutes(app: FastifyInstance) {
  let cached: Json | null = null;
  const document = () => (cached ??= buildOpenApi(app));
  // Public and the same for everyone (it changes only with a deploy): the one API answer caches keep.
  app.get('/api/openapi.json', { config: { access: 'public' } }, (_request, reply) =>
    reply.header('cache-control', PUBLIC_CACHE).send(document()),
  );
  app.get('/api/reference', { config: { access: 'demo' } }, (_request, reply) =>
    reply
      .asDocument()
      .header('cache-control', PUBLIC_CACHE)
      .type('text/html; charset=utf-8')
      .send(renderReference(document())),
  );
}

export const openapiPlugin = routePlugin('openapi', openApiRoutes);

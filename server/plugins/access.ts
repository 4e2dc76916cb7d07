/**
 * Route access, fail closed: every route declares `config.access`, and a route without one
 * refuses every request. The policies use the one permission table of src/shared/access.ts, and
 * are checked on every request against the user as the store has it now (session.ts re-reads it),
 * so a revoked grant takes effect at once.
 *
 *   'public'         anyone, signed in or not
 *   'authenticated'  any signed-in user
 *   'demo'           anyone, in demo and test modes only (404 otherwise)
 *   'test-control'   demo and test modes only (404 otherwise), and then only a loopback client
 *                    that names a loopback Host (or one of LAMP_TEST_CONTROL_HOSTS: DNS
 *                    rebinding, server/test-control.ts), or a request carrying the configured
 *                    test-control token (403 otherwise):
 *                    these routes reset data and read reset links, so whoever reaches a demo
 *                    container over the network must not use them
 *   Every route refuses a write (POST, PUT, PATCH, DELETE) from a page on another site
 *   (server/cross-site.ts), 403: an empty POST or a form post needs no preflight, the session
 *   cookie goes along with it, and loopback is where a demo's own browser is.
 *   { rule, permission, account }   a signed-in user whose effective role in the selected account
 *                    meets the rule (role, feature flag, product-owner account); the selected
 *                    account is `account(request)`, by default the `account` query parameter,
 *                    else the user's own account.
 */
import { namedPlugin } from './named.ts';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  onRequestHookHandler,
  preHandlerHookHandler,
} from 'fastify';
import {
  canAccessAccount,
  checkAccess,
  effectiveRole,
  type AccessErrorKind,
  type AccessRule,
  type Permission,
  type Role,
} from '../../src/shared/access.ts';
import { messages } from '../../src/shared/messages.ts';
import type { Account, User } from '../../src/shared/schemas/index.ts';
import { objectId } from '../../src/shared/schemas/index.ts';
import { TEST_CONTROL_HEADER } from '../../src/shared/schemas/sandbox.ts';
import { isDemoLike } from '../config.ts';
import { isCrossSite, ownOrigins } from '../cross-site.ts';
import { isLoopback, refusedTestControlHost, tokenMatches } from '../test-control.ts';
import { badRequest, forbidden, HttpError, notFound, unauthorized } from '../http-errors.ts';
import { hookList } from '../route-hooks.ts';
import type { Repositories } from '../store/repositories.ts';

export interface AccessPolicy {
  rule?: AccessRule;
  /** A permission of the table; the same as rule.permission. */
  permission?: Permission;
  /** Where the selected account comes from; by default ?account=, else the user's own account. */
  account?: (request: FastifyRequest) => unknown;
}

export type RouteAccess = 'public' | 'authenticated' | 'demo' | 'test-control' | AccessPolicy;

// The header that carries LAMP_TEST_CONTROL_TOKEN for test control from another machine.
export { TEST_CONTROL_HEADER };

export { isLoopback };

/** What a policy check established: the user, the selected account and the role in it. */
export interface RequestAccess {
  user: User;
  account: Account;
  role: Role;
}

/** One entry per route, for the authorization matrix and the API reference. */
export interface RouteEntry {
  method: string;
  url: string;
  access: RouteAccess | undefined;
  /** The route's own schema (zod), for the API description. */
  schema?: unknown;
  /** Body media types accepted besides JSON (config.bodyTypes), for the API description. */
  bodyTypes?: readonly string[];
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
    /**
     * Request body media types the route accepts besides application/json (which is the default
     * and the only one safe from cross-site forms: see csrf in this file).
     */
    bodyTypes?: readonly string[];
    /**
     * Refuse requests from pages on other sites (server/cross-site.ts), whatever the method: for a
     * GET that changes state (the spec's GET /api/spotlight-auth creates accounts).
     */
    sameSiteOnly?: boolean;
  }
  interface FastifyRequest {
    /** Set by a policy check ({rule, permission}); null on other routes. */
    access: RequestAccess | null;
  }
  interface FastifyInstance {
    routeTable: RouteEntry[];
    /** Resolves and checks an account for the signed-in user (for handlers checking per row). */
    accountAccess(user: User, accountId: unknown): RequestAccess;
  }
}

const ERROR_TEXTS: Record<AccessErrorKind, string> = {
  user: messages.access.userError,
  account: messages.access.accountError,
  spotlight: messages.access.spotlightNoAccess,
};

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function mediaType(header: string | undefined): string {
  return (header ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
}

function hasBody(request: FastifyRequest): boolean {
  const length = request.headers['content-length'];
  return (length !== undefined && length !== '0') || request.headers['transfer-encoding'] !== undefined;
}

export function accessControl(app: FastifyInstance, repositories: Repositories) {
  app.decorate('routeTable', [] as RouteEntry[]);
  app.decorateRequest('access', null);

  function resolveAccount(user: User, accountId: unknown): RequestAccess {
    const id = accountId === undefined || accountId === null || accountId === '' ? user.account : accountId;
    const parsed = objectId.safeParse(id);
    if (!parsed.success) throw badRequest(`account: ${parsed.error.issues[0]?.message ?? 'invalid'}`);
    if (!canAccessAccount(user, parsed.data)) throw forbidden(messages.access.foreignAccount);
    const account = repositories.account.byId(parsed.data);
    if (!account) throw notFound('Account not found');
    return { user, account, role: effectiveRole(user, account.id) };
  }
  app.decorate('accountAccess', resolveAccount);
  const own = ownOrigins([app.config.publicUrl, ...app.config.corsOrigins]);

  // Authentication and the cheap checks run before the body is read.
  const checkRequest = (
    access: RouteAccess | undefined,
    bodyTypes: readonly string[],
    sameSiteOnly: boolean,
    request: FastifyRequest,
    reply: FastifyReply,
  ): boolean => {
    if (!access) {
      throw new HttpError(403, messages.access.noPolicy);
    }
    const control = access === 'demo' || access === 'test-control';
    if (control) {
      if (!isDemoLike(app.config)) throw notFound(messages.api.testingOnly);
      if (
        access === 'test-control' &&
        !tokenMatches(app.config.testControlToken, request.headers[TEST_CONTROL_HEADER])
      ) {
        if (!isLoopback(request.ip)) throw forbidden(messages.api.testControlRefused);
        // A loopback client may still be a page of another site that rebound its name to this
        // machine (server/test-control.ts): its Host gives it away.
        const refused = refusedTestControlHost(request.headers, app.config.testControlHosts);
        if (refused !== null) throw forbidden(messages.api.testControlHostRefused(refused));
      }
    } else if (access !== 'public' && !request.user) {
      throw unauthorized(messages.auth.signInRequired);
    }
    // Every write from a page on another site, with or without a body or the session cookie: a
    // form post or an empty POST needs no preflight, and SameSite=Lax is the only other guard.
    if ((sameSiteOnly || BODY_METHODS.has(request.method)) && isCrossSite(request, own)) {
      throw forbidden(messages.api.crossSiteRefused);
    }
    // CSRF: a foreign page can send form and text bodies without a preflight, never JSON.
    if (BODY_METHODS.has(request.method) && hasBody(request)) {
      const type = mediaType(request.headers['content-type']);
      if (type !== 'application/json' && !bodyTypes.includes(type)) {
        void reply.code(415).send({ statusCode: 415, error: 'Unsupported Media Type', message: messages.api.jsonOnly });
        return false;
      }
      // A form body a route takes (forgotten-password, an upload) from a page on another site:
      // refused as the browser's preflight refuses that page's JSON.
      if (type !== 'application/json' && isCrossSite(request, own)) throw forbidden(messages.api.crossSiteRefused);
    }
    return true;
  };

  // Policies may read the body (the selected account of a write), so they run after parsing.
  const checkPolicy = (access: AccessPolicy, request: FastifyRequest) => {
    const user = request.user;
    if (!user) throw unauthorized(messages.auth.signInRequired);
    const query = request.query as Record<string, unknown> | undefined;
    const selected = access.account ? access.account(request) : query?.account;
    const resolved = resolveAccount(user, selected);
    const rule: AccessRule = access.permission
      ? { ...access.rule, permission: access.permission }
      : (access.rule ?? {});
    const failure = checkAccess(rule, {
      role: resolved.role,
      account: resolved.account,
      ownAccountId: user.account,
      productOwnerAccountIds: app.config.productOwnerAccountIds,
    });
    if (failure === 'account' && request.method !== 'GET' && request.method !== 'HEAD')
      throw forbidden(messages.access.writeRefused);
    if (failure) throw forbidden(ERROR_TEXTS[failure]);
    request.access = resolved;
  };

  // Each route gets its checks as its own hooks, with its policy bound here: nothing to look up
  // per request (Fastify builds a new request.routeOptions object on every read), and no policy
  // hook on routes without one. Callback-style hooks (a throw becomes done(error)): async ones
  // cost every request a promise and a microtask.
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    // @fastify/static's file routes serve the public build and cannot carry a config of ours.
    const isStaticFile = typeof (route.config as { file?: unknown } | undefined)?.file === 'string';
    if (isStaticFile) {
      route.config = { ...route.config, access: 'public' };
      return;
    }
    for (const method of methods)
      app.routeTable.push({
        method,
        url: route.url,
        access: route.config?.access,
        schema: route.schema,
        bodyTypes: route.config?.bodyTypes,
      });
    const access = route.config?.access;
    if (!access) app.log.error({ url: route.url }, 'route declares no access policy: it refuses everyone');
    const sameSiteOnly = route.config?.sameSiteOnly === true;
    // A public read has nothing to check.
    if (access === 'public' && !sameSiteOnly && !methods.some((method) => BODY_METHODS.has(method))) return;
    const bodyTypes = route.config?.bodyTypes ?? [];
    const onRequest: onRequestHookHandler = (request, reply, done) => {
      try {
        // A reply sent here (415) ends the request: done is not called then.
        if (checkRequest(access, bodyTypes, sameSiteOnly, request, reply)) done();
      } catch (error) {
        done(error as Error);
      }
    };
    // First among the route's own hooks, as a global hook would be: nothing runs unchecked.
    route.onRequest = [onRequest, ...hookList(route.onRequest)];
    if (access && typeof access === 'object') {
      const preHandler: preHandlerHookHandler = (request, _reply, done) => {
        try {
          checkPolicy(access, request);
          done();
        } catch (error) {
          done(error as Error);
        }
      };
      route.preHandler = [preHandler, ...hookList(route.preHandler)];
    }
  });
}

/**
 * After the sessions (it reads request.user) and CORS (whose OPTIONS route must not be checked);
 * before every route, which routePlugin (named.ts) makes each route module declare.
 */
export const accessPlugin = namedPlugin('lamp-access', ['lamp-sessions', 'lamp-cors'], (app) =>
  accessControl(app, app.repositories),
);

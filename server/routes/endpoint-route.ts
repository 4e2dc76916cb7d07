/**
 * Registers a non-resource endpoint from its declaration (src/shared/endpoints): the method and
 * path, the query and body schemas Fastify validates with (the zod type provider gives the
 * handler their types and the 400 messages of server/plugins/errors.ts), the answer schema that
 * shapes the success answer, and the document's tags and summary. The route adds what only the
 * server knows: its access policy, hooks, error answers and the description of its rules.
 */
import type {
  ContextConfigDefault,
  FastifyInstance,
  FastifySchema,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteShorthandOptionsWithHandler,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { Endpoint } from '../../src/shared/endpoints/index.ts';

/** Answers by status besides the declared success answer (errors, another success status). */
type Responses = Record<number, z.ZodType>;

type SuccessOf<E extends Endpoint> = E extends { answer: infer A }
  ? { [S in E extends { status: infer T extends number } ? T : 200]: A }
  : unknown;

/** The Fastify schema of an endpoint's route, as the zod type provider reads it. */
export type EndpointSchema<E extends Endpoint, Extra extends Responses> = FastifySchema & {
  params: E extends { params: infer P } ? P : undefined;
  querystring: E extends { query: infer Q } ? Q : undefined;
  body: E extends { body: infer B } ? B : undefined;
  // An endpoint that answers no JSON (a file) leaves its reply untyped.
  response: E extends { answer: unknown } ? SuccessOf<E> & Extra : unknown;
};

/** Fastify's route options for the endpoint's schema under the zod type provider. */
type RouteOptions<E extends Endpoint, Extra extends Responses> = RouteShorthandOptionsWithHandler<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  RouteGenericInterface,
  ContextConfigDefault,
  EndpointSchema<E, Extra>,
  ZodTypeProvider
>;

type Options<E extends Endpoint, Extra extends Responses> = Omit<RouteOptions<E, Extra>, 'schema' | 'handler'> & {
  /** What the document says of the route's rules (access, refusals, what it changes). */
  description?: string;
  responses?: Extra;
  /**
   * The handler parses the query and body itself, for messages of its own (the sign-in and
   * password forms): Fastify passes them through, and the schemas only describe the route.
   */
  handlerParses?: boolean;
};

export type EndpointHandler<E extends Endpoint, Extra extends Responses = Responses> = RouteOptions<
  E,
  Extra
>['handler'];

const passThrough = () => (value: unknown) => ({ value });

export function routeFrom<E extends Endpoint, Extra extends Responses = Record<never, z.ZodType>>(
  app: FastifyInstance,
  endpoint: E,
  options: Options<E, Extra>,
  handler: EndpointHandler<E, Extra>,
): void {
  const { description, responses, handlerParses, ...rest } = options;
  const schema = {
    tags: [...endpoint.tags],
    summary: endpoint.summary,
    ...(description ? { description } : {}),
    ...(endpoint.bearer ? { security: [{ spotlightToken: [] }] } : {}),
    ...(endpoint.params ? { params: endpoint.params } : {}),
    ...(endpoint.query ? { querystring: endpoint.query } : {}),
    ...(endpoint.body ? { body: endpoint.body } : {}),
    response: { ...(endpoint.answer ? { [endpoint.status ?? 200]: endpoint.answer } : {}), ...responses },
  };
  app.withTypeProvider<ZodTypeProvider>().route({
    ...rest,
    // A demo or test-control endpoint's access is its declaration's.
    ...(endpoint.only ? { config: { ...rest.config, access: endpoint.only } } : {}),
    ...(handlerParses ? { validatorCompiler: passThrough } : {}),
    method: endpoint.method,
    url: endpoint.path,
    // The declaration's schemas are what the type parameters above describe.
    schema: schema as unknown as EndpointSchema<E, Extra>,
    handler,
  });
}

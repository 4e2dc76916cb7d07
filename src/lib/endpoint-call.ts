/**
 * Calls a non-resource endpoint by its name in the table of src/shared/endpoints: the method and
 * path come from the table's zod-free route lines (so the request leaves at once), the answer is
 * parsed with the declaration's schema from its area's lazily loaded module (endpoint-areas.ts). An answer that does
 * not match its schema is an AnswerShapeError, never a silent cast.
 */
import type { AnswerOf, BodyOf, EndpointName, Endpoints, QueryOf } from '../shared/endpoints/index.ts';
import { pathOf, routeOf, type ParamsOf } from '../shared/endpoints/routes.ts';
import { messages } from '../shared/messages.ts';
import { ApiError } from './api-error.ts';
import { request, type Query, type RequestOptions } from './http.ts';
import { parseAnswer, ParseRefusal, prepareAnswer } from './parse.ts';

/** The server answered with a body its endpoint's schema refuses: a contract broken, not a user error. */
export class AnswerShapeError extends ApiError {
  override name = 'AnswerShapeError';
  /** Which endpoint and what did not match, for the console and bug reports. */
  readonly detail: string;
  constructor(status: number, body: unknown, detail: string) {
    super(status, { message: messages.errors.unexpected });
    this.detail = detail;
    void body;
  }
}

export type EndpointInput<N extends EndpointName> = Omit<RequestOptions, 'method' | 'query' | 'body'> & {
  /** The path's `:name` segments (required by an endpoint whose path has them). */
  params?: ParamsOf<N>;
  query?: QueryOf<Endpoints[N]>;
  body?: BodyOf<Endpoints[N]>;
};

/** The endpoint's answer, parsed with its schema (null for an endpoint that answers no JSON). */
export async function callEndpoint<N extends EndpointName>(
  name: N,
  input: EndpointInput<N> = {},
): Promise<AnswerOf<Endpoints[N]>> {
  const { method } = routeOf(name);
  const { query, params, ...options } = input;
  const path = (pathOf as (name: N, params?: ParamsOf<N>) => string)(name, params);
  prepareAnswer(name);
  const { body, response } = await request(path, { ...options, method, query: query as Query | undefined });
  // An endpoint that answers no JSON declares no answer schema: its parse gives the body back.
  if (body === null) return null as AnswerOf<Endpoints[N]>;
  try {
    return (await parseAnswer(name, body)) as AnswerOf<Endpoints[N]>;
  } catch (error) {
    if (!(error instanceof ParseRefusal)) throw error;
    const detail = `${method} ${path}: the answer does not match its schema (${error.message})`;
    console.error(detail);
    throw new AnswerShapeError(response.status, body, detail);
  }
}

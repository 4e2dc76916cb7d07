/**
 * What a non-resource endpoint declares (the resource engine's routes come from the registry,
 * ../schemas/index.ts): its input and answer schemas and what the API document says of it. The
 * server registers the route from it (server/routes/endpoint-route.ts), the browser's client
 * builds the URL and parses the answer with it (src/lib/endpoint-call.ts), and the OpenAPI document
 * reads the schemas the route carries.
 */
import type { z } from 'zod';
import { routeOf, type EndpointName, type MethodOf, type PathOf } from './routes.ts';

export interface EndpointDeclaration {
  /** The `:name` segments of the path, where the server checks them beyond being a segment. */
  readonly params?: z.ZodType;
  readonly query?: z.ZodType;
  /** A JSON body (a form body takes the same fields where the route accepts one). */
  readonly body?: z.ZodType;
  /** The answer's JSON; absent when the answer is not JSON (a file) or empty (204). */
  readonly answer?: z.ZodType;
  /** The status of a successful answer. */
  readonly status?: 200 | 201 | 204;
  readonly tags: readonly string[];
  readonly summary: string;
  /**
   * Registered only in demo and test modes (absent, so 404 and left out of the document, in
   * production): 'demo' is open to anyone there, 'test-control' only to this machine or a
   * request with the test-control token. Either is the route's access policy.
   */
  readonly only?: 'demo' | 'test-control';
  /** Spotlight's token (Authorization: Bearer) instead of the LAMP session. */
  readonly bearer?: true;
}

export type Endpoint<N extends EndpointName = EndpointName, D extends EndpointDeclaration = EndpointDeclaration> = D & {
  readonly name: N;
  readonly method: MethodOf<N>;
  readonly path: PathOf<N>;
};

/** An endpoint's declaration with its method and path (./routes.ts). */
export function endpoint<const N extends EndpointName, const D extends EndpointDeclaration>(
  name: N,
  declaration: D,
): Endpoint<N, D> {
  return { ...declaration, name, ...routeOf(name) };
}

/** An area's endpoints, with the fields they share (tags; demo or test control) written once. */
export function areaEndpoint<const C extends Partial<EndpointDeclaration>>(common: C) {
  return <const N extends EndpointName, const D extends Partial<EndpointDeclaration>>(name: N, declaration: D) =>
    endpoint(name, { ...common, ...declaration } as C & D & EndpointDeclaration);
}

/** The input and answer types of a declaration, as a client sends and reads them. */
export type QueryOf<E> = E extends { query: infer Q extends z.ZodType } ? z.input<Q> : undefined;
export type BodyOf<E> = E extends { body: infer B extends z.ZodType } ? z.input<B> : undefined;
export type AnswerOf<E> = E extends { answer: infer A extends z.ZodType } ? z.output<A> : null;

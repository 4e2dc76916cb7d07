/**
 * The types of the test-control calls, read from the generated OpenAPI types (./generated.ts):
 * a route's body, query and success answer by its name in LAMP's endpoint table.
 */
import type { paths, ROUTES } from './generated.ts';

type Routes = typeof ROUTES;
/** A test-control route's name (LAMP's endpoint table: resetState, addFault, journal, …). */
export type RouteName = keyof Routes;

/** '/a/:name/b' as the document writes it: '/a/{name}/b'. */
type Braced<P extends string> = P extends `${infer Head}/:${infer Name}/${infer Rest}`
  ? `${Head}/{${Name}}/${Braced<Rest>}`
  : P extends `${infer Head}/:${infer Name}`
    ? `${Head}/{${Name}}`
    : P;

type Operation<N extends RouteName> = paths[Braced<Routes[N]['path']> & keyof paths][Lowercase<Routes[N]['method']> &
  keyof paths[Braced<Routes[N]['path']> & keyof paths]];

type JsonOf<R> = R extends { content: { 'application/json': infer T } } ? T : null;

/** A route's success answer (200 or 201; null for a 204). */
export type AnswerOf<N extends RouteName> =
  Operation<N> extends { responses: infer R }
    ? R extends { 200: infer A }
      ? JsonOf<A>
      : R extends { 201: infer A }
        ? JsonOf<A>
        : null
    : never;

/** A route's JSON body. */
export type BodyOf<N extends RouteName> =
  Operation<N> extends { requestBody?: { content: { 'application/json': infer B } } } ? B : never;

/** A route's query parameters. */
export type QueryOf<N extends RouteName> =
  Operation<N> extends { parameters: { query?: infer Q } } ? NonNullable<Q> : never;

export type Sandbox = AnswerOf<'resetSandbox'>;
export type SandboxList = AnswerOf<'listSandboxes'>;
export type ClockAnswer = AnswerOf<'readClock'>;
/** PUT /api/v1/testing/clock's body: `now` (ISO, or null for the machine's time) and `frozen`. */
export type ClockBody = BodyOf<'setClock'>;
export type FaultRuleBody = BodyOf<'addFault'>;
export type FaultRule = AnswerOf<'addFault'>;
export type JournalQuery = QueryOf<'journal'>;
export type JournalList = AnswerOf<'journal'>;
export type JournalEntry = JournalList['data'][number];
export type OutboxMessage = AnswerOf<'issueLink'>;
export type LinkBody = BodyOf<'issueLink'>;
export type TestUserBody = BodyOf<'createTestUser'>;
export type TestUser = AnswerOf<'createTestUser'>;
export type MintSessionBody = BodyOf<'mintSession'>;
export type MintedSession = AnswerOf<'mintSession'>;

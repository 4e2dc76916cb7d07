/**
 * What an entry of the operation table (operations.ts) may ask of the walk: rows the generic walk
 * found, the accounts and users it works with, throwaway users and e-mailed links. The contract
 * walk builds it over LAMP's fixtures; the conformance kit over the accounts and users its config
 * names, so one table drives both.
 */
import { resources, type ResourceName } from '../../src/shared/schemas/index.ts';
import { type Answer, type ContractClient, type Persona, type Step, sessionCookie, PASSWORD } from './client.ts';
import { copyOf, type Samples } from './resources.ts';

type Row = Record<string, unknown>;

/**
 * An entry that cannot run against this API (no test control, a resource not walked): the kit
 * reports the operation as not exercised, with the reason; the contract walk fails on it.
 */
export class Skip extends Error {}

/** The accounts and users the table's entries name. */
export interface Cast {
  accounts: {
    /** The account admin, writer and reader work in. */
    own: string;
    /** An account none of them may see (foreign's). */
    foreign: string;
    /** Super's own account (the platform's, which cannot be deleted). */
    home: string;
    /** A Spotlight company super opens Spotlight for. */
    spotlight: string;
  };
  /** Each persona's user id and sign-in. */
  users: Record<Persona, { id: string; email: string; password: string }>;
  /** A user who has not confirmed their e-mail address, if the API has one to sign in. */
  unverified?: { email: string; password: string };
  /** The API has LAMP's test control (/api/v1/testing: throwaway users, e-mailed links, sandboxes). */
  testControl: boolean;
}

export interface World {
  cast: Cast;
  /** The first row the walk found of a resource (the own account's or global), or the first matching. */
  row(name: ResourceName, where?: (row: Row) => boolean): Row;
  id(name: ResourceName): string;
  /** A create body copied from that row. */
  copy(name: ResourceName): Row;
  /** A new session of the reader (to end one). */
  freshSession(): Promise<{ cookie: string; name: string }>;
  /** A new user of the own account (POST /api/v1/testing/users), signed in. */
  throwawayUser(): Promise<{ email: string; session: { cookie: string; name: string } }>;
  /** The query of a link e-mailed to the address (POST /api/v1/testing/outbox/links). */
  link(kind: 'reset-password' | 'login-link', email: string): Promise<URLSearchParams>;
  /** Sends one request of the walk now (its answer feeds later requests: an id, an ETag). */
  send(operation: string, step: Step): Promise<Answer>;
}

export function makeWorld(client: ContractClient, samples: Samples, cast: Cast): World {
  let serial = 0;
  const row = (name: ResourceName, where: (row: Row) => boolean = () => true) => {
    const found = (samples[name] ?? []).find(where);
    if (!found) throw new Skip(`the walk found no ${name} row to use`);
    return found;
  };
  const needsTestControl = (what: string) => {
    if (!cast.testControl) throw new Skip(`needs test control (${what})`);
  };
  const signIn = async (email: string, password: string) => {
    const answer = await client.send('POST /api/v1/auth', { body: { email, password }, status: 200 });
    return { cookie: sessionCookie(answer.headers), name: email };
  };
  return {
    cast,
    row,
    id: (name) => String(row(name).id),
    copy: (name) => copyOf(resources[name], row(name), 0),
    freshSession: () => signIn(cast.users.reader.email, cast.users.reader.password),
    async throwawayUser() {
      needsTestControl('a throwaway user');
      serial += 1;
      const email = `contract-walk-${serial}@example.test`;
      await client.send('POST /api/v1/testing/users', { body: { email, password: PASSWORD }, status: 201 });
      return { email, session: await signIn(email, PASSWORD) };
    },
    async link(kind, email) {
      needsTestControl('an e-mailed link');
      const answer = await client.send('POST /api/v1/testing/outbox/links', { body: { kind, email }, status: 201 });
      const link = (answer.body as { link?: unknown } | null)?.link;
      if (typeof link !== 'string') throw new Error(`no ${kind} link for ${email}`);
      return new URL(link, 'http://link').searchParams;
    },
    send: (operation, step) => client.send(operation, step),
  };
}

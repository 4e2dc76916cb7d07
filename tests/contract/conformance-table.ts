/**
 * The conformance kit's run of the operation table (operations.ts), the contract walk's own
 * entries: every operation outside the resource engine (sign-in, Spotlight, test control, imports,
 * reports, the account users area), as the accounts and users the config names.
 *
 * An entry that cannot run against this API is skipped with its reason, never dropped: test
 * control's routes where the API has none, an entry that writes where the kit could not undo it
 * (without test control there is no sandbox to drop), an entry that needs a resource the config
 * left out of the walk.
 */
import type { ContractClient, Persona } from './client.ts';
import { OPERATIONS } from './operations.ts';
import type { Samples } from './resources.ts';
import { makeWorld, Skip, type Cast } from './world.ts';

/** LAMP's test control: demo and test modes only; another API need not have it. */
const TEST_CONTROL = /^\w+ \/api\/v1\/(testing\/|testing$|import-job\/advance$|demo\/)/;

/**
 * Entries that write yet leave the data as they found it, so they run without a sandbox too:
 * Spotlight's delete everything they make (a study goes with its assets), and the others only
 * provoke refusals, which change nothing.
 */
const UNDOES_ITS_WRITES: ReadonlySet<string> = new Set([
  'POST /api/spotlight/brief',
  'POST /api/spotlight/stim',
  'POST /api/spotlight/company',
  'POST /api/spotlight/user',
  'POST /api/spotlight/stim/upload',
  'POST /api/v1/user',
  'DELETE /api/v1/user',
  'DELETE /api/v1/account',
  'POST /api/v1/saved-report',
  'PUT /api/v1/saved-report',
  'DELETE /api/v1/domain-list',
]);

/** Why the kit does not run an entry against this API, or null: it runs. */
function skipReason(operation: string, cast: Cast): string | null {
  if (cast.testControl) return null;
  if (TEST_CONTROL.test(operation)) return 'test control only (the config does not say testControl: true)';
  if (!operation.startsWith('GET ') && !UNDOES_ITS_WRITES.has(operation))
    return 'writes data that only dropping a sandbox undoes (needs testControl: true)';
  return null;
}

/** Each persona's user id, and super's account, as the API reports them (GET /api/v1/current-user). */
export async function castOf(
  client: ContractClient,
  accounts: { own: string; foreign: string; spotlight?: string | undefined },
  testControl: boolean,
): Promise<Cast> {
  const users = {} as Cast['users'];
  let home = accounts.own;
  for (const persona of Object.keys(client.people) as Persona[]) {
    const answer = await client.send('GET /api/v1/current-user', { as: persona, status: 200 });
    const user = answer.body as { id?: unknown; account?: unknown } | null;
    users[persona] = { id: String(user?.id), ...client.people[persona] };
    if (persona === 'super' && typeof user?.account === 'string') home = user.account;
  }
  return {
    accounts: { own: accounts.own, foreign: accounts.foreign, home, spotlight: accounts.spotlight ?? accounts.own },
    users,
    testControl,
  };
}

/**
 * Runs the table's entries (those `only` names, or all); returns the operations it skipped, with
 * the reason. An entry that throws otherwise is a finding on its operation.
 */
export async function runOperationTable(
  client: ContractClient,
  samples: Samples,
  cast: Cast,
  only?: readonly string[],
): Promise<Map<string, string>> {
  const skipped = new Map<string, string>();
  const w = makeWorld(client, samples, cast);
  for (const [operation, entry] of Object.entries(OPERATIONS)) {
    if (only && !only.includes(operation)) continue;
    const reason = skipReason(operation, cast);
    if (reason) {
      skipped.set(operation, reason);
      continue;
    }
    try {
      for (const step of await entry(w)) await client.send(operation, step);
    } catch (error) {
      if (error instanceof Skip) skipped.set(operation, error.message);
      else client.flag(operation, operation, `the kit could not walk it: ${String(error)}`);
    }
  }
  return skipped;
}

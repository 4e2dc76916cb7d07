/**
 * A property of test sandboxes: whatever the interleaving of writes, resets and
 * deletions across sandboxes (some of them concurrent), every sandbox and the default state see
 * exactly their own writes since their last reset: nothing leaks from one to another.
 */
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSeededApp, EMAILS } from '../helpers/seed.ts';

const SANDBOXES = ['default', 'p-one', 'p-two', 'p-three'] as const;
type Name = (typeof SANDBOXES)[number];

type Op =
  | { kind: 'user'; sandbox: Name; n: number }
  | { kind: 'mail'; sandbox: Name; n: number }
  | { kind: 'reset'; sandbox: Name }
  | { kind: 'delete'; sandbox: Name };

const sandboxArb = fc.constantFrom(...SANDBOXES);
const opArb: fc.Arbitrary<Op> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('user' as const), sandbox: sandboxArb, n: fc.nat(5) }) },
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('mail' as const), sandbox: sandboxArb, n: fc.nat(5) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('reset' as const), sandbox: sandboxArb }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('delete' as const), sandbox: sandboxArb }) },
);
/** Ops in groups; the ops of a group run at the same time. */
const scheduleArb = fc.array(fc.array(opArb, { minLength: 1, maxLength: 4 }), { minLength: 1, maxLength: 8 });

/** What each sandbox should hold: the users it made, and the addresses of its outbox. */
interface Model {
  users: Record<Name, Set<string>>;
  mails: Record<Name, string[]>;
}

let app: FastifyInstance;
let run = 0;
beforeAll(async () => {
  app = await buildSeededApp();
});
afterAll(() => app.close());

const headers = (sandbox: Name): Record<string, string> => (sandbox === 'default' ? {} : { 'x-lamp-sandbox': sandbox });

async function apply(op: Op, model: Model): Promise<void> {
  const { sandbox } = op;
  if (op.kind === 'user') {
    const email = `u${run}-${op.n}-${sandbox}@prop.test`;
    const known = model.users[sandbox].has(email);
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/testing/users',
      headers: headers(sandbox),
      payload: { email },
    });
    expect(response.statusCode, `${sandbox} ${email}`).toBe(known ? 409 : 201);
    model.users[sandbox].add(email);
  } else if (op.kind === 'mail') {
    // To a user the sandbox made, when it has one; else to a persona of the fixtures.
    const mine = [...model.users[sandbox]];
    const email = mine.length ? mine[op.n % mine.length]! : EMAILS.reader;
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/testing/outbox/links',
      headers: headers(sandbox),
      payload: { kind: 'login-link', email },
    });
    expect(response.statusCode, `${sandbox} mail to ${email}: ${response.body}`).toBe(201);
    model.mails[sandbox].push(email);
  } else if (op.kind === 'reset') {
    const response = await app.inject({ method: 'POST', url: '/api/v1/testing/reset', headers: headers(sandbox) });
    expect(response.statusCode).toBe(200);
    model.users[sandbox].clear();
    model.mails[sandbox] = [];
  } else {
    const response = await app.inject({ method: 'DELETE', url: `/api/v1/testing/sandboxes/${sandbox}` });
    if (sandbox === 'default') {
      expect(response.statusCode).toBe(400);
      return;
    }
    expect([204, 404]).toContain(response.statusCode);
    model.users[sandbox].clear();
    model.mails[sandbox] = [];
  }
}

/** Every sandbox, read through the API and the repositories, holds exactly what the model says. */
async function check(model: Model): Promise<void> {
  for (const sandbox of SANDBOXES) {
    const outbox = await app.inject({ url: '/api/v1/testing/outbox', headers: headers(sandbox) });
    const addresses = outbox.json<{ data: { to: string }[] }>().data.map((message) => message.to);
    expect(addresses.sort(), `outbox of ${sandbox}`).toEqual([...model.mails[sandbox]].sort());
    const users = app.inSandbox(sandbox, () =>
      app.repositories.user
        .all()
        .map((user) => user.email)
        .filter((email) => email.endsWith('@prop.test')),
    );
    expect(users.sort(), `users of ${sandbox}`).toEqual([...model.users[sandbox]].sort());
  }
}

/** Ops of a group that touch the same sandbox with a reset or delete run alone (their order matters). */
function batches(group: Op[]): Op[][] {
  const out: Op[][] = [];
  let commuting: Op[] = [];
  const same = (a: Op, b: Op) => a.kind === b.kind && a.sandbox === b.sandbox && 'n' in a && 'n' in b && a.n === b.n;
  for (const op of group) {
    if (op.kind === 'user' || op.kind === 'mail') {
      // The same user twice at once has no one right answer: once is enough.
      if (op.kind === 'mail' || !commuting.some((other) => same(other, op))) commuting.push(op);
    } else {
      if (commuting.length) out.push(commuting);
      commuting = [];
      out.push([op]);
    }
  }
  if (commuting.length) out.push(commuting);
  return out;
}

describe('sandboxes under random interleavings', () => {
  it('never leak a write, a reset or a deletion from one sandbox to another', async () => {
    await fc.assert(
      fc.asyncProperty(scheduleArb, async (schedule) => {
        run += 1;
        // Every run starts from the fixtures everywhere.
        for (const sandbox of SANDBOXES) {
          await app.inject({ method: 'POST', url: '/api/v1/testing/reset', headers: headers(sandbox) });
        }
        const model: Model = {
          users: Object.fromEntries(SANDBOXES.map((s) => [s, new Set<string>()])) as Model['users'],
          mails: Object.fromEntries(SANDBOXES.map((s) => [s, []])) as unknown as Model['mails'],
        };
        for (const group of schedule) {
          for (const batch of batches(group)) {
            // Same-sandbox writes in one batch commute (distinct users; mails to users made before).
            const snapshot: Model = {
              users: Object.fromEntries(SANDBOXES.map((s) => [s, new Set(model.users[s])])) as Model['users'],
              mails: model.mails,
            };
            await Promise.all(batch.map((op) => apply(op, op.kind === 'mail' ? snapshot : model)));
          }
          await check(model);
        }
      }),
      { numRuns: 40, seed: 16 },
    );
  });
});

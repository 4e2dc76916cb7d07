/**
 * A contract's Active flag (decisions.md §3, as updated since): active while today falls
 * within its dates and its whole measurement list is not empty, the same whoever looks. On the
 * demo fixtures, with the sandbox clock on a day of FY2026/27.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_IDS } from '../../src/shared/demo-data.ts';
import type { Contract } from '../../src/shared/schemas/index.ts';
import { buildTestApp } from '../helpers/app.ts';
import { signInThrough } from '../helpers/http.ts';

let app: FastifyInstance;
const SANDBOX = 'contract-active';
const cookies: Record<string, string> = {};

const signIn = (email: string) => signInThrough(app, email, { sandbox: SANDBOX });

async function contracts(who: string): Promise<(Contract & { active: boolean })[]> {
  const response = await app.inject({
    url: `/api/v1/contract?accounts=${ACCOUNT_IDS.northwind}&limit=100`,
    headers: { cookie: cookies[who]!, 'x-lamp-sandbox': SANDBOX },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: (Contract & { active: boolean })[] }>().data;
}

beforeAll(async () => {
  app = await buildTestApp();
  const clock = await app.inject({
    method: 'PUT',
    url: '/api/v1/testing/clock',
    headers: { 'x-lamp-sandbox': SANDBOX },
    payload: { now: '2026-11-26T12:00:00Z', frozen: true },
  });
  expect(clock.statusCode, clock.body).toBe(200);
  cookies.admin = await signIn('admin@northwind.test');
  cookies.writer = await signIn('writer@northwind.test');
}, 60_000);
afterAll(() => app.close());

describe('the Active flag of a contract', () => {
  it('is the same for an admin and a writer, though the writer sees fewer of its measurements', async () => {
    const [admin, writer] = [await contracts('admin'), await contracts('writer')];
    const joint = admin.find((c) => c.accounts.length > 1)!;
    const seen = writer.find((c) => c.id === joint.id)!;
    expect(joint.billing_name).toMatch(/Joint/);
    // The writer has no grant on the partner account: its measurements are left out of the list.
    expect(seen.measurements.length).toBeLessThan(joint.measurements.length);
    expect(joint.active).toBe(true);
    expect(seen.active).toBe(true);
    for (const contract of admin) expect(writer.find((c) => c.id === contract.id)?.active).toBe(contract.active);
  });

  it('is off once the contract has ended, whatever its measurements', async () => {
    const ended = (await contracts('admin')).filter((c) => c.end_date !== null && c.end_date < '2026-11-26');
    expect(ended.length).toBeGreaterThan(0);
    expect(ended.some((c) => c.measurements.length > 0)).toBe(true);
    for (const contract of ended) expect(contract.active, contract.billing_name).toBe(false);
  });
});

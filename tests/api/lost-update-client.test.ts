/**
 * The lost-update probe, through the UI's own API client: 100 browser tabs at
 * once read a saved report, add one to a count in its name and save it. Each tab is its own
 * instance of src/lib/api.ts (its own memory of versions), talking to the seeded app through
 * fetch. A tab that reads the record as the pages now do (by id) sends its version, gets 412 when
 * another tab saved first, reads again and retries: no update is lost. A tab that reads it from
 * a list (no version, as the editors did before) overwrites the others' counts, unless it writes
 * the row through updateListed (read by id, compared with the listed row, written with its version).
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { as, buildSeededApp, OWN, ROW_IDS } from '../helpers/seed.ts';

import type * as ClientModule from '../../src/lib/api.ts';

type Client = typeof ClientModule;

const TABS = 100;
let app: FastifyInstance;
beforeAll(async () => {
  app = await buildSeededApp();
  const signedIn = as(app, 'admin');
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    const answer = await app.inject({
      method: (init.method ?? 'GET') as 'GET',
      url,
      headers: { ...(init.headers as Record<string, string>), ...signedIn },
      ...(typeof init.body === 'string' ? { payload: init.body } : {}),
    });
    const headers = new Headers();
    for (const [name, value] of Object.entries(answer.headers))
      if (value !== undefined && name !== 'set-cookie') headers.set(name, String(value));
    return new Response(answer.statusCode === 204 ? null : answer.body, { status: answer.statusCode, headers });
  });
});
afterAll(async () => {
  vi.unstubAllGlobals();
  await app.close();
});
beforeEach(() => app.db.reset());

const id = () => ROW_IDS['saved-report']?.own as string;
const countIn = (name: string) => Number(/count (\d+)$/.exec(name)?.[1] ?? 0);

/** A fresh instance of the client: one browser tab. */
async function tab(): Promise<Client> {
  vi.resetModules();
  return import('../../src/lib/api.ts');
}

type Save = (client: Client, row: { id: string; name: string }, name: string) => Promise<unknown>;
const save: Save = (client, _row, name) => client.update('saved-report', id(), { name });

/** Every tab reads, adds one, saves; on a 412 it reads again and retries. Answers the stored count and the 412s. */
async function probe(read: (client: Client) => Promise<{ id: string; name: string }>, write: Save = save) {
  const tabs = await Promise.all(Array.from({ length: TABS }, () => tab()));
  let conflicts = 0;
  await Promise.all(
    tabs.map(async (client) => {
      for (;;) {
        const row = await read(client);
        try {
          await write(client, row, `Shared count ${countIn(row.name) + 1}`);
          return;
        } catch (error) {
          if (!client.isConflict(error)) throw error;
          conflicts += 1;
        }
      }
    }),
  );
  return { stored: countIn(app.repositories['saved-report'].byId(id())?.name as string), conflicts };
}

describe('100 concurrent read-modify-write updates through the UI client', () => {
  it('loses none when the tabs read the record by id (the client sends its version)', async ({ annotate }) => {
    const { stored, conflicts } = await probe((client) => client.getOne('saved-report', id(), { account: OWN }));
    await annotate(`read by id: ${TABS - stored} of ${TABS} updates lost, ${conflicts} answered 412 and retried`);
    expect(stored).toBe(TABS);
    expect(conflicts).toBeGreaterThan(0);
  });

  it('loses most when the tabs read it from a list, which carries no version (how the editors did it before)', async ({
    annotate,
  }) => {
    const { stored, conflicts } = await probe(async (client) => {
      const rows = await client.list('saved-report', { account: OWN });
      return rows.data.find((row) => row.id === id())!;
    });
    await annotate(`read from a list: ${TABS - stored} of ${TABS} updates lost, ${conflicts} answered 412`);
    expect(conflicts).toBe(0);
    expect(stored).toBeLessThan(TABS);
  });

  it('loses none when the tabs read it from a list and write it as a listed row (updateListed)', async ({
    annotate,
  }) => {
    const { stored, conflicts } = await probe(
      async (client) => (await client.list('saved-report', { account: OWN })).data.find((row) => row.id === id())!,
      (client, row, name) => client.updateListed('saved-report', row, { name }),
    );
    await annotate(`listed row: ${TABS - stored} of ${TABS} updates lost, ${conflicts} conflicts retried`);
    expect(stored).toBe(TABS);
    expect(conflicts).toBeGreaterThan(0);
  });
});

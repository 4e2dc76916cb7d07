/**
 * Access gaps: saved reports change only by their creator or an admin;
 * reports and import-job statuses keep behind lamp_access like the rest of the reporting data;
 * a contract shared with another account does not list that account's measurements.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ACCOUNT_IDS } from '../../src/shared/demo-data.ts';
import { messages } from '../../src/shared/messages.ts';
import { as, buildSeededApp, FOREIGN, OWN, ROW_IDS, type Persona } from '../helpers/seed.ts';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildSeededApp();
});
afterAll(() => app.close());
beforeEach(() => app.db.reset());

type Rows = { data: { id: string; measurements: string[] }[] };

const send = (persona: Persona, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
  app.inject({
    method,
    url,
    headers: as(app, persona),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

describe('saved reports', () => {
  const create = async (persona: Persona) => {
    const response = await send(persona, 'POST', '/api/v1/saved-report', {
      name: `Mine ${persona}`,
      account: OWN,
      start_date: '2026-03-01',
      end_date: '2026-03-31',
      relative_date: null,
      measured: false,
      measurements: [],
      labels: [],
    });
    expect(response.statusCode).toBe(201);
    return response.json<{ data: { id: string } }>().data.id;
  };

  it('may be edited and deleted by their creator', async () => {
    const id = await create('reader');
    expect((await send('reader', 'PUT', `/api/v1/saved-report?id=${id}`, { name: 'Renamed' })).statusCode).toBe(200);
    expect((await send('reader', 'DELETE', `/api/v1/saved-report?id=${id}`)).statusCode).toBe(204);
  });

  it('may not be edited or deleted by another reader or writer of the account', async () => {
    const id = await create('reader');
    for (const persona of ['writer', 'new'] as const) {
      const put = await send(persona, 'PUT', `/api/v1/saved-report?id=${id}`, { name: 'Hijacked' });
      expect(put.statusCode, persona).toBe(403);
      expect((await send(persona, 'DELETE', `/api/v1/saved-report?id=${id}`)).statusCode, persona).toBe(403);
    }
    const stored = app.repositories['saved-report'].byId(id);
    expect(stored?.name).toBe('Mine reader');
  });

  it('may be changed by an admin of the account', async () => {
    const id = await create('reader');
    expect((await send('admin', 'PUT', `/api/v1/saved-report?id=${id}`, { name: 'Tidied' })).statusCode).toBe(200);
    expect((await send('admin', 'DELETE', `/api/v1/saved-report?id=${id}`)).statusCode).toBe(204);
  });
});

describe('lamp_access on reports and import-job statuses', () => {
  it('refuses import-job statuses of an account without lamp_access', async () => {
    const response = await send('selfserve', 'GET', `/api/v1/import-job-status?account._id=${ACCOUNT_IDS.fabrikam}`);
    expect(response.statusCode).toBe(403);
    expect(response.json<{ message: string }>().message).toBe(messages.access.userError);
  });

  it('shows no report, global ones included, to a user without lamp_access anywhere', async () => {
    const list = await send('selfserve', 'GET', '/api/v1/report');
    expect(list.statusCode).toBe(200);
    expect(list.json<Rows>().data).toEqual([]);
    expect((await send('selfserve', 'GET', '/api/v1/report?account=null')).statusCode).toBe(403);
    const single = await send('selfserve', 'GET', `/api/v1/report?id=${ROW_IDS.report?.global}`);
    expect(single.json<Partial<Rows>>().data ?? []).toEqual([]);
    // A user with lamp_access still reads the global report.
    const reader = await send('reader', 'GET', `/api/v1/report?id=${ROW_IDS.report?.global}`);
    expect(reader.json<Rows>().data).toHaveLength(1);
  });
});

describe('a contract shared with another account', () => {
  it("lists only the measurements the reader may see, never the other account's", async () => {
    const contractId = ROW_IDS.contract?.own as string;
    const ownMeasurement = ROW_IDS.measurement?.own as string;
    const foreignMeasurement = ROW_IDS.measurement?.foreign as string;
    const shared = await send('super', 'PUT', `/api/v1/contract?id=${contractId}`, {
      accounts: [OWN, FOREIGN],
      measurements: [ownMeasurement, foreignMeasurement],
    });
    expect(shared.statusCode).toBe(200);

    const asReader = await send('reader', 'GET', `/api/v1/contract?id=${contractId}`);
    expect(asReader.json<Rows>().data[0]?.measurements).toEqual([ownMeasurement]);
    const list = await send('reader', 'GET', `/api/v1/contract?accounts=${OWN}`);
    const row = list.json<Rows>().data.find((contract) => contract.id === contractId);
    expect(row?.measurements).toEqual([ownMeasurement]);
    expect(list.body).not.toContain(foreignMeasurement);

    const asTailspin = await send('tailspinAdmin', 'GET', `/api/v1/contract?id=${contractId}`);
    expect(asTailspin.json<Rows>().data[0]?.measurements).toEqual([foreignMeasurement]);
    // Root sees every id.
    const asRoot = await send('root', 'GET', `/api/v1/contract?id=${contractId}`);
    expect(asRoot.json<Rows>().data[0]?.measurements).toEqual([ownMeasurement, foreignMeasurement]);
  });
});

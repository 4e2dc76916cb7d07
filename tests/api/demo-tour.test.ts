/**
 * The demo script's figures: GET /api/v1/demo/tour reads the running store, so the
 * script in the user guide quotes what the screens show, and follows a presenter's own edits.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_IDS, USER_IDS } from '../../src/shared/demo-data.ts';
import { DemoTourSchema } from '../../src/shared/schemas/demo-tour.ts';
import { newId } from '../../server/store/repositories.ts';
import { buildTestApp, productionConfig } from '../helpers/app.ts';

describe('GET /api/v1/demo/tour over the demo fixtures', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp();
  });
  afterAll(() => app.close());

  const tour = async () => {
    const response = await app.inject({ url: '/api/v1/demo/tour' });
    expect(response.statusCode).toBe(200);
    return DemoTourSchema.parse(response.json());
  };

  it("names the tour's personas and counts the agency's measurements as its lists do", async () => {
    const body = await tour();
    expect(body.agency.persona).toEqual({
      email: 'admin@northwind.test',
      name: 'Amara Okafor',
      account_name: 'Northwind Media',
    });
    expect(body.spotlight.persona.email).toBe('partner@contoso.test');
    expect(body.imports.persona.email).toBe('super@lamp.test');
    const northwind = app.repositories.measurement.all().filter((row) => row.account === ACCOUNT_IDS.northwind);
    expect(Object.values(body.agency.measurements).reduce((a, b) => a + b, 0)).toBe(northwind.length);
    expect(body.agency.measurements.live).toBe(northwind.filter((row) => row.status === 'live').length);
    expect(body.agency.saved_reports.length).toBeGreaterThan(0);
  });

  it('features the measurement behind an active deal of the agency, with figures to show', async () => {
    const { featured } = await tour();
    expect(featured).not.toBeNull();
    const deal = app.repositories.activation.all().find((row) => row.name === featured?.activation.name);
    expect(deal?.status).toBe('active');
    expect(deal?.measurement).toBe(featured?.measurement.id);
    expect(featured?.measurement.impressions).toBeGreaterThan(0);
    expect(featured?.activation.platform).not.toBe('');
  });

  it("picks Spotlight's most noticed asset of a complete study", async () => {
    const { spotlight } = await tour();
    expect(spotlight.studies).toBeGreaterThan(0);
    expect(spotlight.best_asset?.noticed_pct).toBeGreaterThan(0);
  });

  it("lists the story's saved reports, not one saved during a demo", async () => {
    const before = (await tour()).agency.saved_reports;
    await app.repositories['saved-report'].insert({
      id: newId(),
      name: "A visitor's test report",
      account: ACCOUNT_IDS.northwind,
      start_date: null,
      end_date: null,
      relative_date: 'last_7_days',
      measured: false,
      measurements: [],
      labels: [],
      created_by: USER_IDS.northwindAdmin,
      created_at: new Date().toISOString(),
    });
    expect((await tour()).agency.saved_reports).toEqual(before);
  });

  it('follows the data: a renamed measurement is quoted by its new name', async () => {
    const before = await tour();
    const id = before.featured?.measurement.id ?? '';
    const row = app.repositories.measurement.byId(id);
    expect(row).toBeDefined();
    await app.repositories.measurement.update(id, { name: 'Renamed for the tour' });
    expect((await tour()).featured?.measurement.name).toBe('Renamed for the tour');
  });
});

describe('GET /api/v1/demo/tour in production', () => {
  it('does not exist', async () => {
    const app = await buildTestApp(productionConfig());
    const response = await app.inject({ url: '/api/v1/demo/tour' });
    expect(response.statusCode).toBe(404);
    await app.close();
  });
});

import { readFile } from 'node:fs/promises';
import { DEMO_FIXTURES_PATH, generateFixtures, type Collections } from '../../fixtures/generate.ts';
import { LOOKUP_RESOURCES } from '../../src/shared/schemas/index.ts';
import { ConfigError, PRODUCTION_NEEDS_DATA_DIR, type Config } from '../config.ts';
import { openDatabase, type Database } from './database.ts';
import { dayAfterFixtures, demoDayShift, realToday, retellOnToday } from './demo-days.ts';

/** Production's seed: the reference tables (lookups, macro vendors) and no other row at all. */
export function referenceData(fixtures: Collections): Collections {
  const reference: Record<string, unknown[]> = {};
  for (const [name, rows] of Object.entries(fixtures)) {
    reference[name] = (LOOKUP_RESOURCES as readonly string[]).includes(name) ? rows : [];
  }
  return reference as Collections;
}

/**
 * Opens the store for a configuration: the committed demo fixtures, or a generated set of
 * LAMP_FIXTURE_SCALE measurements for benchmarks. The fixtures are read once; every reset
 * gets a deep copy.
 *
 * Production gets the reference data only (no personas, no business data: nobody can sign in
 * until the first super user is bootstrapped), needs a data directory, and refuses a data file
 * that holds the demo data, whose personas share a published password.
 */
export async function openStore(
  config: Pick<Config, 'dataDir' | 'fixtureScale'> & Partial<Pick<Config, 'mode'>>,
): Promise<Database> {
  const production = config.mode === 'production';
  // Demo freshness: demo mode's data tells its story on today (server/store/demo-days.ts); test
  // mode keeps the committed fixtures' day.
  const today = realToday();
  const dayShift = config.mode === 'demo' ? demoDayShift(today) : 0;
  if (production && !config.dataDir) throw new ConfigError(PRODUCTION_NEEDS_DATA_DIR);
  const demo: Collections =
    config.fixtureScale || dayShift
      ? generateFixtures({ scale: config.fixtureScale ?? undefined, today: dayShift ? today : undefined })
      : (JSON.parse(await readFile(DEMO_FIXTURES_PATH, 'utf8')) as Collections);
  const fixtures = production ? referenceData(demo) : demo;
  const database = await openDatabase({
    dataDir: config.dataDir,
    seed: () => structuredClone(fixtures),
    seedKind: production ? 'reference' : 'demo',
    dayShift,
  });
  // A demo store seeded on an earlier day is retold on today, keeping what people changed.
  const moved = database.low.data.dayShift ?? 0;
  if (config.mode === 'demo' && moved !== dayShift) {
    const then = generateFixtures({ scale: config.fixtureScale ?? undefined, today: dayAfterFixtures(moved) });
    database.low.data.collections = retellOnToday(database.low.data.collections, then, fixtures, dayShift - moved);
    database.low.data.dayShift = dayShift;
    await database.write();
  }
  if (production && database.low.data.seededWith !== 'reference') {
    await database.close();
    throw new ConfigError(
      `The data directory ${config.dataDir} holds demo data (personas with a published password): ` +
        'production refuses it. Give production its own, empty LAMP_DATA_DIR.',
    );
  }
  return database;
}

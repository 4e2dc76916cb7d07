import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { DEMO_FIXTURES_PATH, generateFixtures } from '../../fixtures/generate.ts';
import { type Collections } from './collections.ts';
import { LOOKUP_RESOURCES } from '../../src/shared/schemas/index.ts';
import { ConfigError, PRODUCTION_NEEDS_DATA_DIR, type Config } from '../config.ts';
import { openDatabase, type Database } from './database.ts';
import { startRefusal } from './disk-errors.ts';
import { clockFor } from '../../fixtures/context.ts';
import { dayAfterFixtures, demoDayShift, retellOnToday } from './demo-days.ts';

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
 * LAMP_FIXTURE_SCALE measurements for benchmarks. The fixtures are made once, when first needed
 * (a start on an existing data file may never need them: at 100k measurements, generating them
 * costs seconds and hundreds of MB); every seeding gets its own lists of the same rows, which are
 * never changed in place (server/store/repositories.ts).
 *
 * Production gets the reference data only (no personas, no business data: nobody can sign in
 * until the first super user is bootstrapped), needs a data directory, and refuses a data file
 * that holds the demo data, whose personas share a published password.
 */
export async function openStore(
  config: Pick<Config, 'dataDir' | 'fixtureScale'> & Partial<Pick<Config, 'mode' | 'storeFoldBytes'>>,
): Promise<Database> {
  const production = config.mode === 'production';
  // Demo freshness: demo mode's data tells its story at this start (server/store/demo-days.ts), so
  // that every instant in it is past whatever the hour; test mode keeps the committed fixtures'
  // day and moment.
  const demoMode = config.mode === 'demo';
  const moment = Date.now();
  const today = new Date(moment).toISOString().slice(0, 10);
  const dayShift = demoMode ? demoDayShift(today) : 0;
  if (production && !config.dataDir) throw new ConfigError(PRODUCTION_NEEDS_DATA_DIR);
  const demoText = await readFile(DEMO_FIXTURES_PATH, 'utf8');
  let made: Collections | null = null;
  const fixtures = (): Collections => {
    if (made) return made;
    const demo: Collections =
      config.fixtureScale || demoMode
        ? generateFixtures({ scale: config.fixtureScale ?? undefined, now: demoMode ? moment : undefined })
        : (JSON.parse(demoText) as Collections);
    return (made = production ? referenceData(demo) : demo);
  };
  const database = await openDatabase({
    dataDir: config.dataDir,
    seed: () => ownLists(fixtures()),
    seedKind: production ? 'reference' : 'demo',
    dayShift,
    toldAt: demoMode ? new Date(moment).toISOString() : undefined,
    fingerprint: () => fixturesFingerprint(demoText, config.fixtureScale),
    // Production never re-seeds: its data is people's, whatever the seed record says.
    reseedUnchanged: !production,
    foldBytes: config.storeFoldBytes ?? undefined,
  });
  try {
    if (production && database.low.data.seed.kind !== 'reference') {
      throw new ConfigError(
        `The data directory ${config.dataDir} holds demo data (personas with a published password): ` +
          'production refuses it. Give production its own, empty LAMP_DATA_DIR.',
      );
    }
    // A demo store seeded on an earlier day, or told at a later moment than this start (by a
    // release that told every story at 09:00 UTC), is retold now, keeping what people changed.
    const moved = database.low.data.dayShift ?? 0;
    const toldAt = storyMoment(database.low.data.toldAt, dayAfterFixtures(moved));
    if (demoMode && (moved !== dayShift || toldAt > moment)) {
      const then = generateFixtures({ scale: config.fixtureScale ?? undefined, now: toldAt });
      database.low.data.collections = retellOnToday(database.low.data.collections, then, fixtures(), dayShift - moved);
      database.low.data.dayShift = dayShift;
      database.low.data.toldAt = new Date(moment).toISOString();
      // Derived from the seed: a store that held only the demo data still does.
      await database.writeBookkeeping();
    }
  } catch (error) {
    // Frees the data directory's lock for the next start.
    await database.close();
    throw config.dataDir ? startRefusal(config.dataDir, error) : error;
  }
  return database;
}

/** When a stored story was told (epoch ms): its record, else 09:00 UTC of its day (earlier releases). */
function storyMoment(toldAt: string | undefined, day: string): number {
  return toldAt?.slice(0, 10) === day ? Date.parse(toldAt) : clockFor(day).now;
}

/** New lists of the same rows: a store's lists change, its rows are replaced, never edited. */
function ownLists(collections: Collections): Collections {
  return Object.fromEntries(Object.entries(collections).map(([name, rows]) => [name, [...rows]]));
}

/**
 * Tells the fixtures a store was seeded from apart from today's (a new release may change them):
 * the committed demo set's text, and the scale of a generated set. The generator writes the demo
 * set (npm run fixtures), so a change of the generator changes it too; hashing a generated set
 * itself would cost seconds at 100k measurements (84 MB of JSON: 3.2 s against 6 ms).
 */
export function fixturesFingerprint(demoFixturesText: string, scale: number | null = null): string {
  return createHash('sha256')
    .update(`${scale ?? 'demo'}\n`)
    .update(demoFixturesText)
    .digest('hex');
}

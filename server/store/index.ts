import { readFile } from 'node:fs/promises';
import { DEMO_FIXTURES_PATH, generateFixtures, type Collections } from '../../fixtures/generate.ts';
import type { Config } from '../config.ts';
import { openDatabase, type Database } from './database.ts';

/**
 * Opens the store for a configuration: the committed demo fixtures, or a generated set of
 * LAMP_FIXTURE_SCALE measurements for benchmarks. The fixtures are read once; every reset
 * gets a deep copy.
 */
export async function openStore(config: Pick<Config, 'dataDir' | 'fixtureScale'>): Promise<Database> {
  const fixtures: Collections = config.fixtureScale
    ? generateFixtures({ scale: config.fixtureScale })
    : (JSON.parse(await readFile(DEMO_FIXTURES_PATH, 'utf8')) as Collections);
  return openDatabase({ dataDir: config.dataDir, seed: () => structuredClone(fixtures) });
}

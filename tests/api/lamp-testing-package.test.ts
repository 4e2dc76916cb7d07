/**
 * The lamp-testing package (packages/lamp-testing) stands on its own: its sources import
 * nothing outside the package but Playwright (a peer dependency), and its generated types and
 * route table are those of the running API's document, so a schema change it has not taken up
 * fails here (regenerate with `node packages/lamp-testing/scripts/generate.ts`).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { GENERATED, generated } from '../../packages/lamp-testing/scripts/generate.ts';

const SOURCES = path.resolve('packages/lamp-testing/src');

describe('the lamp-testing package', () => {
  it('imports nothing outside itself but @playwright/test', () => {
    for (const file of readdirSync(SOURCES)) {
      const text = readFileSync(path.join(SOURCES, file), 'utf8');
      const specifiers = [...text.matchAll(/^\s*(?:import|export)[^'"]*from\s+'([^']+)'/gm)].map((m) => m[1]);
      for (const specifier of specifiers)
        expect(
          specifier === '@playwright/test' || /^\.\/[\w-]+\.ts$/.test(specifier ?? ''),
          `${file}: ${specifier}`,
        ).toBe(true);
    }
  });

  it("has the route table and types of the API's current document", async () => {
    expect(readFileSync(GENERATED, 'utf8')).toBe(await generated());
  }, 60_000);
});

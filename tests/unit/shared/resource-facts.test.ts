import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { RESOURCE_FACTS_FILE, resourceFactsSource } from '../../../scripts/resource-facts.ts';
import { RESOURCE_FACTS } from '../../../src/shared/resource-facts.ts';
import { RESOURCE_NAMES, resources } from '../../../src/shared/schemas/index.ts';

describe('the resource facts the browser reads without zod', () => {
  it('are the registry’s, written by scripts/resource-facts.ts (run it after changing the registry)', async () => {
    expect(readFileSync(RESOURCE_FACTS_FILE, 'utf8')).toBe(await resourceFactsSource());
  });

  it('name every resource with its sort fields, title fields and write rule', () => {
    expect(Object.keys(RESOURCE_FACTS)).toEqual(RESOURCE_NAMES);
    for (const name of RESOURCE_NAMES) {
      expect(RESOURCE_FACTS[name].sortFields).toEqual(resources[name].sortFields);
      expect(RESOURCE_FACTS[name].titleFields).toEqual(resources[name].titleFields);
      expect(RESOURCE_FACTS[name].writePermission).toBe(resources[name].writePermission);
    }
  });
});

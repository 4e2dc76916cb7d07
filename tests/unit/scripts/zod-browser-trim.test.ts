import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { rolldown, type Plugin } from 'rolldown';
import { beforeAll, describe, expect, it } from 'vitest';
import { exportNames, JSON_SCHEMA_REFUSAL, zodBrowserTrim } from '../../../scripts/zod-browser-trim.ts';

const ROOT = path.join(import.meta.dirname, '../../..');

/** zod classic, used as the app uses it: what a page's schemas ask of it. */
const ENTRY = `
import { z } from 'zod';
const body = z.strictObject({ name: z.string().min(1).max(5), size: z.number().int().max(100) });
export const parsed = { ok: body.safeParse({ name: 'abc', size: 5 }).success, refused: body.safeParse({ name: '' }).success };
export const limits = {
  maxValue: body.shape.size.maxValue,
  minLength: body.shape.name.minLength,
  maxLength: body.shape.name.maxLength,
};
export const toJsonSchema = () => z.toJSONSchema(body);
export const toJsonSchemaMethod = () => body.toJSONSchema();
`;

/** ENTRY bundled as the browser build bundles it, then loaded. */
async function browserZod(): Promise<Record<string, unknown>> {
  const entry: Plugin = {
    name: 'entry',
    resolveId: (id) => (id === 'entry' ? path.join(ROOT, 'entry.js') : null),
    load: (id) => (id === path.join(ROOT, 'entry.js') ? ENTRY : null),
  };
  const bundle = await rolldown({ input: 'entry', cwd: ROOT, platform: 'browser', plugins: [entry, zodBrowserTrim()] });
  const { output } = await bundle.generate({ format: 'es' });
  await bundle.close();
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'zod-trim-')), 'zod.mjs');
  writeFileSync(file, output[0].code);
  return (await import(file)) as Record<string, unknown>;
}

describe('zod’s JSON Schema code in the browser build', () => {
  let zod: Record<string, unknown>;
  beforeAll(async () => {
    zod = await browserZod();
  }, 30_000);

  it('leaves schemas that parse, with their limits readable (as the Spotlight lists read a page size)', () => {
    expect(zod.parsed).toEqual({ ok: true, refused: false });
    expect(zod.limits).toEqual({ maxValue: 100, minLength: 1, maxLength: 5 });
  });

  it('refuses to make a JSON Schema, loudly', () => {
    expect(zod.toJsonSchema).toThrow(JSON_SCHEMA_REFUSAL);
    expect(zod.toJsonSchemaMethod).toThrow(JSON_SCHEMA_REFUSAL);
  });

  it('reads the names a module exports, renamed ones by their outside name', () => {
    expect(exportNames('export const a = 1;\nexport function b() {}\nexport { c as d, e };')).toEqual([
      'a',
      'b',
      'd',
      'e',
    ]);
  });
});

/**
 * Leaves zod's JSON Schema code out of the browser build. zod classic's schemas reach it through
 * class methods (`.toJSONSchema()`, the standard schema's `jsonSchema`), so no tree shaking drops
 * it: 21 KB of the 112 KB that the parse worker loads before a page's first answer can be read,
 * and of the schema bundle every form loads. The browser never makes a JSON Schema (the API
 * document is the server's: server/routes/service/openapi-parameters.ts, and metadata made with it
 * waits for a document: src/shared/schemas/later-documents.ts), so in the browser build these two
 * modules are stand-ins with the same exports, each throwing if it is ever called, except what
 * zod's schemas use for other ends (KEPT: `.maxValue`, `.minLength` and the like read the checks
 * with `aggregateChecks`), which the stand-in takes from the real module.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

/** zod's JSON Schema modules (zod 4: core/json-schema-processors.js and core/to-json-schema.js). */
const JSON_SCHEMA_MODULE = /[\\/]node_modules[\\/]zod[\\/]v4[\\/]core[\\/](json-schema-processors|to-json-schema)\.js$/;
const STAND_IN = '\0lamp-zod-json-schema:';
/** Marks the real module, which the stand-in imports what it keeps from (the plugin loads it whole). */
const REAL = '?lamp-zod-real';
/** What zod's schemas use of these modules for other ends than a JSON Schema, kept real. */
export const KEPT: Record<string, readonly string[]> = { 'json-schema-processors': ['aggregateChecks'] };
export const JSON_SCHEMA_REFUSAL = 'zod’s JSON Schema code is not in the browser build (scripts/zod-browser-trim.ts)';

/** The names a module exports (`export const|function|class x`, `export { a as b }`). */
export function exportNames(code: string): string[] {
  const names = new Set<string>();
  for (const match of code.matchAll(/^export (?:const|let|function|class) (\w+)/gm)) names.add(match[1]!);
  for (const match of code.matchAll(/^export \{([^}]*)\}/gm)) {
    for (const part of match[1]!.split(',')) {
      const name = part
        .trim()
        .split(/\s+as\s+/)
        .pop();
      if (name) names.add(name);
    }
  }
  return [...names];
}

/**
 * The stand-in of a module (its file and code): every export throws when called, but those KEPT,
 * taken from the real file. zod's `create…Method` factories run as a schema is made (their result
 * is called only to convert), so they answer a function that throws.
 */
export function standIn(file: string, code: string): string {
  const module = path.basename(file, '.js');
  const kept = KEPT[module] ?? [];
  const lines = exportNames(code)
    .filter((name) => !kept.includes(name))
    .map((name) =>
      /^create\w*Method$/.test(name) ? `export const ${name} = () => refuse;` : `export const ${name} = refuse;`,
    );
  if (kept.length) lines.push(`export { ${kept.join(', ')} } from ${JSON.stringify(file + REAL)};`);
  return [`const refuse = () => { throw new Error(${JSON.stringify(JSON_SCHEMA_REFUSAL)}); };`, ...lines].join('\n');
}

/** For the browser's build and its workers' (astro.config.mjs); the prerender keeps zod whole. */
export function zodBrowserTrim(): Plugin {
  return {
    name: 'lamp-zod-browser-trim',
    enforce: 'pre',
    apply: 'build',
    applyToEnvironment: (environment) => environment.name === 'client',
    async resolveId(source, importer, options) {
      if (source.endsWith(REAL)) return source;
      if (!importer || !/json-schema-processors|to-json-schema/.test(source)) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      return resolved && JSON_SCHEMA_MODULE.test(resolved.id) ? STAND_IN + resolved.id : null;
    },
    load(id) {
      if (id.endsWith(REAL)) return readFileSync(id.slice(0, -REAL.length), 'utf8');
      if (!id.startsWith(STAND_IN)) return null;
      const file = id.slice(STAND_IN.length);
      return standIn(file, readFileSync(file, 'utf8'));
    },
  };
}

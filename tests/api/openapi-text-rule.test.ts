/**
 * The text rule in the document (issue 50): the server refuses control characters in free text
 * (textRule, src/shared/schemas/common.ts), a refinement JSON Schema cannot see, so the document
 * states it as a pattern (documentTextRule). Every request string whose zod schema carries the rule
 * has a pattern in the served document that refuses what the server refuses, and the two agree.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { RESOURCE_NAMES, resources } from '../../src/shared/schemas/index.ts';
import { name, text, textRule } from '../../src/shared/schemas/common.ts';
import { REQUIRED_TEXT_PATTERN, TEXT_PATTERN } from '../../src/shared/schemas/text-pattern.ts';
import { as, buildSeededApp, OWN } from '../helpers/seed.ts';

type Schema = Record<string, unknown> & {
  $ref?: string;
  pattern?: string;
  properties?: Record<string, Schema>;
  items?: Schema;
  additionalProperties?: Schema | boolean;
};
interface Operation {
  parameters?: { name: string; in: string; schema?: Schema }[];
  requestBody?: { content: Record<string, { schema: Schema }> };
}
interface Document {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Schema> };
}

let app: FastifyInstance;
let doc: Document;
beforeAll(async () => {
  app = await buildSeededApp();
  doc = (await app.inject({ url: '/api/openapi.json' })).json<Document>();
});
afterAll(() => app.close());

/** A step into a schema: an object's field, a list's items ([]) or a record's values ({}). */
type Step = string;

/**
 * The paths to every string in a zod schema that carries textRule. It walks zod's wrappers itself,
 * as withTextRule does, on purpose: a test that reused the code's walk could not catch a wrapper
 * that walk forgets.
 */
function ruledPaths(schema: z.core.$ZodType, path: Step[] = []): Step[][] {
  const def = schema._zod.def as z.core.$ZodTypeDef & Record<string, unknown>;
  const inner = (key: string, step?: Step) =>
    ruledPaths(def[key] as z.core.$ZodType, step === undefined ? path : [...path, step]);
  switch (def.type) {
    case 'string':
      return ((def.checks as unknown[] | undefined) ?? []).includes(textRule) ? [path] : [];
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'nonoptional':
    case 'readonly':
    case 'catch':
      return inner('innerType');
    case 'array':
      return inner('element', '[]');
    case 'record':
      return inner('valueType', '{}');
    case 'pipe':
      return inner('in');
    case 'intersection':
      return [...inner('left'), ...inner('right')];
    case 'union':
      return (def.options as z.core.$ZodType[]).flatMap((option) => ruledPaths(option, path));
    case 'object':
      return Object.entries((schema as z.ZodObject).shape).flatMap(([key, field]) =>
        ruledPaths(field as z.core.$ZodType, [...path, key]),
      );
    default:
      return [];
  }
}

/** The schemas a JSON Schema node stands for: itself, what it refers to, and its alternatives. */
function expand(schema: Schema | undefined): Schema[] {
  if (!schema) return [];
  if (schema.$ref) return expand(doc.components.schemas[schema.$ref.split('/').at(-1)!]);
  const alternatives = ['anyOf', 'oneOf', 'allOf'].flatMap((key) => (schema[key] as Schema[] | undefined) ?? []);
  return [schema, ...alternatives.flatMap(expand)];
}

/** The document's string schemas at `path` in `schema` (every alternative that has one). */
function stringsAt(schema: Schema, path: Step[]): Schema[] {
  let nodes = expand(schema);
  for (const step of path)
    nodes = nodes.flatMap((node) =>
      expand(
        step === '[]'
          ? node.items
          : step === '{}'
            ? typeof node.additionalProperties === 'object'
              ? node.additionalProperties
              : undefined
            : node.properties?.[step],
      ),
    );
  return nodes.filter((node) => node.type === 'string' && node.const === undefined && node.enum === undefined);
}

/** Each request schema of the document beside the zod schema the server validates it with. */
function requestSchemas(): { where: string; zod: z.core.$ZodType; document: Schema }[] {
  const pairs: { where: string; zod: z.core.$ZodType; document: Schema }[] = [];
  for (const name of RESOURCE_NAMES) {
    const base = name.replace(/(^|-)([a-z])/g, (_m, _d, c: string) => c.toUpperCase());
    for (const [suffix, zod] of [
      ['Create', resources[name].create],
      ['Update', resources[name].update],
    ] as const)
      pairs.push({ where: `${base}${suffix}`, zod, document: doc.components.schemas[`${base}${suffix}`]! });
  }
  for (const route of app.routeTable) {
    const url = route.url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
    const operation = doc.paths[url]?.[route.method.toLowerCase()];
    const schema = (route.schema ?? {}) as { body?: unknown; querystring?: unknown };
    if (!operation) continue;
    if (schema.body instanceof z.ZodType)
      for (const [type, content] of Object.entries(operation.requestBody?.content ?? {}))
        pairs.push({ where: `${route.method} ${url} (${type})`, zod: schema.body, document: content.schema });
    // Query parameters: one object of them, each parameter a field.
    if (schema.querystring instanceof z.ZodType) {
      const properties = Object.fromEntries(
        (operation.parameters ?? []).filter((p) => p.in === 'query').map((p) => [p.name, p.schema ?? {}]),
      );
      pairs.push({ where: `${route.method} ${url} (query)`, zod: schema.querystring, document: { properties } });
    }
  }
  return pairs;
}

/** Whether a value passes a pattern as JSON Schema reads it (ECMA-262 with the u flag, a search). */
const matches = (pattern: string, value: string) => new RegExp(pattern, 'u').test(value);

/** Names both take: tab and line breaks within, and around it what trim() removes (a vertical tab too). */
const ALLOWED = ['plain', 'two\tcolumns', 'two\nlines', 'a\r\nb', 'Café 😀', 'a\u00a0b', '\u000bpadded\u000c '];
/** Control characters within: both refuse them. */
const REFUSED = ['a\u0000b', '\u001b[31mred', 'x\u007f', 'x\u0085', '\u009f', 'vertical\u000btab'];

describe('the text rule in the document', () => {
  it('gives every request string that carries textRule a pattern that refuses control characters', () => {
    const pairs = requestSchemas();
    const checked: string[] = [];
    const wrong: string[] = [];
    for (const { where, zod, document } of pairs)
      for (const path of ruledPaths(zod)) {
        const field = `${where} ${path.join('.')}`;
        const strings = stringsAt(document, path);
        if (strings.length === 0) wrong.push(`${field}: no string in the document`);
        for (const string of strings) {
          checked.push(field);
          const pattern = string.pattern;
          if (!pattern) wrong.push(`${field}: no pattern`);
          else if (REFUSED.some((value) => matches(pattern, `Name ${value}`)))
            wrong.push(`${field}: ${pattern} takes a control character`);
        }
      }
    expect(wrong).toEqual([]);
    // The walk reached the bodies: the engine's names and texts, Spotlight's, the self-service forms'.
    expect(checked.length).toBeGreaterThan(100);
    expect(checked).toEqual(
      expect.arrayContaining([
        'MeasurementTagCreate name',
        'ProjectCreate description',
        'POST /api/v1/user/update-current-user (application/json) first_name',
      ]),
    );
  });

  it('states it on the rows of a bulk user create, described apart from their zod schema', () => {
    const rows = doc.paths['/api/v1/account-users/bulk']?.post?.requestBody?.content['application/json']?.schema;
    expect(rows?.properties?.rows?.items?.properties?.first_name?.pattern).toBe(REQUIRED_TEXT_PATTERN);
  });

  it('says no more and no less than the server, character by character', () => {
    const disagree: string[] = [];
    for (let code = 0; code <= 0xffff; code++) {
      if (code >= 0xd800 && code <= 0xdfff) continue; // halves of a pair: prose (common.ts)
      const c = String.fromCharCode(code);
      if (matches(TEXT_PATTERN, `a${c}b`) !== text.safeParse(`a${c}b`).success) disagree.push(`text a${code}b`);
      // A trimmed, required name: the character alone, within and at either end (past U+3000 no
      // character but U+FEFF is a space, so those behave as a letter does).
      if (code > 0x3000 && code !== 0xfeff) continue;
      for (const value of [c, `a${c}b`, `${c}a`, `a${c}`])
        if (matches(REQUIRED_TEXT_PATTERN, value) !== name.safeParse(value).success)
          disagree.push(`name ${JSON.stringify(value)}`);
    }
    expect(disagree).toEqual([]);
  });

  it.each(ALLOWED.map((value) => [JSON.stringify(value), value] as const))(
    'a name %s: the document and the server both take it',
    async (_label, value) => {
      const pattern = doc.components.schemas.LabelCategoryCreate?.properties?.name?.pattern ?? '';
      expect(matches(pattern, value)).toBe(true);
      const answer = await app.inject({
        method: 'POST',
        url: '/api/v1/label-category',
        headers: as(app, 'admin'),
        payload: { account: OWN, name: value },
      });
      expect(answer.statusCode).toBe(201);
    },
  );

  it.each(REFUSED.map((value) => [JSON.stringify(value), value] as const))(
    'a name %s: the document and the server both refuse it, the server with its own message',
    async (_label, value) => {
      const pattern = doc.components.schemas.LabelCategoryCreate?.properties?.name?.pattern ?? '';
      expect(matches(pattern, value)).toBe(false);
      const answer = await app.inject({
        method: 'POST',
        url: '/api/v1/label-category',
        headers: as(app, 'admin'),
        payload: { account: OWN, name: value },
      });
      expect(answer.statusCode).toBe(400);
      expect(answer.json<{ message: string }>().message).toContain('must not contain control characters');
    },
  );
});

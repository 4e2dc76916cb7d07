/**
 * A lint-like rule over src: no class string hides its own focus ring.
 *
 * In Tailwind 4 `outline-2` sets the width and `outline-style: var(--tw-outline-style)`, and
 * `outline-none` sets that variable to none. A class string with `outline-none` and a width such
 * as `focus-visible:outline-2` but no style therefore draws a 2 px outline of style none: no ring
 * at all for a keyboard user. Each width needs a style (`outline-solid`) under the same variant, or
 * one that applies always.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '../../..');
const SRC = join(ROOT, 'src');

const WIDTH = /^outline(?:-\d+|-\[[^\]]+\])?$/;
const STYLE = /^outline-(?:solid|dashed|dotted|double)$/;

/** A class token split into its variant prefix ("data-[focused]:") and its utility ("outline-2"). */
function split(token: string): { variant: string; utility: string } {
  // The utility is after the last colon outside brackets: data-[a:b]:outline-2.
  let depth = 0;
  let cut = -1;
  for (let i = 0; i < token.length; i++) {
    if (token[i] === '[') depth++;
    else if (token[i] === ']') depth--;
    else if (token[i] === ':' && depth === 0) cut = i;
  }
  return { variant: token.slice(0, cut + 1), utility: token.slice(cut + 1).replace(/^!/, '') };
}

/** The outline widths of one class string that no outline style reaches, when it has outline-none. */
function unstyledOutlineWidths(classes: string): string[] {
  const tokens = classes.split(/\s+/).filter(Boolean).map(split);
  if (!tokens.some((t) => t.utility === 'outline-none')) return [];
  const styled = new Set(tokens.filter((t) => STYLE.test(t.utility)).map((t) => t.variant));
  return tokens
    .filter((t) => WIDTH.test(t.utility) && !styled.has(t.variant) && !styled.has(''))
    .map((t) => t.variant + t.utility);
}

/** Every string a source file writes: quoted strings and the text parts of template strings. */
function stringsOf(path: string): string[] {
  const text = readFileSync(path, 'utf8');
  if (!/\.(tsx?|jsx?)$/.test(path)) return [text];
  const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, false, ts.ScriptKind.TSX);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) found.push(node.text);
    else if (ts.isTemplateExpression(node)) {
      // The literal parts joined, as the classes reach the DOM around each ${…}.
      found.push([node.head.text, ...node.templateSpans.map((s) => s.literal.text)].join(' '));
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.(tsx?|astro)$/.test(entry.name) ? [path] : [];
  });
}

describe('focus rings (Tailwind 4 outline)', () => {
  it('flags outline-none with a width and no style, per variant', () => {
    expect(unstyledOutlineWidths('outline-none focus-visible:outline-2 focus-visible:outline-primary')).toEqual([
      'focus-visible:outline-2',
    ]);
    expect(unstyledOutlineWidths('outline-none data-[focused]:outline-2 focus:outline-solid')).toEqual([
      'data-[focused]:outline-2',
    ]);
    expect(unstyledOutlineWidths('outline-none focus:outline-2 focus:outline-solid')).toEqual([]);
    expect(unstyledOutlineWidths('outline-none outline-solid focus:outline-2')).toEqual([]);
    expect(unstyledOutlineWidths('focus:outline-2 focus:outline-primary')).toEqual([]);
    expect(unstyledOutlineWidths('outline-none data-[focused]:bg-slate-100')).toEqual([]);
  });

  it('no class string in src hides its ring', () => {
    const slips = sourceFiles(SRC).flatMap((path) =>
      stringsOf(path).flatMap((classes) =>
        unstyledOutlineWidths(classes).map((width) => `${relative(ROOT, path)}: ${width}`),
      ),
    );
    expect(slips).toEqual([]);
  });
});

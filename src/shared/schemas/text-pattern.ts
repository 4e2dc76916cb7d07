/**
 * The text rule (common.ts) as a request's JSON Schema says it. textRule is a refinement, which
 * JSON Schema cannot see: without a pattern a client or a fuzzer reads free text as any string and
 * sends a NUL the server refuses. The patterns use only character classes of ranges that ECMA-262
 * and Python's `re` read alike (the document's readers run either).
 */
import type { z } from 'zod';
import { CONTROL_RANGES, JS_SPACE, textRule } from './common.ts';

type AnySchema = z.core.$ZodType;

/** In free text: any character but a control one. */
const FREE = `[^${CONTROL_RANGES}]`;
/** A character trim() keeps that is not a control one. */
const VISIBLE = `[^${CONTROL_RANGES}${JS_SPACE}]`;
const SPACE = `[${JS_SPACE}]`;

/** Free text as a request's JSON Schema states it: no control character (see documentTextRule). */
export const TEXT_PATTERN = `^${FREE}*$`;

/**
 * Free text the server trims before its checks, as a pattern: spaces around (trim() removes them,
 * a vertical tab or form feed among them) and, within, text that begins and ends with a character
 * trim() keeps and has no control character. `required` (a minimum length after the trim): that
 * text is not empty, so a name of spaces alone (a non-breaking one too) is refused as it is here.
 */
const trimmedTextPattern = (required: boolean) =>
  `^${SPACE}*(?:${VISIBLE}(?:${FREE}*${VISIBLE})?${SPACE}*)${required ? '' : '?'}$`;
export const REQUIRED_TEXT_PATTERN = trimmedTextPattern(true);

type CheckDef = { check: string; tx?: (value: string) => string; minimum?: number };

/**
 * textRule in a request's JSON Schema: `override` for z.toJSONSchema (the document's jsonSchema()
 * and the bulk rows' description pass it). The pattern says what the server does: a string that trims (zod's .trim(),
 * an overwrite, which textRule follows) gets the trimmed form, and with a minimum length the "not
 * only spaces" that trim() and the minimum make of it. A string with a pattern of its own keeps it:
 * that pattern must refuse the control characters too (tests/api/openapi-text-rule.test.ts checks
 * every one). Lone surrogates stay prose: ECMA-262 without the u flag reads an emoji as two of them.
 */
export function documentTextRule(context: { zodSchema: AnySchema; jsonSchema: { pattern?: string } }): void {
  const checks = (context.zodSchema._zod.def as z.core.$ZodStringDef).checks ?? [];
  if (!checks.includes(textRule) || context.jsonSchema.pattern !== undefined) return;
  const defs = checks.map((check) => check._zod.def as CheckDef);
  // zod's .trim() is an overwrite check: known by what it does to a padded value.
  const trims = defs.some((def) => def.check === 'overwrite' && def.tx?.(' x\v') === 'x');
  const required = defs.some((def) => def.check === 'min_length' && (def.minimum ?? 0) > 0);
  context.jsonSchema.pattern = trims ? trimmedTextPattern(required) : TEXT_PATTERN;
}

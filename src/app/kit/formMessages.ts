/**
 * What every form says about a value it refuses, written for the person who typed it. zod's own
 * texts ('Too small: expected number to be >=100', 'Invalid option: expected one of …') never
 * reach a page:
 *
 * - a schema's own words win: a predicate ('is required', 'must be at most 200 characters') gets
 *   the field's label in front; a whole sentence (the spec's 'First name required') stays as it is;
 * - an issue the schema leaves unworded gets a sentence from its kind (`personMessage`), handed to
 *   zod as the parse's error map (`personErrors`), so zod calls it only for those issues;
 * - a server's issue arrives as words only: zod's wording in one becomes '<Label> is not valid'.
 *
 * `checkForm` is what a form calls; `formSummary` is the line above a form with mistakes.
 */
import type { z } from 'zod';
import { messages } from '../../shared/messages.ts';

/** What a zod issue tells of the mistake (the fields of its kinds a sentence needs). */
export interface IssueFacts {
  code?: string;
  input?: unknown;
  /** What was measured: 'number', 'int', 'string', 'array', 'date'… */
  origin?: string;
  minimum?: number | bigint;
  maximum?: number | bigint;
  inclusive?: boolean;
  /** An exact length ('must be 6 characters long'). */
  exact?: boolean;
  format?: string;
  expected?: string;
  divisor?: number | bigint;
}

/** An issue as a form shows it: where it is and what it says. */
export interface FieldIssue {
  path: unknown;
  message: string;
}

/** Nothing typed or chosen: a required field left as it started. */
const isEmpty = (input: unknown) =>
  input === undefined ||
  input === null ||
  (typeof input === 'string' && input.trim() === '') ||
  (typeof input === 'number' && Number.isNaN(input)) ||
  (Array.isArray(input) && input.length === 0);

/** A label inside a sentence: 'Sample size' → 'sample size', but 'URL' stays 'URL'. */
const inSentence = (label: string) => (/^[A-Z][a-z]/.test(label) ? label[0]!.toLowerCase() + label.slice(1) : label);
/** 'a' or 'an' by the sound: 'an objective', 'a URL', 'an SMS code' (initialisms by their letter). */
const withArticle = (noun: string) => {
  const vowelSound = /^[A-Z]{2}/.test(noun) ? /^[AEFHILMNORSX]/.test(noun) : /^[aeiou]/i.test(noun);
  return `${vowelSound ? 'an' : 'a'} ${noun}`;
};

/** What a choice asks for, as its message and as its empty box says it: 'Choose a context'. */
export const choosePrompt = (label: string) => `Choose ${withArticle(inSentence(label))}`;
const figure = (value: number | bigint | undefined) => (value ?? 0).toLocaleString('en-GB');

/** What a formatted text must be, by zod's format name. */
const FORMATS: Readonly<Record<string, string>> = {
  date: 'a date',
  datetime: 'a date and time',
  time: 'a time such as 09:30',
  email: 'an e-mail address',
  url: 'a web address',
};

const isNumeric = (origin: string | undefined) => origin === 'number' || origin === 'int' || origin === 'bigint';
const isList = (origin: string | undefined) => origin === 'array' || origin === 'set';

function tooSmall(issue: IssueFacts, label: string): string {
  const { minimum = 0, inclusive = true, origin } = issue;
  if (isNumeric(origin)) {
    if (Number(minimum) === 0) return inclusive ? `${label} must not be negative` : `${label} must be more than 0`;
    return inclusive ? `${label} must be at least ${figure(minimum)}` : `${label} must be more than ${figure(minimum)}`;
  }
  if (isList(origin))
    return Number(minimum) <= 1
      ? `Choose one or more ${inSentence(label)}`
      : `Choose at least ${figure(minimum)} ${inSentence(label)}`;
  if (origin === 'string') {
    if (issue.exact) return `${label} must be ${figure(minimum)} characters long`;
    return Number(minimum) <= 1
      ? `${label} is required`
      : `${label} must be at least ${figure(minimum)} characters long`;
  }
  return `${label} is too early`;
}

function tooBig(issue: IssueFacts, label: string): string {
  const { maximum = 0, inclusive = true, origin } = issue;
  if (isNumeric(origin))
    return inclusive ? `${label} must be at most ${figure(maximum)}` : `${label} must be less than ${figure(maximum)}`;
  if (isList(origin)) return `Choose at most ${figure(maximum)} ${inSentence(label)}`;
  if (origin === 'string')
    return issue.exact
      ? `${label} must be ${figure(maximum)} characters long`
      : `${label} must be at most ${figure(maximum)} characters long`;
  return `${label} is too late`;
}

function wrongType(issue: IssueFacts, label: string): string {
  switch (issue.expected) {
    case 'int':
      return `${label} must be a whole number`;
    case 'number':
    case 'bigint':
      return `${label} must be a number`;
    case 'date':
      return `${label} must be a date`;
    default:
      return `${label} is not valid`;
  }
}

/**
 * The sentence for one issue a schema left unworded: required ('Name is required'), choice
 * ('Choose a context'), range ('Cells must be at most 12', 'Minimum APM must not be negative'),
 * format ('Start date must be a date'), and '<Label> is not valid' for anything else.
 */
export function personMessage(issue: IssueFacts, label: string): string {
  // A choice among fixed options (an enum) is chosen, not typed, whatever was there before.
  if (issue.code === 'invalid_value') return choosePrompt(label);
  if (isEmpty(issue.input) && issue.code !== 'custom')
    return isList(issue.origin) ? tooSmall({ ...issue, minimum: 1 }, label) : `${label} is required`;
  switch (issue.code) {
    case 'too_small':
      return tooSmall(issue, label);
    case 'too_big':
      return tooBig(issue, label);
    case 'invalid_type':
      return wrongType(issue, label);
    case 'invalid_format':
      return FORMATS[issue.format ?? ''] ? `${label} must be ${FORMATS[issue.format ?? '']}` : `${label} is not valid`;
    case 'not_multiple_of':
      return Number(issue.divisor) === 1
        ? `${label} must be a whole number`
        : `${label} must be a multiple of ${figure(issue.divisor)}`;
    default:
      return `${label} is not valid`;
  }
}

/** A zod or server issue path ('name', ['name'], ['accounts', 0]) → the form field it belongs to. */
export type FieldOf = (path: unknown) => string;

/** The field of a path: its first step (a form of flat fields; a list's rows give their own `FieldOf`). */
export function issueField(path: unknown): string {
  if (Array.isArray(path)) return path.length ? String(path[0]) : '';
  return typeof path === 'string' ? (path.split('.')[0] ?? '') : '';
}

/** A field's label; a field the form does not name reads as its key in words ('end_date' → 'End date'). */
function labelOf(field: string, labels: Readonly<Record<string, string>>): string {
  if (labels[field]) return labels[field];
  if (!field) return 'This form';
  const words = field.replace(/_/g, ' ');
  return words[0]!.toUpperCase() + words.slice(1);
}

/** zod's error map for a form's parse: each issue the schema leaves unworded, in a person's words. */
export function personErrors(
  labels: Readonly<Record<string, string>>,
  fieldOf: FieldOf = issueField,
): z.core.$ZodErrorMap {
  return (issue) => personMessage(issue, labelOf(fieldOf(issue.path), labels));
}

/** zod's default wording (its English locale), as a server's issue may still carry it. */
const VALIDATOR_WORDING =
  /^(Invalid (input|option|ISO|string|number|key|value|element|email address|URL|UUID)\b|Too (small|big):|Unrecognized keys?:)/;

/**
 * The message shown under a field for a message already worded: the schema's predicate gets the
 * label in front, a whole sentence stays, the API's wording of the date-order rule becomes the
 * page's, and zod's own wording (from a server) is not shown.
 */
export function fieldMessage(label: string, message: string): string {
  if (message === messages.validation.endBeforeStart) return messages.validation.endBeforeStartText;
  if (VALIDATOR_WORDING.test(message)) return `${label} is not valid`;
  return /^[a-z]/.test(message) ? `${label} ${message}` : message;
}

/** Issues grouped by field: the first message per field wins (the one to fix first). */
export function issuesByField(
  issues: readonly FieldIssue[],
  labels: Readonly<Record<string, string>> = {},
  fieldOf: FieldOf = issueField,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of issues) {
    const field = fieldOf(issue.path);
    out[field] ??= fieldMessage(labelOf(field, labels), issue.message);
  }
  return out;
}

/** A form's values checked by its schema: the parsed value, or a person's message per field. */
export function checkForm<Out>(
  schema: z.ZodType<Out>,
  values: unknown,
  labels: Readonly<Record<string, string>>,
  fieldOf: FieldOf = issueField,
): { ok: true; value: Out } | { ok: false; errors: Record<string, string> } {
  const parsed = schema.safeParse(values, { error: personErrors(labels, fieldOf), reportInput: true });
  if (parsed.success) return { ok: true, value: parsed.data };
  // A field left empty is required first: a schema's predicate about its form ('must be a
  // 24-character hexadecimal id' on a reference not chosen) says nothing to whoever left it empty.
  const issues = parsed.error.issues.map((issue) =>
    issue.code !== 'custom' && isEmpty(issue.input) && /^[a-z]/.test(issue.message)
      ? { ...issue, message: personMessage(issue, labelOf(fieldOf(issue.path), labels)) }
      : issue,
  );
  return { ok: false, errors: issuesByField(issues, labels, fieldOf) };
}

/** The line above a form that has mistakes: how many fields to correct. */
export function formSummary(count: number): string {
  return `Please correct the ${count === 1 ? 'field' : `${count} fields`} marked below.`;
}

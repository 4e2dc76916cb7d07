/**
 * Errors a handler throws to answer 4xx: server/plugins/errors.ts turns them into
 * `{statusCode, error, message, issues?}` with the message as written here (the UI shows it as it
 * is) and, for a bad input, `issues: [{path, message}]` naming each field, so a form can put each
 * error beside its field.
 */
import type { z } from 'zod';
import { messages } from '../src/shared/messages.ts';
import type { FieldIssue } from '../src/shared/schemas/auth.ts';

export type { FieldIssue };

/**
 * What the functions below read of a zod issue: a zod error's own issues, or those rebuilt from a
 * route schema's validation failure (server/plugins/errors.ts), so both read the same way.
 */
export interface IssueLike {
  readonly code: string;
  readonly path: readonly PropertyKey[];
  readonly message: string;
  /** The unknown keys of an `unrecognized_keys` issue. */
  readonly keys?: readonly string[];
}

interface IssuesLike {
  readonly issues: readonly IssueLike[];
}

export class HttpError extends Error {
  override name = 'HttpError';
  readonly statusCode: number;
  readonly headers: Readonly<Record<string, string>>;
  /** The fields at fault; absent when the error is not about input fields. */
  readonly issues: readonly FieldIssue[] | undefined;

  constructor(statusCode: number, message: string, headers: Record<string, string> = {}, issues?: FieldIssue[]) {
    super(message);
    this.statusCode = statusCode;
    this.headers = headers;
    this.issues = issues;
  }
}

export const badRequest = (message: string, issues?: FieldIssue[]) => new HttpError(400, message, {}, issues);
export const unauthorized = (message: string) => new HttpError(401, message);
export const forbidden = (message: string) => new HttpError(403, message);
export const notFound = (message: string) => new HttpError(404, message);

/** One bad field: the message reads "path: text", and the issue carries the two apart. */
export const invalidField = (path: string, message: string, statusCode = 400) =>
  new HttpError(statusCode, `${path}: ${message}`, {}, [{ path, message }]);

/** Another user has this e-mail address: a 409 with the one wording, on the email field. */
export const emailTaken = () => invalidField('email', messages.api.emailTaken, 409);

/**
 * Each bad field of a zod error (at most five, without repeats), as {path, message}. `prefix`
 * names where the field sits when it is not the body (e.g. a query parameter). Unknown keys
 * become one issue per key ("unknown field").
 */
export function zodIssues(error: IssuesLike, prefix = ''): FieldIssue[] {
  const seen = new Set<string>();
  const out: FieldIssue[] = [];
  const add = (path: string, message: string) => {
    const key = `${path}\u0000${message}`;
    if (seen.has(key)) return;
    seen.add(key);
    out.push({ path, message });
  };
  for (const issue of error.issues.slice(0, 5)) {
    const path = [prefix, ...issue.path.map(String)].filter(Boolean).join('.');
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys ?? []) add(path ? `${path}.${key}` : key, 'unknown field');
    } else add(path, issue.message);
  }
  return out;
}

/**
 * One line naming each bad field: "end_date: end_date must not be before start_date; name: is
 * required". Unknown keys of one object share a line ("a, b: unknown fields").
 */
export function issuesMessage(error: IssuesLike, prefix = ''): string {
  const seen = new Set<string>();
  const parts: string[] = [];
  for (const issue of error.issues.slice(0, 5)) {
    const path = [prefix, ...issue.path.map(String)].filter(Boolean).join('.');
    const keys = issue.code === 'unrecognized_keys' ? (issue.keys ?? []) : [];
    const line =
      issue.code === 'unrecognized_keys'
        ? `${keys.map((key) => (path ? `${path}.${key}` : key)).join(', ')}: unknown field${keys.length > 1 ? 's' : ''}`
        : path
          ? `${path}: ${issue.message}`
          : issue.message;
    if (!seen.has(line)) {
      seen.add(line);
      parts.push(line);
    }
  }
  return parts.join('; ');
}

/** The 400 for a failed parse: the one-line message and each field as an issue. */
export function invalidInput(error: z.ZodError, prefix = ''): HttpError {
  return badRequest(issuesMessage(error, prefix), zodIssues(error, prefix));
}

/** Parses with a schema or throws a 400 naming the fields. */
export function parseOr400<Schema extends z.ZodType>(schema: Schema, value: unknown, prefix = ''): z.output<Schema> {
  const result = schema.safeParse(value);
  if (!result.success) throw invalidInput(result.error, prefix);
  return result.data;
}

/**
 * Errors a handler throws to answer 4xx: server/plugins/errors.ts turns them into
 * `{statusCode, error, message}` with the message as written here (the UI shows it as it is).
 */
import type { z } from 'zod';

export class HttpError extends Error {
  override name = 'HttpError';
  readonly statusCode: number;
  readonly headers: Readonly<Record<string, string>>;

  constructor(statusCode: number, message: string, headers: Record<string, string> = {}) {
    super(message);
    this.statusCode = statusCode;
    this.headers = headers;
  }
}

export const badRequest = (message: string) => new HttpError(400, message);
export const unauthorized = (message: string) => new HttpError(401, message);
export const forbidden = (message: string) => new HttpError(403, message);
export const notFound = (message: string) => new HttpError(404, message);

/**
 * One line naming each bad field: "end_date: end_date must not be before start_date; name: is
 * required". `prefix` names where the field sits when it is not the body (e.g. a query parameter).
 */
export function issuesMessage(error: z.ZodError, prefix = ''): string {
  const seen = new Set<string>();
  const parts: string[] = [];
  for (const issue of error.issues.slice(0, 5)) {
    const path = [prefix, ...issue.path.map(String)].filter(Boolean).join('.');
    const keys = 'keys' in issue && Array.isArray(issue.keys) ? issue.keys : [];
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

/** Parses with a schema or throws a 400 naming the fields. */
export function parseOr400<Schema extends z.ZodType>(schema: Schema, value: unknown, prefix = ''): z.output<Schema> {
  const result = schema.safeParse(value);
  if (!result.success) throw badRequest(issuesMessage(result.error, prefix));
  return result.data;
}

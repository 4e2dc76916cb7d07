/**
 * The error every API call throws for a non-ok answer: its status, the JSON body and the message
 * the UI shows (errorAlertText), with the fields a 400 names. No zod here: it is part of the
 * first-load bundle.
 */
import { errorAlertText } from '../shared/messages.ts';
import type { FieldIssue } from '../shared/schemas/auth.ts';

export class ApiError extends Error {
  override name = 'ApiError';
  readonly status: number;
  readonly body: unknown;
  /** The fields a 400 (or an e-mail clash) names, so a form shows each beside its field. */
  readonly issues: readonly FieldIssue[];
  constructor(status: number, body: unknown, fallback?: string) {
    super(errorAlertText(body, fallback));
    this.status = status;
    this.body = body;
    this.issues = issuesOf(body);
  }
}

/**
 * The `issues` of an error body (src/shared/schemas/auth.ts errorResponse), read without zod so
 * that this module stays out of the lazily loaded schema chunk.
 */
function issuesOf(body: unknown): FieldIssue[] {
  const issues = body && typeof body === 'object' ? (body as { issues?: unknown }).issues : undefined;
  if (!Array.isArray(issues)) return [];
  return issues.filter(
    (issue): issue is FieldIssue =>
      typeof (issue as FieldIssue | null)?.path === 'string' && typeof (issue as FieldIssue).message === 'string',
  );
}

/**
 * An answer its schema refuses (src/lib/parse.ts): the API broke its contract, never a person's
 * mistake. It carries zod's message and issues, from the parse worker or the page.
 */
export class ParseRefusal extends Error {
  override name = 'ParseRefusal';
  readonly issues: readonly unknown[];
  constructor(message: string, issues: readonly unknown[] = []) {
    super(message);
    this.issues = issues;
  }
}

/**
 * The users area of an account (spec §2 /users, §6 admin): invite a user, change their role in
 * the account, remove their access. Roles given here are the account roles (read, write, admin);
 * root and super are not account grants.
 */
import { z } from 'zod';
import { ACCOUNT_ROLES, ROLE_ORDER } from '../constants.ts';
import { objectId, withTextRule } from './common.ts';
import { documentLater } from './later-documents.ts';
import { documentTextRule } from './text-pattern.ts';
import { email, userRow } from './user.ts';

export { ACCOUNT_ROLES };
export const accountRole = z.enum(ACCOUNT_ROLES);

/** The names follow the text rule (common.ts), as every text a client sends does. */
export const inviteUserBody = withTextRule(
  z.strictObject({
    account: objectId,
    first_name: userRow.shape.first_name,
    last_name: userRow.shape.last_name,
    email,
    role: accountRole,
  }),
);
export type InviteUserBody = z.infer<typeof inviteUserBody>;

export const accountUserRoleBody = z.strictObject({ user: objectId, account: objectId, role: accountRole });
export const accountUserQuery = z.strictObject({ user: objectId, account: objectId });

/**
 * Bulk-create (admin users section): rows of first name, last name, e-mail and role, from a CSV
 * file or pasted lines. The server checks every row and creates none when any has an error; the
 * browser runs the same checks first, so the report shows before anything is sent.
 */
export const BULK_USERS_MAX_ROWS = 500;
export const BULK_USER_FIELDS = ['first_name', 'last_name', 'email', 'role'] as const;
export type BulkUserField = (typeof BULK_USER_FIELDS)[number];
export const bulkUserRow = inviteUserBody.omit({ account: true });
export type BulkUserRow = z.infer<typeof bulkUserRow>;

function bulkRowDocument(): Record<string, unknown> {
  const { $schema: _ignored, ...row } = z.toJSONSchema(bulkUserRow, { io: 'input', override: documentTextRule });
  return row;
}

export const bulkUsersBody = z.strictObject({
  account: objectId,
  /** Each row as read from the file; checked one by one (the report names row and field). */
  rows: z
    // Checked one by one by the handler, so the report names row and field; the document
    // describes each row as the fields an invite takes.
    .array(documentLater(z.record(z.string(), z.unknown()), bulkRowDocument))
    .min(1, 'Add at least one row')
    .max(BULK_USERS_MAX_ROWS, `At most ${BULK_USERS_MAX_ROWS} rows at once`),
});

/** One problem of one row: `row` counts from 1 as the report shows it. */
export interface BulkRowIssue {
  row: number;
  field: BulkUserField | null;
  message: string;
}

/**
 * The checks that need no database: each row against the invite rules, and no e-mail twice in
 * the input. Answers the valid rows (null where a row has errors) and every issue.
 */
export function checkBulkUserRows(rows: readonly Record<string, unknown>[]): {
  valid: (BulkUserRow | null)[];
  issues: BulkRowIssue[];
} {
  const issues: BulkRowIssue[] = [];
  const firstRowOf = new Map<string, number>();
  const valid = rows.map((raw, index) => {
    const row = index + 1;
    const parsed = bulkUserRow.safeParse(raw);
    if (!parsed.success) {
      const seen = new Set<string>();
      for (const issue of parsed.error.issues) {
        const key = String(issue.path[0] ?? '');
        const field = (BULK_USER_FIELDS as readonly string[]).includes(key) ? (key as BulkUserField) : null;
        const message =
          issue.code === 'unrecognized_keys'
            ? `Unknown column ${issue.keys.join(', ')}`
            : field === 'role'
              ? `Role must be one of ${ACCOUNT_ROLES.join(', ')}`
              : issue.message;
        if (seen.has(`${field}:${message}`)) continue;
        seen.add(`${field}:${message}`);
        issues.push({ row, field, message });
      }
      return null;
    }
    const earlier = firstRowOf.get(parsed.data.email);
    if (earlier !== undefined) {
      issues.push({ row, field: 'email', message: `The same e-mail as row ${earlier}` });
      return null;
    }
    firstRowOf.set(parsed.data.email, row);
    return parsed.data;
  });
  return { valid, issues };
}

/** The path an issue takes in a 400 body (`rows.3.email`), and back. */
export const bulkIssuePath = (issue: BulkRowIssue) => `rows.${issue.row}${issue.field ? `.${issue.field}` : ''}`;
export function bulkIssueFromPath(path: string, message: string): BulkRowIssue | null {
  const match = /^rows\.(\d+)(?:\.(\w+))?$/.exec(path);
  if (!match) return null;
  const field = (BULK_USER_FIELDS as readonly string[]).includes(match[2] ?? '') ? (match[2] as BulkUserField) : null;
  return { row: Number(match[1]), field, message };
}

/** A role on an account given to an existing user (admin access section). */
export const accountGrantBody = z.strictObject({ user: objectId, account: objectId, role: accountRole });

/** Who holds a role on an account: its users' grants, and the root users who belong to it. */
export const accountGrantRow = z.object({
  user: userRow.pick({ id: true, first_name: true, last_name: true, email: true, account: true }),
  role: z.enum(ROLE_ORDER),
  /** 'account': an access grant, changed or revoked here; 'root': a root-account grant (global). */
  kind: z.enum(['account', 'root']),
  /** True when the account is the user's own (their access there is not revoked, only moved). */
  own_account: z.boolean(),
  /**
   * The version of the grant as read: the holder's ETag (a grant lives in its user's row), which
   * a change of role or a revoke sends back as If-Match. An admin may not read a guest by id, so
   * the list carries it.
   */
  version: z.string(),
});
export type AccountGrant = z.infer<typeof accountGrantRow>;
export const accountGrantsQuery = z.strictObject({ account: objectId });

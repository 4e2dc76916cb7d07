/**
 * /admin/users/bulk-create (admin): many users of the selected account at once, from a CSV file
 * or pasted rows of first name, last name, e-mail and role. Each row is checked as it is typed
 * (the server's rules, src/shared/schemas/account-users.ts) and the server checks again, with
 * what only it knows (e-mails already taken); any row with an error means nobody is created, and
 * the report says which row and field. Each created user gets the invitation e-mail.
 */
import { useStore } from '@nanostores/react';
import { useMemo, useState } from 'react';
import { useLocation } from 'wouter';
import { ApiError } from '../../../lib/api.ts';
import { callEndpoint } from '../../../lib/endpoint-call.ts';
import {
  BULK_USERS_MAX_ROWS,
  bulkIssueFromPath,
  checkBulkUserRows,
  type BulkRowIssue,
} from '../../../shared/schemas/account-users.ts';
import { $selectedAccount, $selectedAccountId } from '../../../stores/account.ts';
import { showError, showSuccess } from '../../../stores/alerts.ts';
import { BUTTON_REENABLE_MS } from '../../../shared/constants.ts';
import { paths } from '../../routes/index.ts';
import { Badge, STATUS_TONES } from '../../shared/Badge.tsx';
import { Card } from '../../shared/Card.tsx';
import { PageHeader } from '../../shared/PageHeader.tsx';
import { Button } from '../../shared/Button.tsx';
import { useUnsavedForm } from '../../shared/useUnsavedForm.ts';
import { readBulkUsers } from './account/bulkUsers.ts';
import { roleName } from '../../shared/people.tsx';
import { ScrollTable, WIDE_CELL } from './account/TableParts.tsx';

const EXAMPLE =
  'first name,last name,email,role\nAda,Lovelace,ada@example.com,write\nAlan,Turing,alan@example.com,read';
const FIELD_NAMES = { first_name: 'First name', last_name: 'Last name', email: 'E-mail', role: 'Role' } as const;

interface ServerReport {
  text: string;
  message: string;
  issues: BulkRowIssue[];
}

export default function AdminUsersBulkCreatePage() {
  const accountId = useStore($selectedAccountId);
  const account = useStore($selectedAccount);
  const [, navigate] = useLocation();
  const [text, setText] = useState('');
  const [fileName, setFileName] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [server, setServer] = useState<ServerReport | null>(null);
  useUnsavedForm(text.trim() !== '');

  const input = useMemo(() => readBulkUsers(text), [text]);
  const local = useMemo(() => checkBulkUserRows(input.rows), [input.rows]);
  // The server's report stands for the text it was given; an edit goes back to the live checks.
  const report = server && server.text === text ? server : null;
  const issues = report ? report.issues : local.issues;
  const issuesOf = (row: number) => issues.filter((issue) => issue.row === row);
  const badRows = new Set(issues.map((issue) => issue.row)).size;

  const send = () => {
    if (!accountId || input.rows.length === 0 || sending) return;
    setSending(true);
    callEndpoint('bulkCreateUsers', { body: { account: accountId, rows: input.rows } })
      .then(({ count }) => {
        setText('');
        showSuccess(`${count} ${count === 1 ? 'user' : 'users'} created; invitations sent`);
        navigate(paths.adminSection('users'));
      })
      .catch((error: unknown) => {
        if (error instanceof ApiError && error.status === 400 && error.issues.length) {
          const rowIssues = error.issues
            .map((issue) => bulkIssueFromPath(issue.path, issue.message))
            .filter((issue): issue is BulkRowIssue => issue !== null);
          setServer({ text, message: error.message, issues: rowIssues });
        }
        showError(error);
      })
      .finally(() => setTimeout(() => setSending(false), BUTTON_REENABLE_MS));
  };

  return (
    <div className="max-w-5xl space-y-4">
      <PageHeader title="Bulk Create Users" />
      <p className="-mt-4 text-sm text-slate-600">
        New users of <strong className="font-semibold text-slate-900">{account?.name}</strong>, up to{' '}
        {BULK_USERS_MAX_ROWS} at once. Nobody is created while any row has an error.
      </p>
      <Card title="Rows">
        <div className="space-y-4">
          <div>
            <label htmlFor="bulk-users-file" className="mb-1 block text-sm font-medium text-slate-700">
              CSV file
            </label>
            <input
              id="bulk-users-file"
              type="file"
              accept=".csv,.txt,text/csv,text/plain"
              aria-describedby="bulk-users-file-hint"
              onChange={(event) => {
                const file = event.target.files?.[0];
                if (!file) return;
                void file.text().then((content) => {
                  setFileName(file.name);
                  setText(content);
                });
              }}
              className="block w-full text-sm text-slate-700 file:mr-3 file:rounded-md file:border-0 file:bg-slate-100 file:px-3 file:py-2 file:text-sm file:font-medium file:text-slate-800 hover:file:bg-slate-200"
            />
            <p id="bulk-users-file-hint" className="mt-1 text-xs text-slate-600">
              {fileName ? `Read ${fileName}; its rows are below, to check or edit. ` : ''}Columns: first name, last
              name, e-mail, role (read, write or admin; empty means read). A header row is optional.
            </p>
          </div>
          <div>
            <label htmlFor="bulk-users-text" className="mb-1 block text-sm font-medium text-slate-700">
              Or paste rows
            </label>
            <textarea
              id="bulk-users-text"
              rows={7}
              value={text}
              placeholder={EXAMPLE}
              onChange={(event) => setText(event.target.value)}
              spellCheck={false}
              className="block w-full rounded-md border border-slate-300 bg-white px-3 py-2 font-mono text-sm text-slate-900 shadow-sm outline-none placeholder:text-slate-400 focus:outline-2 focus:outline-solid focus:outline-primary"
            />
          </div>
          {input.error ? (
            <p role="alert" className="text-sm text-red-700">
              {input.error}
            </p>
          ) : null}
        </div>
      </Card>
      {input.rows.length > 0 ? (
        <Card
          title="Validation report"
          actions={
            <Button onClick={send} disabled={sending || !accountId}>
              {sending ? 'Creating…' : `Create ${input.rows.length} ${input.rows.length === 1 ? 'user' : 'users'}`}
            </Button>
          }
        >
          <p
            role="status"
            data-testid="bulk-summary"
            className={`mb-3 text-sm ${badRows ? 'font-medium text-red-700' : 'text-slate-700'}`}
          >
            {report
              ? report.message
              : badRows
                ? `${badRows} of ${input.rows.length} rows have errors; fix them before creating`
                : `${input.rows.length} ${input.rows.length === 1 ? 'row is' : 'rows are'} ready to create`}
          </p>
          <ScrollTable
            label="Validation report"
            columns={['Row', 'Name', 'E-mail', 'Role', 'Result']}
            wide={['Name', 'Role']}
          >
            {input.rows.map((row, index) => {
              const rowIssues = issuesOf(index + 1);
              return (
                <tr key={index} data-testid="bulk-row" className={rowIssues.length ? 'bg-red-50/60' : undefined}>
                  <td className="px-4 py-2 text-slate-600 tabular-nums sm:pl-0">{index + 1}</td>
                  <td className={`px-4 py-2 font-medium text-slate-900 ${WIDE_CELL}`}>
                    {row.first_name} {row.last_name}
                  </td>
                  <td className="px-4 py-2 break-all">{row.email}</td>
                  <td className={`px-4 py-2 ${WIDE_CELL}`}>{row.role ? roleName(row.role) : ''}</td>
                  <td className="px-4 py-2">
                    {rowIssues.length ? (
                      <ul className="space-y-0.5 text-red-700">
                        {rowIssues.map((issue) => (
                          <li key={`${issue.field}:${issue.message}`}>
                            {issue.field ? `${FIELD_NAMES[issue.field]}: ` : ''}
                            {issue.message}
                          </li>
                        ))}
                      </ul>
                    ) : (
                      <Badge className={STATUS_TONES.success}>OK</Badge>
                    )}
                  </td>
                </tr>
              );
            })}
          </ScrollTable>
        </Card>
      ) : null}
    </div>
  );
}

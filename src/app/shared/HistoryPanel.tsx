/**
 * A record's History: its changes from the audit trail, newest first, each with who,
 * when and a readable diff (field: before → after). Shown to root and super only, whom the trail
 * is for (the API refuses others); the record's account is the selected one.
 */
import { useStore } from '@nanostores/react';
import { listAuditEvents } from '../../lib/audit.ts';
import { can } from '../../shared/access.ts';
import { changeLines } from '../../shared/audit-diff.ts';
import { formatDateTime } from '../../shared/date-format.ts';
import { $isRoot, $role, $selectedAccountId } from '../../stores/account.ts';
import { Card } from './Card.tsx';
import { useAsync } from './useAsync.ts';
import { useChangeNames } from './useChangeNames.ts';

const ACTION_WORDS: Readonly<Record<string, string>> = { create: 'Created', update: 'Changed', delete: 'Deleted' };

export function HistoryPanel({ recordId }: { recordId: string }) {
  const isRoot = useStore($isRoot);
  if (!isRoot) return null;
  return <History recordId={recordId} />;
}

function History({ recordId }: { recordId: string }) {
  const role = useStore($role);
  const accountId = useStore($selectedAccountId);
  // Super reads every account's records of it (a contract is shared); root those of the selected account.
  const account = role && can(role, 'admin.super') ? undefined : (accountId ?? undefined);
  const history = useAsync(
    () => listAuditEvents({ record_id: recordId, account, limit: 50 }),
    `${recordId}:${account ?? ''}`,
  );
  const nameOf = useChangeNames(history.data?.data);
  return (
    <Card title="History" className="mt-6">
      {history.error ? (
        <p className="text-sm text-slate-600">The history could not be read.</p>
      ) : !history.data ? (
        <p className="text-sm text-slate-600">Reading the history…</p>
      ) : history.data.data.length === 0 ? (
        <p className="text-sm text-slate-600">No changes recorded yet.</p>
      ) : (
        <ol className="space-y-4" aria-label="Changes">
          {history.data.data.map((event) => (
            <li key={event.id} className="border-l-2 border-slate-200 pl-3">
              <p className="text-sm text-slate-900">
                <span className="font-medium">{ACTION_WORDS[event.action] ?? event.action}</span> by{' '}
                {event.actor?.email ?? 'a signed-out request'} · {formatDateTime(event.at)}
              </p>
              <ul className="mt-1 space-y-0.5 text-sm text-slate-700">
                {changeLines(event, nameOf).map((line) => (
                  <li key={line.field} className="break-words">
                    <span className="font-medium">{line.field}</span>: {line.before} → {line.after}
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ol>
      )}
    </Card>
  );
}

/**
 * The "Schedule" section of a saved report's page: the report's e-mail deliveries, each made,
 * changed, paused, run at once or deleted here, with its recent runs (a failed one shows why).
 *
 * A report may have several schedules, and the page shows every one: a weekly mail to the team
 * and a monthly one to a client's people are different deliveries of the same report (other
 * recipients, another rhythm), and the API has always allowed them.
 */
import { useState } from 'react';
import { listAll, remove, update } from '../../../lib/api.ts';
import { callEndpoint } from '../../../lib/endpoint-call.ts';
import { showError, showSuccess } from '../../../stores/alerts.ts';
import { formatDateTime } from '../../../shared/date-format.ts';
import type { ReportSchedule, ReportScheduleRun } from '../../../shared/schemas/index.ts';
import { ConfirmDialog } from '../../kit/ConfirmDialog.tsx';
import { Badge, capitalise } from '../../shared/Badge.tsx';
import { Button } from '../../shared/Button.tsx';
import { Card } from '../../shared/Card.tsx';
import { useAsync } from '../../shared/useAsync.ts';
import { ScheduleForm } from './ScheduleForm.tsx';

/** 'Weekly on Monday at 09:00 (Europe/London)'. */
export function describeSchedule(
  schedule: Pick<ReportSchedule, 'frequency' | 'weekday' | 'month_day' | 'time' | 'time_zone'>,
): string {
  const when =
    schedule.frequency === 'weekly'
      ? `Weekly on ${capitalise(schedule.weekday ?? '')}`
      : schedule.frequency === 'monthly'
        ? `Monthly on day ${schedule.month_day ?? 1}`
        : 'Daily';
  return `${when} at ${schedule.time} (${schedule.time_zone})`;
}

/**
 * `canChange`: whether the user may change the report, and so its deliveries (the server's rule):
 * without it the section only lists them.
 */
export function ScheduleSection({
  report,
  account,
  me,
  canChange,
}: {
  report: string;
  account: string;
  me: string;
  canChange: boolean;
}) {
  const [version, setVersion] = useState(0);
  const schedules = useAsync(() => listAll('report-schedule', { account, report }), `schedules:${report}:${version}`);
  const [adding, setAdding] = useState(false);
  const reload = () => setVersion((v) => v + 1);
  const list = schedules.data ?? [];

  return (
    <Card title="Schedule" className="mt-6">
      <div className="space-y-6">
        {list.map((schedule) => (
          <ScheduleItem
            key={schedule.id}
            schedule={schedule}
            me={me}
            version={version}
            canChange={canChange}
            onChanged={reload}
          />
        ))}
        {adding ? (
          <ScheduleForm
            schedule={null}
            account={account}
            report={report}
            me={me}
            onDone={() => (setAdding(false), reload())}
            onCancel={() => setAdding(false)}
          />
        ) : (
          <div className="flex flex-wrap items-center gap-3">
            {list.length === 0 ? <p className="text-sm text-slate-700">This report is not sent by e-mail.</p> : null}
            {canChange ? (
              <Button variant="secondary" disabled={!schedules.data} onClick={() => setAdding(true)}>
                {list.length === 0 ? 'Schedule by e-mail' : 'Add another schedule'}
              </Button>
            ) : null}
          </div>
        )}
      </div>
    </Card>
  );
}

function ScheduleItem({
  schedule,
  me,
  version,
  canChange,
  onChanged,
}: {
  schedule: ReportSchedule;
  me: string;
  version: number;
  canChange: boolean;
  onChanged: () => void;
}) {
  const runs = useAsync(
    () => callEndpoint('reportScheduleRuns', { query: { schedule: schedule.id } }).then((body) => body.data),
    `runs:${schedule.id}:${version}`,
  );
  const [editing, setEditing] = useState(false);
  const [busy, setBusy] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const described = describeSchedule(schedule);

  const act = async (work: () => Promise<unknown>, done: string) => {
    setBusy(true);
    try {
      await work();
      showSuccess(done);
      onChanged();
    } catch (error) {
      showError(error);
    } finally {
      setBusy(false);
    }
  };

  if (editing)
    return (
      <ScheduleForm
        schedule={schedule}
        account={schedule.account}
        report={schedule.report}
        me={me}
        onDone={() => (setEditing(false), onChanged())}
        onCancel={() => setEditing(false)}
      />
    );
  return (
    <div role="group" aria-label={described} className="space-y-4 border-b border-slate-200 pb-6 last:border-0">
      <div className="flex flex-wrap items-center gap-2 text-sm text-slate-700">
        <span className="font-medium">{described}</span>
        {schedule.paused ? <Badge className="bg-amber-100 text-amber-800">Paused</Badge> : null}
        {schedule.last_status === 'failed' ? <Badge className="bg-red-100 text-red-800">Last run failed</Badge> : null}
      </div>
      <p className="text-sm text-slate-700">
        To {schedule.recipients.join(', ')}
        {schedule.next_run_at ? ` · Next run ${formatDateTime(schedule.next_run_at)}` : ''}
      </p>
      {canChange ? (
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" disabled={busy} onClick={() => setEditing(true)}>
            Edit schedule
          </Button>
          <Button
            variant="secondary"
            disabled={busy}
            onClick={() =>
              void act(
                () => update('report-schedule', schedule.id, { paused: !schedule.paused }),
                schedule.paused ? 'Schedule resumed' : 'Schedule paused',
              )
            }
          >
            {schedule.paused ? 'Resume' : 'Pause'}
          </Button>
          <Button
            variant="secondary"
            disabled={busy}
            onClick={() =>
              void act(() => callEndpoint('runReportSchedule', { query: { id: schedule.id } }), 'Report sent')
            }
          >
            Run now
          </Button>
          <Button variant="secondary" disabled={busy} onClick={() => setConfirmDelete(true)}>
            Delete schedule
          </Button>
        </div>
      ) : null}
      <RunTable runs={runs.data ?? []} />
      <ConfirmDialog
        isOpen={confirmDelete}
        title="Delete schedule"
        confirmLabel="Delete"
        tone="danger"
        busy={busy}
        onCancel={() => setConfirmDelete(false)}
        onConfirm={() => {
          setConfirmDelete(false);
          void act(() => remove('report-schedule', schedule.id), 'Schedule deleted');
        }}
      >
        Stop sending this report by e-mail ({described})? Its past runs are no longer listed.
      </ConfirmDialog>
    </div>
  );
}

function RunTable({ runs }: { runs: readonly ReportScheduleRun[] }) {
  if (runs.length === 0) return <p className="text-sm text-slate-700">No runs yet.</p>;
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Recent runs</caption>
        <thead className="text-slate-700">
          <tr>
            <th className="py-1 pr-4 font-medium">When</th>
            <th className="hidden py-1 pr-4 font-medium sm:table-cell">To</th>
            <th className="py-1 pr-4 font-medium">Rows</th>
            <th className="py-1 pr-4 font-medium">Status</th>
          </tr>
        </thead>
        <tbody>
          {runs.slice(0, 10).map((run) => (
            <tr key={run.id} className="border-t border-slate-200 align-top">
              <td className="py-1 pr-4 whitespace-nowrap">{formatDateTime(run.created_at)}</td>
              <td className="hidden py-1 pr-4 sm:table-cell">{run.recipients.join(', ')}</td>
              <td className="py-1 pr-4">{run.rows}</td>
              <td className="py-1 pr-4">
                {run.status === 'sent' ? 'Sent' : `Failed${run.error ? `: ${run.error}` : ''}`}
                {run.retry_at ? ` (tried again ${formatDateTime(run.retry_at)})` : ''}
                {/* Checked at the run: who lost access since the schedule was saved is not sent it. */}
                {run.skipped?.length ? (
                  <ul className="mt-1 text-slate-700">
                    {run.skipped.map((skip) => (
                      <li key={skip.address}>Not sent: {skip.reason}</li>
                    ))}
                  </ul>
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

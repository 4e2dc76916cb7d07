/**
 * The "Schedule" section of a saved report's page (issue 36): the report's e-mail delivery, made,
 * changed, paused, run at once or deleted here, with its recent runs (a failed one shows why).
 * The server keeps every rule (who may, to whom, which zone); the form shows its field messages.
 */
import { useState, type FormEvent } from 'react';
import { ApiError, call, create, listAll, remove, update } from '../../../lib/api.ts';
import { showError, showSuccess } from '../../../stores/alerts.ts';
import { formatDateTime } from '../../../shared/date-format.ts';
import { FREQUENCIES, WEEKDAYS, type Frequency, type Weekday } from '../../../shared/schedule.ts';
import type { ReportSchedule, ReportScheduleRun } from '../../../shared/schemas/index.ts';
import { ConfirmDialog } from '../../kit/ConfirmDialog.tsx';
import { Badge, capitalise } from '../../shared/Badge.tsx';
import { Button } from '../../shared/Button.tsx';
import { Card } from '../../shared/Card.tsx';
import { TextField } from '../../shared/Field.tsx';
import { SelectField } from '../../shared/SelectField.tsx';
import { useAsync } from '../../shared/useAsync.ts';

interface Draft {
  frequency: Frequency;
  weekday: Weekday;
  month_day: string;
  time: string;
  time_zone: string;
  recipients: string;
}

const localZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

function draftOf(schedule: ReportSchedule | null, me: string): Draft {
  return {
    frequency: schedule?.frequency ?? 'weekly',
    weekday: schedule?.weekday ?? 'monday',
    month_day: String(schedule?.month_day ?? 1),
    time: schedule?.time ?? '09:00',
    time_zone: schedule?.time_zone ?? localZone(),
    recipients: schedule ? schedule.recipients.join(', ') : me,
  };
}

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

function fieldErrors(error: unknown): Record<string, string> {
  const found: Record<string, string> = {};
  if (error instanceof ApiError)
    for (const issue of error.issues) found[String(issue.path).split('.')[0] ?? ''] = String(issue.message);
  return found;
}

export function ScheduleSection({ report, account, me }: { report: string; account: string; me: string }) {
  const [version, setVersion] = useState(0);
  const schedules = useAsync(() => listAll('report-schedule', { account, report }), `schedules:${report}:${version}`);
  const schedule = schedules.data?.[0] ?? null;
  const runs = useAsync(
    () =>
      call<{ data: ReportScheduleRun[] }>('/api/v1/report-schedule-run', { query: { schedule: schedule!.id } }).then(
        (body) => body?.data ?? [],
      ),
    schedule ? `runs:${schedule.id}:${version}` : null,
  );
  const [draft, setDraft] = useState<Draft | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const reload = () => setVersion((v) => v + 1);

  const act = async (work: () => Promise<unknown>, done: string) => {
    setBusy(true);
    try {
      await work();
      showSuccess(done);
      reload();
    } catch (error) {
      showError(error);
    } finally {
      setBusy(false);
    }
  };

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (!draft) return;
    const body = {
      frequency: draft.frequency,
      weekday: draft.frequency === 'weekly' ? draft.weekday : null,
      month_day: draft.frequency === 'monthly' ? Number(draft.month_day) : null,
      time: draft.time,
      time_zone: draft.time_zone.trim(),
      recipients: draft.recipients
        .split(/[\s,;]+/)
        .map((address) => address.trim())
        .filter(Boolean),
    };
    setBusy(true);
    try {
      if (schedule) await update('report-schedule', schedule.id, body);
      else await create('report-schedule', { ...body, account, report, format: 'csv', paused: false });
      setDraft(null);
      setErrors({});
      showSuccess(schedule ? 'Schedule updated' : 'Report scheduled');
      reload();
    } catch (error) {
      const found = fieldErrors(error);
      setErrors(found);
      if (Object.keys(found).length === 0) showError(error);
    } finally {
      setBusy(false);
    }
  };

  const set = (patch: Partial<Draft>) => setDraft((current) => (current ? { ...current, ...patch } : current));

  return (
    <Card title="Schedule" className="mt-6">
      {draft ? (
        <form className="grid gap-4 sm:grid-cols-2" onSubmit={(event) => void save(event)} noValidate>
          <SelectField
            label="Frequency"
            value={draft.frequency}
            options={FREQUENCIES.map((value) => ({ value, label: capitalise(value) }))}
            onChange={(event) => set({ frequency: event.target.value as Frequency })}
            error={errors.frequency}
          />
          {draft.frequency === 'weekly' ? (
            <SelectField
              label="Day of the week"
              value={draft.weekday}
              options={WEEKDAYS.map((value) => ({ value, label: capitalise(value) }))}
              onChange={(event) => set({ weekday: event.target.value as Weekday })}
              error={errors.weekday}
            />
          ) : null}
          {draft.frequency === 'monthly' ? (
            <TextField
              label="Day of the month"
              inputMode="numeric"
              value={draft.month_day}
              onChange={(event) => set({ month_day: event.target.value })}
              hint="A day a month does not have (31 in April) sends on its last day."
              error={errors.month_day}
            />
          ) : null}
          <TextField
            label="Time"
            type="time"
            value={draft.time}
            onChange={(event) => set({ time: event.target.value })}
            error={errors.time}
          />
          <TextField
            label="Time zone"
            value={draft.time_zone}
            onChange={(event) => set({ time_zone: event.target.value })}
            hint="An IANA name, such as Europe/London."
            error={errors.time_zone}
          />
          <TextField
            label="Recipients"
            className="sm:col-span-2"
            value={draft.recipients}
            onChange={(event) => set({ recipients: event.target.value })}
            hint="E-mail addresses of this account's users, separated by commas."
            error={errors.recipients ?? errors.report}
          />
          <div className="flex gap-2 sm:col-span-2">
            <Button type="submit" disabled={busy}>
              {schedule ? 'Save schedule' : 'Schedule'}
            </Button>
            <Button variant="secondary" onClick={() => (setDraft(null), setErrors({}))}>
              Cancel
            </Button>
          </div>
        </form>
      ) : schedule ? (
        <div className="space-y-4">
          <div className="flex flex-wrap items-center gap-2 text-sm text-slate-700">
            <span>{describeSchedule(schedule)}</span>
            {schedule.paused ? <Badge className="bg-amber-100 text-amber-800">Paused</Badge> : null}
            {schedule.last_status === 'failed' ? (
              <Badge className="bg-red-100 text-red-800">Last run failed</Badge>
            ) : null}
          </div>
          <p className="text-sm text-slate-700">
            To {schedule.recipients.join(', ')}
            {schedule.next_run_at ? ` · Next run ${formatDateTime(schedule.next_run_at)}` : ''}
          </p>
          <div className="flex flex-wrap gap-2">
            <Button variant="secondary" disabled={busy} onClick={() => setDraft(draftOf(schedule, me))}>
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
                void act(
                  () => call('/api/v1/report-schedule/run', { method: 'POST', query: { id: schedule.id } }),
                  'Report sent',
                )
              }
            >
              Run now
            </Button>
            <Button variant="secondary" disabled={busy} onClick={() => setConfirmDelete(true)}>
              Delete schedule
            </Button>
          </div>
          <RunTable runs={runs.data ?? []} />
        </div>
      ) : (
        <div className="flex flex-wrap items-center gap-3">
          <p className="text-sm text-slate-700">This report is not sent by e-mail.</p>
          <Button variant="secondary" disabled={!schedules.data} onClick={() => setDraft(draftOf(null, me))}>
            Schedule by e-mail
          </Button>
        </div>
      )}
      <ConfirmDialog
        isOpen={confirmDelete}
        title="Delete schedule"
        confirmLabel="Delete"
        tone="danger"
        busy={busy}
        onCancel={() => setConfirmDelete(false)}
        onConfirm={() => {
          setConfirmDelete(false);
          if (schedule) void act(() => remove('report-schedule', schedule.id), 'Schedule deleted');
        }}
      >
        Stop sending this report by e-mail? Its past runs are no longer listed.
      </ConfirmDialog>
    </Card>
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
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

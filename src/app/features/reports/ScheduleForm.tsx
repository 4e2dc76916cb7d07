/**
 * The form that makes or changes one e-mail schedule of a saved report, on the kit's form state:
 * the schedule's own schema checks it before sending, in a person's words (kit/formMessages.ts),
 * below a summary. The time zone is chosen from the runtime's list (the server still refuses a zone
 * it does not know); the server keeps every other rule too (who may, to whom), and its messages land
 * on the same fields.
 */
import { useState, type ChangeEvent } from 'react';
import { create, update } from '../../../lib/api.ts';
import { showSuccess } from '../../../stores/alerts.ts';
import { FREQUENCIES, WEEKDAYS, timeZoneNames, type Frequency, type Weekday } from '../../../shared/schedule.ts';
import type { ReportSchedule, ResourceCreate } from '../../../shared/schemas/index.ts';
import { reportScheduleCreate, reportScheduleUpdate } from '../../../shared/schemas/report-schedule.ts';
import { ErrorSummary } from '../../kit/ErrorSummary.tsx';
import { SearchChoiceInput } from '../../kit/SearchChoiceInput.tsx';
import { useResourceForm, type Values } from '../../kit/useResourceForm.ts';
import { capitalise } from '../../shared/Badge.tsx';
import { Button } from '../../shared/Button.tsx';
import { SelectField, TextField } from '../../shared/Field.tsx';

interface Draft extends Values {
  frequency: Frequency;
  weekday: Weekday;
  month_day: string;
  time: string;
  time_zone: string;
  recipients: string;
}

const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

function draftOf(schedule: ReportSchedule | null, me: string): Draft {
  return {
    frequency: schedule?.frequency ?? 'weekly',
    weekday: schedule?.weekday ?? 'monday',
    month_day: String(schedule?.month_day ?? 1),
    time: schedule?.time ?? '09:00',
    time_zone: schedule?.time_zone ?? browserZone(),
    recipients: schedule ? schedule.recipients.join(', ') : me,
  };
}

/** The fields' labels, which the server's messages name (kit/formMessages.ts). */
const LABELS: Readonly<Record<string, string>> = {
  frequency: 'Frequency',
  weekday: 'Day of the week',
  month_day: 'Day of the month',
  time: 'Time',
  time_zone: 'Time zone',
  recipients: 'Recipients',
  report: 'Report',
};

export function ScheduleForm({
  schedule,
  account,
  report,
  me,
  onDone,
  onCancel,
}: {
  schedule: ReportSchedule | null;
  account: string;
  report: string;
  me: string;
  onDone: () => void;
  onCancel: () => void;
}) {
  const form = useResourceForm({
    schema: schedule ? reportScheduleUpdate : reportScheduleCreate,
    initial: draftOf(schedule, me),
    labels: LABELS,
    body: (draft: Draft) => {
      const body = {
        frequency: draft.frequency,
        weekday: draft.frequency === 'weekly' ? draft.weekday : null,
        month_day: draft.frequency === 'monthly' ? Number(draft.month_day) : null,
        time: draft.time,
        time_zone: draft.time_zone,
        recipients: draft.recipients
          .split(/[\s,;]+/)
          .map((address) => address.trim())
          .filter(Boolean),
      };
      return schedule ? body : { ...body, account, report, format: 'csv', paused: false };
    },
    submit: (body, write) =>
      schedule
        ? update('report-schedule', schedule.id, body, write)
        : // The create schema accepted it, with the account and report.
          create('report-schedule', body as ResourceCreate<'report-schedule'>),
    onSaved: () => {
      showSuccess(schedule ? 'Schedule updated' : 'Report scheduled');
      onDone();
    },
  });
  const { values: draft, set, errors } = form;
  // A field's value, its change and its message, the same for every field.
  const text = (key: 'month_day' | 'time' | 'recipients') => ({
    value: draft[key],
    onChange: (event: ChangeEvent<HTMLInputElement>) => set(key, event.target.value),
    error: errors[key],
  });
  const choice = <K extends 'frequency' | 'weekday'>(key: K, values: readonly Draft[K][]) => ({
    value: draft[key],
    options: values.map((value) => ({ value, label: capitalise(value) })),
    onChange: (event: ChangeEvent<HTMLSelectElement>) => set(key, event.target.value as Draft[K]),
    error: errors[key],
  });
  // The browser's zone or a stored one may be an alias the runtime's list leaves out: keep it choosable.
  const [zones] = useState(() => {
    const names = timeZoneNames();
    if (!names.includes(draft.time_zone)) names.unshift(draft.time_zone);
    return names.map((name) => ({ id: name, name }));
  });

  return (
    <form
      aria-label={schedule ? 'Change the schedule' : 'Schedule by e-mail'}
      className="grid gap-4 sm:grid-cols-2"
      onSubmit={form.onSubmit}
      noValidate
    >
      <div className="sm:col-span-2 empty:hidden">
        <ErrorSummary errors={errors} />
      </div>
      <SelectField label="Frequency" {...choice('frequency', FREQUENCIES)} />
      {draft.frequency === 'weekly' ? <SelectField label="Day of the week" {...choice('weekday', WEEKDAYS)} /> : null}
      {draft.frequency === 'monthly' ? (
        <TextField
          label="Day of the month"
          inputMode="numeric"
          {...text('month_day')}
          hint="A day a month does not have (31 in April) sends on its last day."
        />
      ) : null}
      <TextField label="Time" type="time" {...text('time')} />
      <SearchChoiceInput
        label="Time zone"
        value={draft.time_zone}
        options={zones}
        onChange={(time_zone) => set('time_zone', time_zone)}
        hint="Type a city or region to narrow the list."
        error={errors.time_zone}
      />
      <TextField
        label="Recipients"
        className="sm:col-span-2"
        {...text('recipients')}
        hint="E-mail addresses of this account's users, separated by commas."
        error={errors.recipients ?? errors.report}
      />
      <div className="flex gap-2 sm:col-span-2">
        <Button type="submit" disabled={form.saving}>
          {schedule ? 'Save schedule' : 'Schedule'}
        </Button>
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

/**
 * Create and edit a measurement (write role), on the kit's form state. Validated by the shared schema (measurementCreate /
 * measurementUpdate, loaded lazily with zod) before anything is sent, each mistake worded for a
 * person (kit/formMessages.ts); the server validates again with the same schema and its issues land
 * on their fields if it still refuses. Unsaved changes are guarded:
 * the account switcher asks first (useUnsavedForm), and leaving by a link or closing the tab asks
 * for confirmation (useLeaveGuard). The fields themselves are tables in MeasurementFields.tsx.
 */
import { useStore } from '@nanostores/react';
import { useMemo } from 'react';
import { useLocation } from 'wouter';
import { create, update } from '../../../lib/api.ts';
import { showSuccess } from '../../../stores/alerts.ts';
import { $selectedAccountId } from '../../../stores/account.ts';
import type { Measurement } from '../../../shared/schemas/measurement.ts';
import type { ResourceCreate } from '../../../shared/schemas/index.ts';
import { paths } from '../../routes/index.ts';
import { FormActions } from '../../shared/Button.tsx';
import { MeasurementFields, useLookups } from './MeasurementFields.tsx';
import { ErrorSummary } from '../../kit/ErrorSummary.tsx';
import { useResourceForm } from '../../kit/useResourceForm.ts';
import { FIELD_LABELS, bodyOf, draftOf } from './measurementDraft.ts';
import { UNSAVED_CHANGES_PROMPT, useLeaveGuard } from './useLeaveGuard.ts';

/** The first refused field, in the form's order, takes the focus (the form is long). */
function focusFirst(errors: Readonly<Record<string, string>>) {
  const first = Object.keys(FIELD_LABELS).find((field) => errors[field]);
  if (first)
    document.querySelector<HTMLElement>(`[data-field="${first}"] input, [data-field="${first}"] select`)?.focus();
}

export function MeasurementForm({
  measurement,
  onReload,
}: {
  measurement: Measurement | null;
  /** Loads the stored measurement again (after someone else changed it). */
  onReload?: () => void;
}) {
  const isCreate = measurement === null;
  const selectedAccount = useStore($selectedAccountId);
  const account = measurement?.account ?? selectedAccount;
  const [, navigate] = useLocation();
  const initial = useMemo(() => draftOf(measurement), [measurement]);
  const form = useResourceForm({
    // zod's measurement schemas load with the first Save, not with the page.
    schema: () =>
      import('../../../shared/schemas/measurement.ts').then((schemas) =>
        isCreate ? schemas.measurementCreate : schemas.measurementUpdate,
      ),
    initial,
    labels: FIELD_LABELS,
    body: (draft) => bodyOf(draft, account, isCreate),
    onRefused: focusFirst,
    onReload,
    submit: (value, write) =>
      isCreate
        ? // The create schema accepted it, so the account is set.
          create('measurement', value as ResourceCreate<'measurement'>)
        : // The client sends the version it read; a 412 asks the app's conflict dialog.
          update('measurement', measurement.id, value, write),
    onSaved: (saved) => {
      const { id, name } = saved as Measurement;
      showSuccess(isCreate ? `Measurement '${name}' created` : `Measurement '${name}' saved`);
      navigate(paths.measurement(id));
    },
  });
  const { values: draft, errors, set, saving, dirty } = form;
  useLeaveGuard(dirty && !saving);
  const lookups = useLookups(account);

  return (
    <form
      noValidate
      onSubmit={form.onSubmit}
      className="space-y-6"
      aria-label={isCreate ? 'Create measurement' : 'Edit measurement'}
    >
      <ErrorSummary errors={errors} />
      <MeasurementFields draft={draft} errors={errors} set={set} lookups={lookups} />
      <FormActions
        busy={saving}
        busyLabel="Saving…"
        label={isCreate ? 'Create measurement' : 'Save changes'}
        onCancel={() => {
          if (dirty && !window.confirm(UNSAVED_CHANGES_PROMPT)) return;
          form.reset(initial);
          navigate(measurement ? paths.measurement(measurement.id) : paths.measurements());
        }}
      />
    </form>
  );
}

/**
 * Create and edit a measurement (write role). Validated by the shared schema (measurementCreate /
 * measurementUpdate, loaded lazily with zod) before anything is sent, each mistake worded for a
 * person (kit/formMessages.ts); the server validates again with the same schema and its issues land
 * on their fields if it still refuses. Unsaved changes are guarded:
 * the account switcher asks first (useUnsavedForm), and leaving by a link or closing the tab asks
 * for confirmation (useLeaveGuard). The fields themselves are tables in MeasurementFields.tsx.
 */
import { useStore } from '@nanostores/react';
import { useMemo, useState, type FormEvent } from 'react';
import { useLocation } from 'wouter';
import { create, isConflict, update } from '../../../lib/api.ts';
import { showError, showSuccess } from '../../../stores/alerts.ts';
import { $selectedAccountId } from '../../../stores/account.ts';
import type { Measurement } from '../../../shared/schemas/measurement.ts';
import type { ResourceCreate } from '../../../shared/schemas/index.ts';
import { paths } from '../../routes/index.ts';
import { FormActions } from '../../shared/Button.tsx';
import { useUnsavedForm } from '../../shared/useUnsavedForm.ts';
import { MeasurementFields, useLookups } from './MeasurementFields.tsx';
import { ErrorSummary } from '../../kit/ErrorSummary.tsx';
import { checkForm, issuesByField } from '../../kit/formMessages.ts';
import { serverIssues } from '../../kit/useResourceForm.ts';
import { FIELD_LABELS, bodyOf, draftOf, type Draft } from './measurementDraft.ts';
import { UNSAVED_CHANGES_PROMPT, useLeaveGuard } from './useLeaveGuard.ts';

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
  const [draft, setDraft] = useState<Draft>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const dirty = JSON.stringify(draft) !== JSON.stringify(initial);
  useUnsavedForm(dirty && !saving);
  useLeaveGuard(dirty && !saving);
  const lookups = useLookups(account);

  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => {
    setDraft((d) => ({ ...d, [key]: value }));
    if (errors[key]) setErrors(({ [key]: _, ...rest }) => rest);
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    const body = bodyOf(draft, account, isCreate);
    const schemas = await import('../../../shared/schemas/measurement.ts');
    const schema = isCreate ? schemas.measurementCreate : schemas.measurementUpdate;
    const parsed = checkForm(schema, body, FIELD_LABELS);
    if (!parsed.ok) {
      const next = parsed.errors;
      setErrors(next);
      const firstField = Object.keys(FIELD_LABELS).find((f) => next[f]);
      if (firstField)
        document
          .querySelector<HTMLElement>(`[data-field="${firstField}"] input, [data-field="${firstField}"] select`)
          ?.focus();
      return;
    }
    setSaving(true);
    try {
      const saved = isCreate
        ? // The create schema accepted it just above, so the account is set.
          await create('measurement', parsed.value as ResourceCreate<'measurement'>)
        : // The client sends the version it read; a 412 asks the app's conflict dialog.
          await update('measurement', measurement.id, parsed.value, { onReload });
      showSuccess(isCreate ? `Measurement '${saved.name}' created` : `Measurement '${saved.name}' saved`);
      navigate(paths.measurement(saved.id));
    } catch (error) {
      setSaving(false);
      // Reload or cancel, answered in the conflict dialog: nothing more to say.
      if (isConflict(error) && error.choice) return;
      const issues = serverIssues(error);
      if (issues?.length) setErrors(issuesByField(issues, FIELD_LABELS));
      showError(error);
    }
  }

  return (
    <form
      noValidate
      onSubmit={(e) => void submit(e)}
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
          setDraft(initial);
          navigate(measurement ? paths.measurement(measurement.id) : paths.measurements());
        }}
      />
    </form>
  );
}

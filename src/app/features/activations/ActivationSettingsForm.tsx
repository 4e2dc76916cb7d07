/**
 * The settings of a draft or paused activation: name, platform and minimum APM, with the create
 * page's live preview of the measurement's domains at the minimum being typed. Saving sends the
 * three together (PUT /api/v1/activation/with-list), which re-derives the allow list on the
 * server, with the version the page read: a change made elsewhere meanwhile asks the conflict
 * dialog instead of being overwritten.
 */
import { useState, type ChangeEvent, type FormEvent } from 'react';
import { isConflict } from '../../../lib/api.ts';
import { showError, showSuccess } from '../../../stores/alerts.ts';
import { formatMetric } from '../../../shared/metrics.ts';
import { formatCountOf } from '../../../shared/number-format.ts';
import type { Activation, DomainList, Measurement } from '../../../shared/schemas/index.ts';
import { ErrorSummary } from '../../kit/ErrorSummary.tsx';
import { Button } from '../../shared/Button.tsx';
import { TextField } from '../../shared/Field.tsx';
import { useFieldErrors } from '../../shared/useFieldErrors.ts';
import { useUnsavedForm } from '../../shared/useUnsavedForm.ts';
import { saveSettings, type NamedRow } from './data.ts';
import { MinApmWithPreview, minApmProblem, useMinApmPreview } from './MinApmField.tsx';
import { PlatformSelect } from './PlatformSelect.tsx';

type Field = 'name' | 'vendor' | 'min_apm';

export function ActivationSettingsForm({
  activation,
  measurement,
  list,
  vendors,
  onSaved,
  onReload,
}: {
  activation: Activation;
  measurement: Measurement | null;
  list: DomainList | null;
  vendors: readonly NamedRow[];
  onSaved: () => void;
  onReload: () => void;
}) {
  const [name, setName] = useState(activation.name);
  const [vendor, setVendor] = useState(activation.vendor);
  const { errors, setErrors, bind } = useFieldErrors<Field>();
  const [saving, setSaving] = useState(false);
  const apm = useMinApmPreview(measurement?.id ?? null, activation.min_apm === null ? '' : String(activation.min_apm));
  const { minApm } = apm;
  const apmChanged = minApm.value !== activation.min_apm;
  const dirty = name !== activation.name || vendor !== activation.vendor || apmChanged;
  useUnsavedForm(dirty && !saving);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const next: Partial<Record<Field, string>> = {};
    if (!name.trim()) next.name = 'Name is required';
    if (!vendor) next.vendor = 'Choose a platform';
    const apmProblem = minApmProblem(apm, apmChanged);
    if (apmProblem) next.min_apm = apmProblem;
    setErrors(next);
    if (Object.keys(next).length || !vendor || minApm.value === null) return;
    setSaving(true);
    try {
      const saved = await saveSettings(activation.id, { name: name.trim(), vendor, min_apm: minApm.value }, onReload);
      const held = saved.domain_list?.domains.length;
      showSuccess(
        `'${saved.activation.name}' saved` +
          (apmChanged && held !== undefined ? `; its allow list now holds ${formatCountOf(held, 'domain')}` : ''),
      );
      onSaved();
    } catch (error) {
      // The conflict dialog has spoken (Reload starts the form again from the stored row).
      if (!(isConflict(error) && error.choice)) showError(error);
      setSaving(false);
    }
  }

  return (
    <form noValidate onSubmit={(e) => void submit(e)} aria-label="Activation settings" className="space-y-5">
      <ErrorSummary errors={errors} />
      <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
        <TextField
          label="Name"
          value={name}
          maxLength={200}
          {...bind('name', (e: ChangeEvent<HTMLInputElement>) => setName(e.target.value))}
        />
        <PlatformSelect vendors={vendors} value={vendor} {...bind('vendor', setVendor)} />
      </div>
      <MinApmWithPreview
        apm={apm}
        {...bind('min_apm', apm.setText)}
        hint={
          list
            ? `Its allow list holds ${formatCountOf(list.domains.length, 'domain')}; a new minimum makes it again from the preview`
            : `The measurement's APM is ${formatMetric('apm', measurement?.apm ?? null)}`
        }
        idle={measurement ? null : 'This activation has no measurement to preview domains from.'}
      />
      <div className="flex flex-wrap justify-end gap-2">
        <Button type="submit" disabled={saving || !dirty}>
          {saving ? 'Saving…' : 'Save changes'}
        </Button>
      </div>
    </form>
  );
}

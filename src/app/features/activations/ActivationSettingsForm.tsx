/**
 * The settings of a draft or paused activation: name, platform and minimum APM, with the create
 * page's live preview of the measurement's domains at the minimum being typed. Saving sends the
 * three together (PUT /api/v1/activation/with-list), which re-derives the allow list on the
 * server, with the version the page read: a change made elsewhere meanwhile asks the conflict
 * dialog instead of being overwritten.
 */
import { useState, type FormEvent } from 'react';
import { isConflict } from '../../../lib/api.ts';
import { showError, showSuccess } from '../../../stores/alerts.ts';
import { formatMetric } from '../../../shared/metrics.ts';
import { formatCountOf } from '../../../shared/number-format.ts';
import type { Activation, DomainList, Measurement } from '../../../shared/schemas/index.ts';
import { Button } from '../../shared/Button.tsx';
import { TextField } from '../../shared/Field.tsx';
import { useUnsavedForm } from '../../shared/useUnsavedForm.ts';
import { fetchPreview, saveSettings, useAsync, useDebounced, type NamedRow } from './data.ts';
import { DomainPreviewPanel } from './DomainPreviewPanel.tsx';
import { MinApmField, readMinApm } from './MinApmField.tsx';
import { PlatformSelect } from './PlatformSelect.tsx';

type Errors = Partial<Record<'name' | 'vendor' | 'min_apm', string>>;

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
  const [minApmText, setMinApmText] = useState(activation.min_apm === null ? '' : String(activation.min_apm));
  const [errors, setErrors] = useState<Errors>({});
  const [saving, setSaving] = useState(false);
  const minApm = readMinApm(minApmText);
  const settledApm = useDebounced(minApm.value, 250);
  const previewKey = measurement && settledApm !== null ? `${measurement.id}|${settledApm}` : null;
  const preview = useAsync(() => fetchPreview(measurement!.id, settledApm!), previewKey);
  const apmChanged = minApm.value !== activation.min_apm;
  const dirty = name !== activation.name || vendor !== activation.vendor || apmChanged;
  useUnsavedForm(dirty && !saving);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const next: Errors = {};
    if (!name.trim()) next.name = 'Name is required';
    if (!vendor) next.vendor = 'Choose a platform';
    if (minApm.error) next.min_apm = minApm.error;
    else if (minApm.value === null) next.min_apm = 'Minimum APM is required';
    else if (apmChanged && preview.data && preview.data.qualifying.count === 0)
      next.min_apm = 'No domain reaches this minimum APM: lower it';
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
      <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
        <TextField
          label="Name"
          value={name}
          maxLength={200}
          onChange={(e) => {
            setName(e.target.value);
            setErrors((x) => ({ ...x, name: undefined }));
          }}
          error={errors.name}
        />
        <PlatformSelect
          vendors={vendors}
          value={vendor}
          onChange={(id) => {
            setVendor(id);
            setErrors((x) => ({ ...x, vendor: undefined }));
          }}
          error={errors.vendor}
        />
      </div>
      <div className="grid grid-cols-1 gap-4 md:grid-cols-[14rem_1fr]">
        <MinApmField
          text={minApmText}
          onChange={(text) => {
            setMinApmText(text);
            setErrors((x) => ({ ...x, min_apm: undefined }));
          }}
          error={errors.min_apm ?? minApm.error}
          hint={
            list
              ? `Its allow list holds ${formatCountOf(list.domains.length, 'domain')}; a new minimum makes it again from the preview`
              : `The measurement's APM is ${formatMetric('apm', measurement?.apm ?? null)}`
          }
        />
        {measurement ? (
          <DomainPreviewPanel preview={preview.data} loading={preview.loading} />
        ) : (
          <p className="rounded-lg bg-slate-50 px-4 py-6 text-center text-sm text-slate-600">
            This activation has no measurement to preview domains from.
          </p>
        )}
      </div>
      <div className="flex flex-wrap justify-end gap-2">
        <Button type="submit" disabled={saving || !dirty}>
          {saving ? 'Saving…' : 'Save changes'}
        </Button>
      </div>
    </form>
  );
}

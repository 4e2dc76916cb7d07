/**
 * The settings of a draft or paused activation: name, platform and minimum APM, with the create
 * page's live preview of the measurement's domains at the minimum being typed. Saving sends the
 * three together (PUT /api/v1/activation/with-list), which re-derives the allow list on the
 * server, with the version the page read: a change made elsewhere meanwhile asks the conflict
 * dialog instead of being overwritten. On the kit's form state (useResourceForm): each refusal at
 * its field with the summary above (activation-checks.ts, loaded on Save).
 */
import { showSuccess } from '../../../stores/alerts.ts';
import { labelsFor } from '../../../shared/field-labels.ts';
import { formatMetric } from '../../../shared/metrics.ts';
import { formatCountOf } from '../../../shared/number-format.ts';
import type { ActivationSettingsResponse } from '../../../shared/activation-api.ts';
import type { Activation, DomainList, Measurement } from '../../../shared/schemas/index.ts';
import { ErrorSummary } from '../../kit/ErrorSummary.tsx';
import { useResourceForm } from '../../kit/useResourceForm.ts';
import { Button } from '../../shared/Button.tsx';
import { TextField } from '../../shared/Field.tsx';
import { saveSettings, type NamedRow } from './data.ts';
import { MinApmWithPreview, minApmProblem, useMinApmPreview } from './MinApmField.tsx';
import { PlatformSelect } from './PlatformSelect.tsx';

const LABELS = labelsFor('name', 'vendor', 'min_apm');

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
  const form = useResourceForm({
    // The minimum's problem is read as the form is sent (worked out below, with the preview).
    schema: () =>
      import('./activation-checks.ts').then(({ activationSettingsSchema }) =>
        activationSettingsSchema(minApmProblem(apm, apmChanged)),
      ),
    initial: {
      name: activation.name,
      vendor: activation.vendor,
      min_apm: activation.min_apm === null ? '' : String(activation.min_apm),
    },
    labels: LABELS,
    body: (values) => ({ ...values, min_apm: apm.minApm.value }),
    submit: (value, write) => saveSettings(activation.id, value, write),
    onSaved: (saved) => {
      const { activation: stored, domain_list } = saved as ActivationSettingsResponse['data'];
      const held = domain_list?.domains.length;
      showSuccess(
        `'${stored.name}' saved` +
          (apmChanged && held !== undefined ? `; its allow list now holds ${formatCountOf(held, 'domain')}` : ''),
      );
      onSaved();
    },
    onReload,
  });
  const { values, set, errors } = form;
  const apm = useMinApmPreview(measurement?.id ?? null, values.min_apm);
  const apmChanged = apm.minApm.value !== activation.min_apm;

  return (
    <form noValidate onSubmit={form.onSubmit} aria-label="Activation settings" className="space-y-5">
      <ErrorSummary errors={errors} />
      <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
        <TextField
          label={LABELS.name}
          value={values.name}
          maxLength={200}
          error={errors.name}
          onChange={(e) => set('name', e.target.value)}
        />
        <PlatformSelect
          vendors={vendors}
          value={values.vendor}
          error={errors.vendor}
          onChange={(vendor) => set('vendor', vendor)}
        />
      </div>
      <MinApmWithPreview
        apm={apm}
        error={errors.min_apm}
        onChange={(text) => set('min_apm', text)}
        hint={
          list
            ? `Its allow list holds ${formatCountOf(list.domains.length, 'domain')}; a new minimum makes it again from the preview`
            : `The measurement's APM is ${formatMetric('apm', measurement?.apm ?? null)}`
        }
        idle={measurement ? null : 'This activation has no measurement to preview domains from.'}
      />
      <div className="flex flex-wrap justify-end gap-2">
        <Button type="submit" disabled={form.saving || !form.dirty}>
          {form.saving ? 'Saving…' : 'Save changes'}
        </Button>
      </div>
    </form>
  );
}

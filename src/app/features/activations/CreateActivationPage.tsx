/**
 * /activations/activations/create: the guided form. 1. a measurement of the selected account
 * (searched on the server); 2. a minimum APM, with the measurement's domains previewed live;
 * 3. the platform; 4. a name. Creating makes the allow list of the qualifying domains and the
 * activation together (POST /api/v1/activation/with-list), as a draft or active at once.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useState, type ChangeEvent, type FormEvent, type ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import { listAll } from '../../../lib/api.ts';
import { callEndpoint } from '../../../lib/endpoint-call.ts';
import { showError, showSuccess } from '../../../stores/alerts.ts';
import { $selectedAccountId } from '../../../stores/account.ts';
import type { ActivationWithListBody } from '../../../shared/activation-api.ts';
import { allowListName } from '../../../shared/activations.ts';
import { formatMetric } from '../../../shared/metrics.ts';
import type { Measurement } from '../../../shared/schemas/index.ts';
import { paths } from '../../routes/index.ts';
import { ErrorSummary } from '../../kit/ErrorSummary.tsx';
import { Button, buttonClass } from '../../shared/Button.tsx';
import { TextField } from '../../shared/Field.tsx';
import { useFieldErrors } from '../../shared/useFieldErrors.ts';
import { useUnsavedForm } from '../../shared/useUnsavedForm.ts';
import { usePageTitle } from '../../shared/usePageTitle.ts';
import { useAsync } from './data.ts';
import { MeasurementPicker } from './MeasurementPicker.tsx';
import { MinApmWithPreview, minApmProblem, useMinApmPreview } from './MinApmField.tsx';
import { PlatformSelect } from './PlatformSelect.tsx';
import { BY_NAME, listQuery } from '../../../shared/list-query-text.ts';

function Step({ n, title, children }: { n: number; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={`step-${n}`} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
      <h2 id={`step-${n}`} className="mb-4 flex items-center gap-3 text-base font-semibold text-slate-900">
        <span
          aria-hidden="true"
          className="flex h-7 w-7 items-center justify-center rounded-full bg-primary-strong text-sm font-semibold text-white"
        >
          {n}
        </span>
        {title}
      </h2>
      {children}
    </section>
  );
}

type Field = 'measurement' | 'min_apm' | 'vendor' | 'name';

export default function CreateActivationPage() {
  usePageTitle('Create Activation');
  const accountId = useStore($selectedAccountId);
  const [, navigate] = useLocation();
  const [measurement, setMeasurement] = useState<Measurement | null>(null);
  const [vendor, setVendor] = useState<string | null>(null);
  const [name, setName] = useState('');
  const [nameTouched, setNameTouched] = useState(false);
  const { errors, setErrors, clear, bind } = useFieldErrors<Field>();
  const [saving, setSaving] = useState(false);
  useUnsavedForm(!saving && (measurement !== null || name !== '' || vendor !== null));

  const vendors = useAsync(
    () => listAll('third-party-macro-vendor', listQuery('third-party-macro-vendor', { sort: BY_NAME })),
    'vendors',
  );
  const apm = useMinApmPreview(measurement?.id ?? null);
  const { minApm, preview } = apm;

  // Suggest a name from the measurement and the platform until the user writes their own.
  const vendorName = vendors.data?.find((v) => v.id === vendor)?.name;
  useEffect(() => {
    if (nameTouched || !measurement) return;
    const advertiser = measurement.name.split(' – ')[0] ?? measurement.name;
    setName(`${advertiser} – attention deal${vendorName ? ` on ${vendorName}` : ''}`);
  }, [measurement, vendorName, nameTouched]);

  async function submit(event: FormEvent, status: 'draft' | 'active') {
    event.preventDefault();
    const next: Partial<Record<Field, string>> = {};
    if (!measurement) next.measurement = 'Choose a measurement';
    const apmProblem = minApmProblem(apm, true);
    if (apmProblem) next.min_apm = apmProblem;
    if (!vendor) next.vendor = 'Choose a platform';
    if (!name.trim()) next.name = 'Name is required';
    setErrors(next);
    if (Object.keys(next).length || !measurement || !vendor || minApm.value === null) return;
    setSaving(true);
    try {
      const body: ActivationWithListBody = {
        name: name.trim(),
        measurement: measurement.id,
        vendor,
        min_apm: minApm.value,
        status,
      };
      const created = await callEndpoint('createActivationWithList', { body });
      const { activation, domain_list: list } = created.data;
      showSuccess(
        `Activation '${activation.name}' created with the allow list '${list.name}' (${list.domains.length} domains)` +
          (activation.deal_id ? `; deal id ${activation.deal_id}` : ''),
      );
      navigate(paths.activations());
    } catch (error) {
      showError(error);
      setSaving(false);
    }
  }

  if (!accountId) return null;
  const qualifying = preview.data?.qualifying.count;
  return (
    <form noValidate onSubmit={(e) => void submit(e, 'active')} className="mx-auto max-w-4xl space-y-5">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight text-slate-900">New activation</h1>
        <p className="mt-1 text-sm text-slate-600">
          Put a measurement’s attention data to work: its domains above a minimum APM become an allow list, and the deal
          on your platform buys only there.
        </p>
      </div>
      <ErrorSummary errors={errors} />

      <Step n={1} title="Pick a measurement">
        <MeasurementPicker
          accountId={accountId}
          value={measurement}
          onChange={(m) => {
            setMeasurement(m);
            if (!m) return;
            clear('measurement');
            // With no minimum yet, start at the measurement's own APM: the domains that beat it.
            if (apm.text === '' && m.apm !== null) apm.setText(String(Math.round(m.apm)));
          }}
          error={errors.measurement}
        />
      </Step>

      <Step n={2} title="Set a minimum APM">
        <MinApmWithPreview
          apm={apm}
          {...bind('min_apm', apm.setText)}
          hint={
            measurement
              ? `The measurement's APM is ${formatMetric('apm', measurement.apm)}`
              : 'Attentive seconds per 1,000 impressions'
          }
          idle={measurement ? null : 'Pick a measurement to preview its domains.'}
        />
      </Step>

      <Step n={3} title="Pick the platform">
        <div className="max-w-sm">
          <PlatformSelect vendors={vendors.data ?? []} value={vendor} {...bind('vendor', setVendor)} />
        </div>
      </Step>

      <Step n={4} title="Name it and create it">
        <TextField
          label="Name"
          value={name}
          maxLength={200}
          {...bind('name', (e: ChangeEvent<HTMLInputElement>) => {
            setName(e.target.value);
            setNameTouched(true);
          })}
          hint={
            qualifying
              ? `Creates the activation and an allow list of ${qualifying} domain${qualifying === 1 ? '' : 's'}, '${allowListName(name.trim() || '…')}'.`
              : undefined
          }
        />
        <div className="mt-5 flex flex-wrap justify-end gap-2">
          <Link href={paths.activations()} className={buttonClass('ghost', 'no-underline')}>
            Cancel
          </Link>
          <Button variant="secondary" disabled={saving} onClick={(e) => void submit(e, 'draft')}>
            Save as draft
          </Button>
          <Button type="submit" disabled={saving}>
            {saving ? 'Creating…' : 'Create and activate'}
          </Button>
        </div>
      </Step>
    </form>
  );
}

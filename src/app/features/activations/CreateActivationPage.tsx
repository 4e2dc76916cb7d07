/**
 * /activations/activations/create: the guided form. 1. a measurement of the selected account
 * (searched on the server); 2. a minimum APM, with the measurement's domains previewed live;
 * 3. the platform; 4. a name. Creating makes the allow list of the qualifying domains and the
 * activation together (POST /api/v1/activation/with-list), as a draft or active at once. On the
 * kit's form state (useResourceForm): each refusal at its step's field with the summary above
 * (activation-checks.ts, loaded on Save).
 */
import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import { listAll } from '../../../lib/api.ts';
import { callEndpoint } from '../../../lib/endpoint-call.ts';
import { showSuccess } from '../../../stores/alerts.ts';
import { $selectedAccountId } from '../../../stores/account.ts';
import type { ActivationWithListBody, ActivationWithListResponse } from '../../../shared/activation-api.ts';
import type { INITIAL_ACTIVATION_STATUSES } from '../../../shared/activations.ts';
import { allowListName } from '../../../shared/activations.ts';
import { labelsFor } from '../../../shared/field-labels.ts';
import { formatMetric } from '../../../shared/metrics.ts';
import type { Measurement } from '../../../shared/schemas/index.ts';
import { paths } from '../../routes/index.ts';
import { ErrorSummary } from '../../kit/ErrorSummary.tsx';
import { useResourceForm } from '../../kit/useResourceForm.ts';
import { Button, buttonClass } from '../../shared/Button.tsx';
import { TextField } from '../../shared/Field.tsx';
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

type Status = (typeof INITIAL_ACTIVATION_STATUSES)[number];

const LABELS = labelsFor('measurement', 'min_apm', 'vendor', 'name');

export default function CreateActivationPage() {
  usePageTitle('Create Activation');
  const accountId = useStore($selectedAccountId);
  const [, navigate] = useLocation();
  const [nameTouched, setNameTouched] = useState(false);
  // Which button sent the form: 'Save as draft' or 'Create and activate' (Enter).
  const status = useRef<Status>('active');
  const form = useResourceForm({
    // The minimum's problem is read as the form is sent (worked out below, with the preview).
    schema: () =>
      import('./activation-checks.ts').then(({ newActivationSchema }) => newActivationSchema(minApmProblem(apm, true))),
    initial: { measurement: null as Measurement | null, min_apm: '', vendor: null as string | null, name: '' },
    labels: LABELS,
    body: (values) => ({ ...values, min_apm: apm.minApm.value }),
    submit: (value) => {
      const body: ActivationWithListBody = {
        name: value.name,
        measurement: value.measurement.id,
        vendor: value.vendor,
        min_apm: value.min_apm,
        status: status.current,
      };
      return callEndpoint('createActivationWithList', { body });
    },
    onSaved: (created) => {
      const { activation, domain_list: list } = (created as ActivationWithListResponse).data;
      showSuccess(
        `Activation '${activation.name}' created with the allow list '${list.name}' (${list.domains.length} domains)` +
          (activation.deal_id ? `; deal id ${activation.deal_id}` : ''),
      );
      navigate(paths.activations());
    },
  });
  const { values, set, errors } = form;
  const { measurement } = values;
  const send = (event: { preventDefault: () => void }, as: Status) => {
    status.current = as;
    form.onSubmit(event);
  };

  const vendors = useAsync(
    () => listAll('third-party-macro-vendor', listQuery('third-party-macro-vendor', { sort: BY_NAME })),
    'vendors',
  );
  const apm = useMinApmPreview(measurement?.id ?? null, values.min_apm);
  const { preview } = apm;

  // Suggest a name from the measurement and the platform until the user writes their own.
  const vendorName = vendors.data?.find((v) => v.id === values.vendor)?.name;
  useEffect(() => {
    if (nameTouched || !measurement) return;
    const advertiser = measurement.name.split(' – ')[0] ?? measurement.name;
    set('name', `${advertiser} – attention deal${vendorName ? ` on ${vendorName}` : ''}`);
  }, [measurement, vendorName, nameTouched, set]);

  if (!accountId) return null;
  const qualifying = preview.data?.qualifying.count;
  return (
    <form
      noValidate
      aria-label="New activation"
      onSubmit={(event) => send(event, 'active')}
      className="mx-auto max-w-4xl space-y-5"
    >
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
            set('measurement', m);
            // With no minimum yet, start at the measurement's own APM: the domains that beat it.
            if (m && values.min_apm === '' && m.apm !== null) set('min_apm', String(Math.round(m.apm)));
          }}
          error={errors.measurement}
        />
      </Step>

      <Step n={2} title="Set a minimum APM">
        <MinApmWithPreview
          apm={apm}
          error={errors.min_apm}
          onChange={(text) => set('min_apm', text)}
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
          <PlatformSelect
            vendors={vendors.data ?? []}
            value={values.vendor}
            error={errors.vendor}
            onChange={(vendor) => set('vendor', vendor)}
          />
        </div>
      </Step>

      <Step n={4} title="Name it and create it">
        <TextField
          label={LABELS.name}
          value={values.name}
          maxLength={200}
          error={errors.name}
          onChange={(e) => {
            set('name', e.target.value);
            setNameTouched(true);
          }}
          hint={
            qualifying
              ? `Creates the activation and an allow list of ${qualifying} domain${qualifying === 1 ? '' : 's'}, '${allowListName(values.name.trim() || '…')}'.`
              : undefined
          }
        />
        <div className="mt-5 flex flex-wrap justify-end gap-2">
          <Link href={paths.activations()} className={buttonClass('ghost', 'no-underline')}>
            Cancel
          </Link>
          <Button variant="secondary" disabled={form.saving} onClick={(event) => send(event, 'draft')}>
            Save as draft
          </Button>
          <Button type="submit" disabled={form.saving}>
            {form.saving ? 'Creating…' : 'Create and activate'}
          </Button>
        </div>
      </Step>
    </form>
  );
}

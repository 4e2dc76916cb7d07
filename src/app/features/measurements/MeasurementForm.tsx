/**
 * Create and edit a measurement (write role). Validated by the shared schema (measurementCreate /
 * measurementUpdate, loaded lazily with zod) before anything is sent; the server validates again
 * with the same schema and its message is shown if it still refuses. Unsaved changes are guarded:
 * the account switcher asks first (useUnsavedForm), and leaving by a link or closing the tab asks
 * for confirmation.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useMemo, useState, type FormEvent, type ReactNode } from 'react';
import { useLocation } from 'wouter';
import { ApiError, accountFilter, create, isConflict, list, update } from '../../../lib/api.ts';
import { showError, showSuccess } from '../../../stores/alerts.ts';
import { $selectedAccountId } from '../../../stores/account.ts';
import { MEASUREMENT_STATUSES, type Measurement } from '../../../shared/schemas/measurement.ts';
import type { ResourceCreate } from '../../../shared/schemas/index.ts';
import { paths } from '../../routes/index.ts';
import { Button, buttonClass } from '../../shared/Button.tsx';
import { TextField } from '../../shared/Field.tsx';
import { useUnsavedForm } from '../../shared/useUnsavedForm.ts';
import { useAsync, useNamedList, type NamedRow } from './data.ts';
import { Card, SelectField, capitalise } from './ui.tsx';

export const UNSAVED_CHANGES_PROMPT = 'You have unsaved changes. Leave this page and lose them?';

/** The form's state: every field of the create input but the account (the selected one's). */
type Draft = Required<Omit<ResourceCreate<'measurement'>, 'account'>>;

const FIELD_LABELS: Record<string, string> = {
  name: 'Name',
  status: 'Status',
  start_date: 'Start date',
  end_date: 'End date',
  channels: 'Channels',
  formats: 'Formats',
  media_partners: 'Media partners',
  labels: 'Labels',
  ad_server: 'Ad server',
  custom_parameter_template: 'Custom parameter template',
  project: 'Project',
  contract: 'Contract',
};

export function draftOf(m: Measurement | null): Draft {
  return {
    name: m?.name ?? '',
    status: m?.status ?? 'draft',
    start_date: m?.start_date ?? '',
    end_date: m?.end_date ?? '',
    channels: m?.channels ?? [],
    formats: m?.formats ?? [],
    media_partners: m?.media_partners ?? [],
    labels: m?.labels ?? [],
    ad_server: m?.ad_server ?? null,
    custom_parameter_template: m?.custom_parameter_template ?? null,
    project: m?.project ?? null,
    contract: m?.contract ?? null,
  };
}

/** The request body: the draft, and on create the selected account. */
function bodyOf(draft: Draft, account: string | null, isCreate: boolean) {
  return { ...(isCreate ? { account } : {}), ...draft };
}

/** Turns a schema message into one a planner reads: the field's label, then what is wrong. */
export function fieldMessage(field: string, message: string, code?: string, input?: unknown): string {
  const label = FIELD_LABELS[field] ?? capitalise(field.replace(/_/g, ' '));
  if ((input === '' || input === undefined) && (field === 'start_date' || field === 'end_date'))
    return `${label} is required`;
  if (code === 'invalid_format' && (field === 'start_date' || field === 'end_date')) return `${label} must be a date`;
  const readable = message.replace(/\b(start_date|end_date)\b/g, (f) => (FIELD_LABELS[f] ?? f).toLowerCase());
  return /^[a-z]/.test(readable) && !readable.startsWith(label.toLowerCase())
    ? `${label} ${readable}`
    : capitalise(readable);
}

/** A fieldset of checkboxes with a filter box: lookups can be long (dozens of formats). */
function CheckboxGroup({
  legend,
  options,
  value,
  onChange,
  error,
  hint,
}: {
  legend: string;
  options: NamedRow[];
  value: string[];
  onChange: (next: string[]) => void;
  error?: string;
  hint?: ReactNode;
}) {
  const [filter, setFilter] = useState('');
  const shown = filter ? options.filter((o) => o.name.toLowerCase().includes(filter.toLowerCase())) : options;
  const errorId = `${legend.replace(/\W/g, '-')}-error`;
  return (
    <fieldset aria-describedby={error ? errorId : undefined} className="min-w-0">
      <legend className="mb-1 text-sm font-medium text-slate-700">
        {legend}
        <span className="ml-2 font-normal text-slate-500">{value.length ? `${value.length} selected` : ''}</span>
      </legend>
      {options.length > 8 ? (
        <input
          type="search"
          aria-label={`Filter ${legend.toLowerCase()}`}
          placeholder={`Filter ${legend.toLowerCase()}`}
          value={filter}
          onChange={(e) => setFilter(e.target.value)}
          className="mb-2 block w-full rounded-md border border-slate-300 px-2.5 py-1.5 text-sm placeholder:text-slate-500"
        />
      ) : null}
      <div
        className={`max-h-48 overflow-y-auto rounded-md border bg-white p-2 ${error ? 'border-red-600' : 'border-slate-300'}`}
      >
        {shown.length === 0 ? <p className="px-1 text-sm text-slate-600">Nothing to choose</p> : null}
        {shown.map((o) => (
          <label
            key={o.id}
            className="flex items-center gap-2 rounded px-1 py-1 text-sm text-slate-800 hover:bg-slate-50"
          >
            <input
              type="checkbox"
              checked={value.includes(o.id)}
              onChange={(e) => onChange(e.target.checked ? [...value, o.id] : value.filter((v) => v !== o.id))}
              className="h-4 w-4 rounded border-slate-400"
            />
            {o.name}
          </label>
        ))}
      </div>
      {hint ? <p className="mt-1 text-xs text-slate-600">{hint}</p> : null}
      {error ? (
        <p id={errorId} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
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
  const [draft, setDraft] = useState<Draft>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const dirty = JSON.stringify(draft) !== JSON.stringify(initial);
  useUnsavedForm(dirty && !saving);

  const perAccount = account ? { account: accountFilter(account) } : {};
  const channels = useNamedList('advertising-channel');
  const formats = useNamedList('format');
  const partners = useNamedList('media-partner');
  const vendors = useNamedList('third-party-macro-vendor');
  const labels = useNamedList('label-value', account ? { 'category.account': account } : {});
  const templates = useNamedList('custom-parameter-template', perAccount);
  const projects = useNamedList('project', perAccount);
  const contracts = useContracts(account);

  // Leaving with unsaved changes: closing the tab, or following a link inside the app.
  useEffect(() => {
    if (!dirty || saving) return;
    const beforeUnload = (event: BeforeUnloadEvent) => event.preventDefault();
    const onClick = (event: MouseEvent) => {
      const link = (event.target as HTMLElement | null)?.closest('a[href]');
      if (!link || link.getAttribute('target') === '_blank' || link.hasAttribute('download')) return;
      if (!window.confirm(UNSAVED_CHANGES_PROMPT)) {
        event.preventDefault();
        event.stopPropagation();
      }
    };
    window.addEventListener('beforeunload', beforeUnload);
    document.addEventListener('click', onClick, true);
    return () => {
      window.removeEventListener('beforeunload', beforeUnload);
      document.removeEventListener('click', onClick, true);
    };
  }, [dirty, saving]);

  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => {
    setDraft((d) => ({ ...d, [key]: value }));
    if (errors[key]) setErrors(({ [key]: _, ...rest }) => rest);
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    const body = bodyOf(draft, account, isCreate);
    const schemas = await import('../../../shared/schemas/measurement.ts');
    const schema = isCreate ? schemas.measurementCreate : schemas.measurementUpdate;
    const parsed = schema.safeParse(body);
    if (!parsed.success) {
      const next: Record<string, string> = {};
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0] ?? 'name');
        next[field] ??= fieldMessage(field, issue.message, issue.code, (body as Record<string, unknown>)[field]);
      }
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
          await create('measurement', parsed.data as ResourceCreate<'measurement'>)
        : // The client sends the version it read; a 412 asks the app's conflict dialog.
          await update('measurement', measurement.id, parsed.data, { onReload });
      showSuccess(isCreate ? `Measurement '${saved.name}' created` : `Measurement '${saved.name}' saved`);
      navigate(paths.measurement(saved.id));
    } catch (error) {
      setSaving(false);
      // Reload or cancel, answered in the conflict dialog: nothing more to say.
      if (isConflict(error) && error.choice) return;
      // The server's schema message names the field first ("name: is required").
      const match = error instanceof ApiError ? /^(\w+): (.+)$/.exec(error.message) : null;
      if (match && FIELD_LABELS[match[1]!]) setErrors({ [match[1]!]: fieldMessage(match[1]!, match[2]!) });
      showError(error);
    }
  }

  const options = (rows: NamedRow[] | null) => (rows ?? []).map((r) => ({ value: r.id, label: r.name }));

  return (
    <form
      noValidate
      onSubmit={(e) => void submit(e)}
      className="space-y-6"
      aria-label={isCreate ? 'Create measurement' : 'Edit measurement'}
    >
      {Object.keys(errors).length ? (
        <div role="alert" className="rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
          Please correct the {Object.keys(errors).length === 1 ? 'field' : `${Object.keys(errors).length} fields`}{' '}
          marked below.
        </div>
      ) : null}
      <Card title="Flight">
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4">
          <div data-field="name" className="sm:col-span-2">
            <TextField
              label="Name"
              value={draft.name}
              error={errors.name}
              onChange={(e) => set('name', e.target.value)}
              maxLength={200}
            />
          </div>
          <div data-field="start_date">
            <TextField
              label="Start date"
              type="date"
              value={draft.start_date}
              error={errors.start_date}
              onChange={(e) => set('start_date', e.target.value)}
            />
          </div>
          <div data-field="end_date">
            <TextField
              label="End date"
              type="date"
              value={draft.end_date}
              error={errors.end_date}
              onChange={(e) => set('end_date', e.target.value)}
            />
          </div>
          <div data-field="status">
            <SelectField
              label="Status"
              value={draft.status}
              error={errors.status}
              options={MEASUREMENT_STATUSES.map((s) => ({ value: s, label: capitalise(s) }))}
              onChange={(e) => set('status', e.target.value as Measurement['status'])}
            />
          </div>
        </div>
      </Card>
      <Card title="Media">
        <div className="grid grid-cols-1 gap-5 md:grid-cols-3">
          <div data-field="channels">
            <CheckboxGroup
              legend="Channels"
              options={channels.data ?? []}
              value={draft.channels}
              error={errors.channels}
              onChange={(v) => set('channels', v)}
            />
          </div>
          <div data-field="formats">
            <CheckboxGroup
              legend="Formats"
              options={formats.data ?? []}
              value={draft.formats}
              error={errors.formats}
              onChange={(v) => set('formats', v)}
            />
          </div>
          <div data-field="media_partners">
            <CheckboxGroup
              legend="Media partners"
              options={partners.data ?? []}
              value={draft.media_partners}
              error={errors.media_partners}
              onChange={(v) => set('media_partners', v)}
            />
          </div>
        </div>
      </Card>
      <Card title="Tagging and billing">
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <div data-field="ad_server">
            <SelectField
              label="Ad server (third-party macro vendor)"
              value={draft.ad_server ?? ''}
              placeholder="None"
              error={errors.ad_server}
              hint="Its macros are filled into the measurement's tags."
              options={options(vendors.data)}
              onChange={(e) => set('ad_server', e.target.value || null)}
            />
          </div>
          <div data-field="custom_parameter_template">
            <SelectField
              label="Custom parameter template"
              value={draft.custom_parameter_template ?? ''}
              placeholder="None"
              error={errors.custom_parameter_template}
              options={options(templates.data)}
              onChange={(e) => set('custom_parameter_template', e.target.value || null)}
            />
          </div>
          <div data-field="project">
            <SelectField
              label="Project"
              value={draft.project ?? ''}
              placeholder="None"
              error={errors.project}
              options={options(projects.data)}
              onChange={(e) => set('project', e.target.value || null)}
            />
          </div>
          <div data-field="contract">
            <SelectField
              label="Contract"
              value={draft.contract ?? ''}
              placeholder="None"
              error={errors.contract}
              options={options(contracts)}
              onChange={(e) => set('contract', e.target.value || null)}
            />
          </div>
          <div data-field="labels" className="sm:col-span-2">
            <CheckboxGroup
              legend="Labels"
              options={labels.data ?? []}
              value={draft.labels}
              error={errors.labels}
              onChange={(v) => set('labels', v)}
            />
          </div>
        </div>
      </Card>
      <div className="flex flex-wrap justify-end gap-3">
        <button
          type="button"
          className={buttonClass('secondary')}
          onClick={() => {
            if (dirty && !window.confirm(UNSAVED_CHANGES_PROMPT)) return;
            setDraft(initial);
            navigate(measurement ? paths.measurement(measurement.id) : paths.measurements());
          }}
        >
          Cancel
        </button>
        <Button type="submit" disabled={saving}>
          {saving ? 'Saving…' : isCreate ? 'Create measurement' : 'Save changes'}
        </Button>
      </div>
    </form>
  );
}

/** Contracts are read per account (spec §7) and named by their billing name. */
function useContracts(account: string | null): NamedRow[] | null {
  const query = { ...(account ? { accounts: account } : {}), sort: 'asc(billing_name),asc(id)', limit: 500 };
  const contracts = useAsync(
    async () => (await list('contract', query)).data.map((c) => ({ id: c.id, name: c.billing_name })),
    `contract?${account ?? ''}`,
  );
  return contracts.data ?? null;
}

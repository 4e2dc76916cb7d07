/**
 * The measurement form's fields, as tables: which fields each card shows, how each is drawn (text,
 * choice of one, checkboxes) and where its options come from. A field is one row here, so adding
 * one is a line, and every field is wrapped, labelled and tied to its error the same way.
 */
import type { ReactNode } from 'react';
import { accountOwners, list } from '../../../lib/api.ts';
import { MEASUREMENT_STATUSES, type Measurement } from '../../../shared/schemas/measurement.ts';
import { SelectField, TextField } from '../../shared/Field.tsx';
import { CheckboxGroup } from './CheckboxGroup.tsx';
import { useAsync, useNamedList, type NamedRow } from './data.ts';
import { FIELD_LABELS, type Draft } from './measurementDraft.ts';
import { capitalise } from '../../shared/Badge.tsx';
import { Card } from '../../shared/Card.tsx';
import { listQuery, sortKeys } from '../../../shared/list-query-text.ts';

/** The fields chosen from a list of rows: several (checkboxes) or one (a select with None). */
type ManyField = 'channels' | 'formats' | 'media_partners' | 'labels';
type OneField = 'ad_server' | 'custom_parameter_template' | 'project' | 'contract';
export type Lookups = Readonly<Record<ManyField | OneField, readonly NamedRow[] | null>>;

/** The rows each chosen field picks from: lookup tables, and the account's own lists. */
export function useLookups(account: string | null): Lookups {
  const perAccount = account ? { account: accountOwners(account) } : {};
  return {
    channels: useNamedList('advertising-channel').data,
    formats: useNamedList('format').data,
    media_partners: useNamedList('media-partner').data,
    labels: useNamedList('label-value', account ? { 'category.account': [account] } : {}).data,
    ad_server: useNamedList('third-party-macro-vendor').data,
    custom_parameter_template: useNamedList('custom-parameter-template', perAccount).data,
    project: useNamedList('project', perAccount).data,
    contract: useContracts(account),
  };
}

/** Contracts are read per account (spec §7) and named by their billing name. */
function useContracts(account: string | null): NamedRow[] | null {
  const query = listQuery('contract', {
    ...(account ? { accounts: [account] } : {}),
    sort: sortKeys('billing_name', 'asc'),
    limit: 500,
  });
  const contracts = useAsync(
    async () => (await list('contract', query)).data.map((c) => ({ id: c.id, name: c.billing_name })),
    `contract?${account ?? ''}`,
  );
  return contracts.data ?? null;
}

/** A chosen field as the form shows it: its kind, and what differs from the plain field. */
type Shown = ({ field: ManyField; kind: 'many' } | { field: OneField; kind: 'one' }) & {
  label?: string;
  hint?: string;
  wide?: boolean;
};

/** The cards of chosen fields after the flight, each a grid of its fields. */
const SECTIONS: readonly { title: string; grid: string; fields: readonly Shown[] }[] = [
  {
    title: 'Media',
    grid: 'grid grid-cols-1 gap-5 md:grid-cols-3',
    fields: [
      { field: 'channels', kind: 'many' },
      { field: 'formats', kind: 'many' },
      { field: 'media_partners', kind: 'many' },
    ],
  },
  {
    title: 'Tagging and billing',
    grid: 'grid grid-cols-1 gap-4 sm:grid-cols-2',
    fields: [
      {
        field: 'ad_server',
        kind: 'one',
        label: 'Ad server (third-party macro vendor)',
        hint: "Its macros are filled into the measurement's tags.",
      },
      { field: 'custom_parameter_template', kind: 'one' },
      { field: 'project', kind: 'one' },
      { field: 'contract', kind: 'one' },
      { field: 'labels', kind: 'many', wide: true },
    ],
  },
];

export interface FieldsProps {
  draft: Draft;
  errors: Readonly<Record<string, string>>;
  set: <K extends keyof Draft>(key: K, value: Draft[K]) => void;
  lookups: Lookups;
}

/** A field's slot: the form finds a field's control by it, to focus the first one in error. */
function Slot({ field, className, children }: { field: keyof Draft; className?: string; children: ReactNode }) {
  return (
    <div data-field={field} className={className}>
      {children}
    </div>
  );
}

/** A field chosen from rows: checkboxes for several, a select with None for one. */
function Chosen({ shown, draft, errors, set, lookups }: FieldsProps & { shown: Shown }) {
  const label = shown.label ?? FIELD_LABELS[shown.field];
  const options = lookups[shown.field] ?? [];
  return (
    <Slot field={shown.field} className={shown.wide ? 'sm:col-span-2' : undefined}>
      {shown.kind === 'many' ? (
        <CheckboxGroup
          legend={label}
          options={options}
          value={draft[shown.field]}
          error={errors[shown.field]}
          onChange={(v) => set(shown.field, v)}
        />
      ) : (
        <SelectField
          label={label}
          value={draft[shown.field] ?? ''}
          placeholder="None"
          error={errors[shown.field]}
          hint={shown.hint}
          options={options.map((r) => ({ value: r.id, label: r.name }))}
          onChange={(e) => set(shown.field, e.target.value || null)}
        />
      )}
    </Slot>
  );
}

/** The form's three cards: the flight, the media bought, and how it is tagged and billed. */
export function MeasurementFields(props: FieldsProps) {
  const { draft, errors, set } = props;
  const text = (field: 'name' | 'start_date' | 'end_date') => ({
    label: FIELD_LABELS[field],
    value: draft[field],
    error: errors[field],
    onChange: (e: { target: { value: string } }) => set(field, e.target.value),
  });
  return (
    <>
      <Card title="Flight">
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4">
          <Slot field="name" className="sm:col-span-2">
            <TextField {...text('name')} maxLength={200} />
          </Slot>
          <Slot field="start_date">
            <TextField {...text('start_date')} type="date" />
          </Slot>
          <Slot field="end_date">
            <TextField {...text('end_date')} type="date" />
          </Slot>
          <Slot field="status">
            <SelectField
              label={FIELD_LABELS.status}
              value={draft.status}
              error={errors.status}
              options={MEASUREMENT_STATUSES.map((s) => ({ value: s, label: capitalise(s) }))}
              onChange={(e) => set('status', e.target.value as Measurement['status'])}
            />
          </Slot>
        </div>
      </Card>
      {SECTIONS.map((section) => (
        <Card key={section.title} title={section.title}>
          <div className={section.grid}>
            {section.fields.map((shown) => (
              <Chosen key={shown.field} shown={shown} {...props} />
            ))}
          </div>
        </Card>
      ))}
    </>
  );
}

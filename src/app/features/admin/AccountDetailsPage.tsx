/**
 * /admin/details (root, product-owner account): the selected account's name, type, theme
 * (primary and secondary colour, logo) and feature flags. A saved change shows in the shell at
 * once: the account store takes the saved row, and the shell's theme, logo and navigation follow.
 */
import { useStore } from '@nanostores/react';
import type { ComponentProps, ReactNode } from 'react';
import { update } from '../../../lib/api.ts';
import { $selectedAccountId, replaceAccount } from '../../../stores/account.ts';
import { showSuccess } from '../../../stores/alerts.ts';
import type { Account } from '../../../shared/schemas/account.ts';
import { CheckboxInput, ChoiceInput, TextInput } from '../../kit/fields.tsx';
import { FormShell } from '../../kit/FormShell.tsx';
import { useRecord } from '../../kit/useRecord.ts';
import { useResourceForm } from '../../kit/useResourceForm.ts';
import { Card } from '../../shared/Card.tsx';
import { Skeleton } from '../../shared/EmptyState.tsx';
import { ErrorPlaceholder } from '../../shared/ErrorPlaceholder.tsx';
import { PageHeader } from '../../shared/PageHeader.tsx';
import {
  ACCOUNT_TYPE_OPTIONS,
  DETAILS_LABELS,
  detailsSchema,
  detailsUpdate,
  detailsValues,
  flattenIssues,
} from './account/details.ts';
import { bindField } from './account/bindField.ts';

export default function AccountDetailsPage() {
  const accountId = useStore($selectedAccountId);
  const account = useRecord('account', accountId);
  if (account.error) return <ErrorPlaceholder name="account" error={account.error} />;
  if (!account.data) return <Skeleton className="h-96 w-full max-w-3xl" />;
  // Keyed on the version: a reload after someone else's save starts the form from theirs.
  return (
    <DetailsForm key={`${account.data.id}:${account.version ?? ''}`} account={account.data} onReload={account.reload} />
  );
}

function Swatch({ colour }: { colour: string }) {
  const valid = /^#[0-9a-fA-F]{6}$/.test(colour);
  return (
    <span
      aria-hidden="true"
      className="mt-7 size-9 shrink-0 rounded-md border border-slate-300"
      style={{ background: valid ? colour : 'transparent' }}
    />
  );
}

/** A text field with what it shows beside it (a colour's swatch, the logo). */
function WithPreview({
  field,
  hint,
  children,
}: {
  field: ComponentProps<typeof TextInput>;
  hint: string;
  children: ReactNode;
}) {
  return (
    <div className="flex items-start gap-3">
      <TextInput className="grow" {...field} hint={hint} />
      {children}
    </div>
  );
}

function DetailsForm({ account, onReload }: { account: Account; onReload: () => void }) {
  const form = useResourceForm({
    schema: detailsSchema,
    initial: detailsValues(account),
    labels: DETAILS_LABELS,
    onReload,
    submit: (value, write) =>
      update('account', account.id, detailsUpdate(value), write).catch((error: unknown) => {
        throw flattenIssues(error);
      }),
    onSaved: (saved) => {
      replaceAccount(saved as Account);
      showSuccess(`${(saved as Account).name} saved`);
    },
  });
  const v = form.values;
  const text = (name: 'name' | 'primary_colour' | 'secondary_colour' | 'logo') => bindField(form, DETAILS_LABELS, name);
  return (
    <div className="max-w-3xl">
      <PageHeader title="Details" />
      <p className="-mt-4 mb-4 text-sm text-slate-600">
        The selected account, <strong className="font-semibold text-slate-900">{account.name}</strong>: how it is named,
        what it may use and how it looks. Changes show for its users as soon as they are saved.
      </p>
      <Card>
        <FormShell form={form} label="Account details">
          <div className="grid gap-4 sm:grid-cols-2">
            <TextInput {...text('name')} />
            <ChoiceInput
              label="Type"
              value={v.type}
              onChange={(x) => form.set('type', x as Account['type'])}
              options={ACCOUNT_TYPE_OPTIONS}
              error={form.errors.type}
            />
          </div>
          <fieldset className="space-y-4 border-t border-slate-200 pt-4">
            <legend className="text-sm font-semibold text-slate-900">Theme</legend>
            <div className="grid gap-4 sm:grid-cols-2">
              <WithPreview field={text('primary_colour')} hint="A hex colour, like #00badb">
                <Swatch colour={v.primary_colour} />
              </WithPreview>
              <WithPreview field={text('secondary_colour')} hint="A hex colour, like #334155">
                <Swatch colour={v.secondary_colour} />
              </WithPreview>
            </div>
            <WithPreview field={text('logo')} hint="An https or data:image address; empty shows the product logo">
              {v.logo && /^(https:\/\/|data:image\/)/.test(v.logo) ? (
                <img src={v.logo} alt="Logo preview" className="mt-7 h-9 w-auto max-w-32 object-contain" />
              ) : null}
            </WithPreview>
          </fieldset>
          <fieldset className="space-y-3 border-t border-slate-200 pt-4">
            <legend className="text-sm font-semibold text-slate-900">Feature flags</legend>
            <CheckboxInput
              label="LAMP access (measurements and reports)"
              value={v.lamp_access}
              onChange={(x) => form.set('lamp_access', x)}
            />
            <CheckboxInput
              label="Spotlight access (studies and assets)"
              value={v.spotlight_access}
              onChange={(x) => form.set('spotlight_access', x)}
            />
          </fieldset>
        </FormShell>
      </Card>
    </div>
  );
}

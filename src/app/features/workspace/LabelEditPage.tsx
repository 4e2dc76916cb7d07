/**
 * /labels/{category_id}/{id}/edit (admin): one label value, renamed or moved to another category
 * of the account (a searchable picker that asks the server), or deleted after the dialog says how
 * many measurements carry it.
 */
import { useStore } from '@nanostores/react';
import { useLocation } from 'wouter';
import { accountOwners } from '../../../lib/api.ts';
import { $selectedAccountId } from '../../../stores/account.ts';
import { showSuccess } from '../../../stores/alerts.ts';
import { labelValueUpdate, type LabelValue } from '../../../shared/schemas/label-value.ts';
import { DeleteRecordButton } from '../../kit/DeleteRecordButton.tsx';
import { ReferencePicker, TextInput } from '../../kit/fields.tsx';
import { FormShell } from '../../kit/FormShell.tsx';
import { useAsync } from '../../shared/useAsync.ts';
import { useRecord } from '../../kit/useRecord.ts';
import { saveRecord, useResourceForm } from '../../kit/useResourceForm.ts';
import type { PageProps } from '../../routes/index.ts';
import { paths } from '../../routes/index.ts';
import { Card } from '../../shared/Card.tsx';
import { HistoryPanel } from '../../shared/HistoryPanel.tsx';
import { Skeleton } from '../../shared/EmptyState.tsx';
import { ErrorPlaceholder } from '../../shared/ErrorPlaceholder.tsx';
import { PageHeader } from '../../shared/PageHeader.tsx';
import { usePageTitle } from '../../shared/usePageTitle.ts';
import { labelDeleteConsequence, labelUsage, usageText } from './labels.ts';

const LABELS = { name: 'Name', category_id: 'Category' };

export default function LabelEditPage({ params }: PageProps) {
  const label = useRecord('label-value', params.labelId);
  if (label.error) return <ErrorPlaceholder name="label" error={label.error} />;
  if (!label.data) return <Skeleton className="h-64 w-full max-w-2xl" />;
  // A reload after someone else's save starts the form again from their version.
  return <EditLabel key={`${label.data.id}:${label.version}`} label={label.data} onReload={label.reload} />;
}

function EditLabel({ label, onReload }: { label: LabelValue; onReload: () => void }) {
  usePageTitle(`${label.name} | Labels`);
  const accountId = useStore($selectedAccountId) ?? label.category.account;
  const [, navigate] = useLocation();
  const uses = useAsync(() => labelUsage(label.id), label.id);
  const form = useResourceForm({
    schema: labelValueUpdate.required(),
    initial: { name: label.name, category_id: label.category_id },
    labels: LABELS,
    submit: saveRecord('label-value', label.id),
    onReload,
    onSaved: () => {
      showSuccess(`${form.values.name.trim()} saved`);
      navigate(paths.labels({ labelCategoryId: form.values.category_id }));
    },
  });
  return (
    <div className="max-w-2xl">
      <PageHeader title={`Edit ${label.name}`} />
      <Card>
        <FormShell
          form={form}
          label={`Edit ${label.name}`}
          onCancel={() => navigate(paths.labels({ labelCategoryId: label.category_id }))}
          extraActions={
            <span className="mr-auto">
              <DeleteRecordButton
                resource="label-value"
                id={label.id}
                row={label}
                name={label.name}
                listPath={paths.labels({ labelCategoryId: label.category_id })}
                consequence={<p>{labelDeleteConsequence(label.name, uses.data)}</p>}
              />
            </span>
          }
        >
          <TextInput
            label="Name"
            value={form.values.name}
            onChange={(v) => form.set('name', v)}
            error={form.errors.name}
            autoFocus
          />
          <ReferencePicker
            label="Category"
            value={form.values.category_id}
            onChange={(v) => v && form.set('category_id', v)}
            error={form.errors.category_id}
            source={{
              resource: 'label-category',
              base: { account: accountOwners(accountId) },
              label: (row) => String(row.name),
            }}
          />
          <p className="text-sm text-slate-600" data-testid="label-usage">
            {uses.data === null ? 'Counting what carries this label…' : `Carried by ${usageText(uses.data)}.`}
          </p>
        </FormShell>
      </Card>
      <HistoryPanel recordId={label.id} />
    </div>
  );
}

/**
 * /admin/name-mapping (root, product-owner account): the selected account's name mappings, which
 * turn raw names from imports (placements, creatives, media partners, formats…) into the clean
 * names its dashboards, reports and imported rows show. Listed, searched, filtered by type and
 * exported by the kit; created and edited in a dialog on the kit's form; deleted after a
 * confirmation. The server applies them (server/routes/measurements/name-mappings.ts).
 */
import { useStore } from '@nanostores/react';
import { useMemo, useState } from 'react';
import { accountOwners, create, isConflict, removeListed, update } from '../../../lib/api.ts';
import {
  isLookupMappingType,
  nameMappingCreate,
  type NameMapping,
  type NameMappingType,
} from '../../../shared/schemas/name-mapping.ts';
import { $selectedAccount, $selectedAccountId } from '../../../stores/account.ts';
import { showError, showSuccess } from '../../../stores/alerts.ts';
import { ConfirmDialog } from '../../kit/ConfirmDialog.tsx';
import type { Column } from '../../kit/DataTable.tsx';
import type { ListFilter } from '../../kit/listFilter.ts';
import { ListView } from '../../kit/ListView.tsx';
import { ChoiceInput, ReferencePicker, TextInput } from '../../kit/fields.tsx';
import { DialogBody, FormDialog } from '../../kit/FormDialog.tsx';
import { useRecord } from '../../kit/useRecord.ts';
import { useResourceForm } from '../../kit/useResourceForm.ts';
import { useResourceList, type ResourceListSpec } from '../../kit/useResourceList.ts';
import { Skeleton } from '../../shared/EmptyState.tsx';
import { Modal } from '../../shared/Modal.tsx';
import { PageHeader } from '../../shared/PageHeader.tsx';
import { RowAction } from '../../shared/people.tsx';
import { Button } from '../../shared/Button.tsx';
import { useAsync } from '../../shared/useAsync.ts';
import { bindField } from './account/bindField.ts';
import {
  cleanNameOf,
  lookupNames,
  NAME_MAPPING_TYPE_OPTIONS,
  NAME_MAPPING_TYPE_TITLES,
} from './account/nameMappings.ts';

const mappingList: ResourceListSpec<'name-mapping'> = {
  resource: 'name-mapping',
  noun: 'name mappings',
  sortFields: ['source_name', 'type', 'created_at'],
  defaultSort: { id: 'source_name', direction: 'asc' },
  filters: ['type'],
};

const TYPE_FILTER: readonly ListFilter[] = [
  { name: 'type', label: 'Type', kind: 'choice', allLabel: 'All types', options: NAME_MAPPING_TYPE_OPTIONS },
];

export default function NameMappingPage() {
  const accountId = useStore($selectedAccountId);
  const account = useStore($selectedAccount);
  const base = useMemo(() => (accountId ? { account: accountOwners(accountId) } : null), [accountId]);
  const list = useResourceList(mappingList, base);
  const types = [...new Set(list.rows.map((row) => row.type))].sort();
  const names = useAsync(() => lookupNames(types), types.join(','));
  const [editing, setEditing] = useState<NameMapping | 'new' | null>(null);
  const [deleting, setDeleting] = useState<NameMapping | null>(null);
  const [busy, setBusy] = useState(false);

  const columns = useMemo<Column<NameMapping>[]>(
    () => [
      {
        id: 'source_name',
        header: 'Raw name',
        sortField: 'source_name',
        csv: (m) => m.source_name,
        cell: (m) => <span className="font-medium text-slate-900">{m.source_name}</span>,
      },
      {
        id: 'type',
        header: 'Type',
        sortField: 'type',
        wide: true,
        csv: (m) => NAME_MAPPING_TYPE_TITLES[m.type],
        cell: (m) => NAME_MAPPING_TYPE_TITLES[m.type],
      },
      {
        id: 'clean',
        header: 'Clean name',
        csv: (m) => cleanNameOf(m, names.data),
        cell: (m) => cleanNameOf(m, names.data),
      },
    ],
    [names.data],
  );

  return (
    <div className="space-y-4">
      <PageHeader title="Name Mapping">
        <Button onClick={() => setEditing('new')}>Create mapping</Button>
      </PageHeader>
      <p className="-mt-4 text-sm text-slate-600">
        Raw names from <strong className="font-semibold text-slate-900">{account?.name}</strong>&rsquo;s imports, and
        the clean names its dashboards, reports and imported rows show instead.
      </p>
      <ListView
        list={list}
        columns={columns}
        rowLabel={(m) => m.source_name}
        search="Search raw names"
        filters={TYPE_FILTER}
        csv="name-mappings"
        rowActions={(m) => (
          <>
            <RowAction label="Edit" what={m.source_name} onPress={() => setEditing(m)} />
            <RowAction label="Delete" what={m.source_name} danger onPress={() => setDeleting(m)} />
          </>
        )}
        empty={(filtered) => ({ title: filtered ? 'No mapping matches' : 'No name mappings yet' })}
      />
      {editing && accountId ? (
        <MappingDialog
          accountId={accountId}
          mapping={editing === 'new' ? null : editing}
          onClose={(saved) => {
            setEditing(null);
            if (saved) list.reload();
          }}
        />
      ) : null}
      <ConfirmDialog
        isOpen={deleting !== null}
        title={`Delete the mapping of ${deleting?.source_name ?? ''}?`}
        confirmLabel="Delete"
        busy={busy}
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          if (!deleting) return;
          setBusy(true);
          // Only the mapping as the list shows it: changed since, the conflict dialog asks first.
          removeListed('name-mapping', deleting, { onReload: list.reload })
            .then(() => {
              showSuccess(`The mapping of ${deleting.source_name} deleted`);
              setDeleting(null);
              list.reload();
            })
            .catch((error: unknown) => {
              // Reload in the conflict dialog shows the list again, without this question.
              if (isConflict(error) && error.choice === 'reload') setDeleting(null);
              showError(error);
            })
            .finally(() => setBusy(false));
        }}
      >
        <p>
          Dashboards and reports show the raw name {deleting?.source_name} again. Rows imported while the mapping
          existed keep their clean name.
        </p>
      </ConfirmDialog>
    </div>
  );
}

const LABELS = { type: 'Type', source_name: 'Raw name', target: 'Clean name', clean_name: 'Clean name' };

/**
 * An edit reads the mapping by id first: the form starts from the stored row, and the API client
 * then knows the version its save is based on (a 412 asks reload or overwrite).
 */
function MappingDialog({
  accountId,
  mapping,
  onClose,
}: {
  accountId: string;
  mapping: NameMapping | null;
  onClose: (saved: boolean) => void;
}) {
  const record = useRecord('name-mapping', mapping?.id ?? null);
  if (!mapping) return <MappingForm accountId={accountId} mapping={null} onClose={onClose} />;
  if (!record.data && !record.error)
    return (
      <Modal isOpen onClose={() => onClose(false)} title={`Edit ${mapping.source_name}`}>
        <DialogBody>
          <Skeleton className="h-48 w-full" />
        </DialogBody>
      </Modal>
    );
  return (
    <MappingForm
      key={record.version ?? ''}
      accountId={accountId}
      mapping={record.data ?? mapping}
      onReload={record.reload}
      onClose={onClose}
    />
  );
}

function MappingForm({
  accountId,
  mapping,
  onReload,
  onClose,
}: {
  accountId: string;
  mapping: NameMapping | null;
  onReload?: () => void;
  onClose: (saved: boolean) => void;
}) {
  const form = useResourceForm({
    schema: nameMappingCreate,
    initial: {
      account: accountId,
      type: mapping?.type ?? 'placement',
      source_name: mapping?.source_name ?? '',
      target: mapping?.target ?? null,
      clean_name: mapping?.clean_name ?? null,
    },
    labels: LABELS,
    submit: (value, write) =>
      mapping ? update('name-mapping', mapping.id, value, write) : create('name-mapping', value),
    onReload,
    onSaved: (_result, value) => {
      showSuccess(`${value.source_name} mapped`);
      onClose(true);
    },
  });
  const type = form.values.type;
  const lookup = isLookupMappingType(type);
  return (
    <FormDialog
      title={mapping ? `Edit ${mapping.source_name}` : 'Create mapping'}
      form={form}
      label={mapping ? 'Edit mapping' : 'Create mapping'}
      onClose={() => onClose(false)}
    >
      <ChoiceInput
        label="Type"
        value={type}
        onChange={(value) => {
          form.set('type', value as NameMappingType);
          form.set('target', null);
          form.set('clean_name', null);
        }}
        options={NAME_MAPPING_TYPE_OPTIONS}
        error={form.errors.type}
        autoFocus
      />
      <TextInput
        {...bindField(form, LABELS, 'source_name')}
        hint="As the imported file spells it; case and surrounding spaces do not matter"
      />
      {lookup ? (
        <ReferencePicker
          key={type}
          {...bindField(form, LABELS, 'target')}
          hint={`One of the ${NAME_MAPPING_TYPE_TITLES[type].toLowerCase()} lookup names`}
          source={{ resource: type, label: (row) => String(row.name) }}
        />
      ) : (
        <TextInput
          label="Clean name"
          value={form.values.clean_name ?? ''}
          onChange={(value) => form.set('clean_name', value === '' ? null : value)}
          error={form.errors.clean_name}
        />
      )}
    </FormDialog>
  );
}

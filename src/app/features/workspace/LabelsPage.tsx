/**
 * /labels (admin, spec §2): the selected account's label categories with their values. Categories
 * and values are created, renamed and deleted here; a value opens its own edit page. The chosen
 * category is the `labelCategoryId` query, so a link (or a search result) opens it.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { ZodType } from 'zod';
import { useLocation, useSearch } from 'wouter';
import { accountOwners, create } from '../../../lib/api.ts';
import { $selectedAccount, $selectedAccountId } from '../../../stores/account.ts';
import { showSuccess } from '../../../stores/alerts.ts';
import { labelCategoryCreate } from '../../../shared/schemas/label-category.ts';
import { labelValueCreate, type LabelValue } from '../../../shared/schemas/label-value.ts';
import type { LabelCategory } from '../../../shared/schemas/label-category.ts';
import { BulkDeleteButton } from '../../kit/BulkDelete.tsx';
import { dateColumn, linkColumn } from '../../kit/columns.tsx';
import type { Column } from '../../kit/DataTable.tsx';
import { ListView } from '../../kit/ListView.tsx';
import { TextInput } from '../../kit/fields.tsx';
import { FormShell } from '../../kit/FormShell.tsx';
import { saveRecord, useResourceForm } from '../../kit/useResourceForm.ts';
import { useResourceList } from '../../kit/useResourceList.ts';
import { useRecord } from '../../kit/useRecord.ts';
import { paths, withQuery } from '../../routes/index.ts';
import { Card } from '../../shared/Card.tsx';
import { EmptyState, Skeleton } from '../../shared/EmptyState.tsx';
import { Modal } from '../../shared/Modal.tsx';
import { PageHeader } from '../../shared/PageHeader.tsx';
import { categoryList, labelDeleteConsequence, valueList } from './labels.ts';

/** When a row was made: the CSV keeps the ISO day; the table shows it as people read dates. */
const CREATED = dateColumn('created_at', 'Created', { wide: true, csv: (r) => r.created_at.slice(0, 10) });
const NAME = { name: 'Name' };

const VALUE_COLUMNS: Column<LabelValue>[] = [
  linkColumn({
    header: 'Label',
    text: (row) => row.name,
    href: (row) => paths.labelEdit(row.category_id, row.id),
    look: 'medium',
  }),
  CREATED,
];

export default function LabelsPage() {
  const accountId = useStore($selectedAccountId);
  const account = useStore($selectedAccount);
  const search = useSearch();
  const [location, navigate] = useLocation();
  const categoryId = new URLSearchParams(search).get('labelCategoryId');
  const choose = (id: string | null) => {
    const q = new URLSearchParams(search);
    for (const key of [...q.keys()]) if (key.startsWith('values.')) q.delete(key);
    if (id) q.set('labelCategoryId', id);
    else q.delete('labelCategoryId');
    navigate(withQuery(location, Object.fromEntries(q)));
  };
  return (
    <div className="space-y-6">
      <PageHeader title="Labels" />
      <p className="-mt-4 text-sm text-slate-600">
        Label categories of <strong className="font-semibold text-slate-900">{account?.name}</strong> and their values.
        Measurements carry these labels; reports group and filter by them.
      </p>
      {/* Side by side on a laptop, so choosing a category shows its labels beside the click;
          stacked on narrower screens, where the chosen category's labels scroll into view. */}
      <div className="grid items-start gap-6 xl:grid-cols-2">
        {accountId ? <Categories accountId={accountId} chosen={categoryId} onChoose={choose} /> : null}
        {accountId && categoryId ? (
          <ShownOnChoice key={categoryId}>
            <Values accountId={accountId} categoryId={categoryId} />
          </ShownOnChoice>
        ) : (
          <div className="hidden xl:block">
            <EmptyState title="No category chosen">Choose a category to see and edit its labels here.</EmptyState>
          </div>
        )}
      </div>
    </div>
  );
}

/** Brings what a choice opened into view when it opened outside the screen (stacked layouts). */
function ShownOnChoice({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const box = ref.current?.getBoundingClientRect();
    if (!box || (box.top >= 0 && box.top < window.innerHeight - 160)) return;
    const still = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    ref.current?.scrollIntoView({ block: 'start', behavior: still ? 'auto' : 'smooth' });
  }, []);
  return (
    <div ref={ref} className="scroll-mt-4">
      {children}
    </div>
  );
}

function Categories({
  accountId,
  chosen,
  onChoose,
}: {
  accountId: string;
  chosen: string | null;
  onChoose: (id: string | null) => void;
}) {
  const base = useMemo(() => ({ account: accountOwners(accountId) }), [accountId]);
  const list = useResourceList(categoryList, base);
  const [renaming, setRenaming] = useState<LabelCategory | null>(null);
  const columns = useMemo<Column<LabelCategory>[]>(
    () => [
      {
        id: 'name',
        header: 'Category',
        sortField: 'name',
        csv: (row) => row.name,
        cell: (row) => (
          <button
            type="button"
            aria-pressed={row.id === chosen}
            onClick={() => onChoose(row.id === chosen ? null : row.id)}
            className={`text-left font-medium ${row.id === chosen ? 'text-slate-900 underline' : 'text-primary-strong hover:underline'}`}
          >
            {row.name}
          </button>
        ),
      },
      CREATED,
    ],
    [chosen, onChoose],
  );
  return (
    <Card title="Categories">
      <ListView
        list={list}
        columns={columns}
        search="Search categories"
        csv
        bulk={(selection) => (
          <BulkDeleteButton
            list={list}
            selectedIds={selection.ids}
            rowLabel={(r) => r.name}
            consequence="Deleting a category deletes its labels too, and takes them off every measurement that carries them."
            onDone={() => {
              if (chosen && selection.ids.includes(chosen)) onChoose(null);
              selection.clear();
            }}
          />
        )}
        rowActions={(row) => (
          <button
            type="button"
            className="text-sm font-medium text-primary-strong hover:underline"
            onClick={() => setRenaming(row)}
          >
            Rename<span className="sr-only"> {row.name}</span>
          </button>
        )}
        empty={(filtered) => ({
          title: filtered ? 'No category matches' : 'No label categories yet',
          body: 'Add the first one below.',
        })}
      />
      <NewRow
        label="New category"
        onCreate={(name) => create('label-category', { name, account: accountId }).then(() => list.reload())}
        schema={labelCategoryCreate.pick({ name: true })}
      />
      {renaming ? (
        <RenameDialog
          resource="label-category"
          row={renaming}
          onClose={(saved) => {
            setRenaming(null);
            if (saved) list.reload();
          }}
        />
      ) : null}
    </Card>
  );
}

function Values({ accountId, categoryId }: { accountId: string; categoryId: string }) {
  const category = useRecord('label-category', categoryId);
  const base = useMemo(() => ({ 'category.account': [accountId], category_id: [categoryId] }), [accountId, categoryId]);
  const list = useResourceList(valueList, base);
  const name = category.data?.name ?? 'this category';
  return (
    <Card title={`Labels in ${name}`}>
      <ListView
        list={list}
        columns={VALUE_COLUMNS}
        search={`Search labels in ${name}`}
        csv={`labels-${name}`}
        bulk={(selection) => (
          <BulkDeleteButton
            list={list}
            selectedIds={selection.ids}
            rowLabel={(r) => r.name}
            consequence={labelDeleteConsequence('each label', null)}
            onDone={selection.clear}
          />
        )}
        empty={(filtered) => ({
          title: filtered ? 'No label matches' : `No labels in ${name} yet`,
          body: 'Add the first one below.',
        })}
      />
      <NewRow
        label={`New label in ${name}`}
        onCreate={(value) => create('label-value', { name: value, category_id: categoryId }).then(() => list.reload())}
        schema={labelValueCreate.pick({ name: true })}
      />
    </Card>
  );
}

/** A one-field create form under a list. */
function NewRow({
  label,
  onCreate,
  schema,
}: {
  label: string;
  onCreate: (name: string) => Promise<unknown>;
  schema: ZodType<{ name: string }>;
}) {
  const form = useResourceForm({
    schema,
    initial: { name: '' },
    labels: NAME,
    submit: ({ name }) => onCreate(name),
    onSaved: () => {
      showSuccess(`${form.values.name.trim()} created`);
      form.reset({ name: '' });
    },
  });
  return (
    <div className="mt-4 border-t border-slate-100 pt-4">
      <FormShell form={form} label={label} saveLabel="Add">
        <TextInput
          label={label}
          value={form.values.name}
          onChange={(v) => form.set('name', v)}
          error={form.errors.name}
        />
      </FormShell>
    </div>
  );
}

function RenameDialog({
  resource,
  row,
  onClose,
}: {
  resource: 'label-category' | 'label-value';
  row: { id: string; name: string };
  onClose: (saved: boolean) => void;
}) {
  // The stored record: the client then sends its version with the rename (a 412 asks reload or overwrite).
  const record = useRecord(resource, row.id);
  const stored = record.data ?? row;
  return (
    <Modal isOpen onClose={() => onClose(false)} title={`Rename ${row.name}`}>
      <div className="px-5 pt-3 pb-5">
        {record.version === null && !record.error ? (
          <Skeleton className="h-24 w-full" />
        ) : (
          <RenameForm
            key={record.version}
            resource={resource}
            row={stored}
            onReload={record.reload}
            onClose={onClose}
          />
        )}
      </div>
    </Modal>
  );
}

function RenameForm({
  resource,
  row,
  onReload,
  onClose,
}: {
  resource: 'label-category' | 'label-value';
  row: { id: string; name: string };
  onReload: () => void;
  onClose: (saved: boolean) => void;
}) {
  const form = useResourceForm({
    schema: labelCategoryCreate.pick({ name: true }),
    initial: { name: row.name },
    labels: NAME,
    submit: saveRecord(resource, row.id),
    onReload,
    onSaved: () => {
      showSuccess(`Renamed to ${form.values.name.trim()}`);
      onClose(true);
    },
  });
  return (
    <FormShell form={form} label={`Rename ${row.name}`} onCancel={() => onClose(false)}>
      <TextInput
        label="Name"
        value={form.values.name}
        onChange={(v) => form.set('name', v)}
        error={form.errors.name}
        autoFocus
      />
    </FormShell>
  );
}

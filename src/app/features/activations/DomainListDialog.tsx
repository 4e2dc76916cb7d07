/**
 * Create or edit a domain list, in a dialog: its name, allow or block, and its entries by upload
 * (a one-column CSV, header optional), by paste, or from a measurement's domains above an APM
 * threshold. On the kit's form state (useResourceForm): labelled fields, each refusal in a person's
 * words at its field (domain-list-checks.ts) with the summary above, and the form unsaved while
 * it differs from what it opened with. A file or pasted text is checked here with the module the
 * server parses it with (src/shared/domains.ts), so every bad line shows at once and nothing with
 * errors is sent. An edit reads the list by id when the dialog opens and starts from that: the API
 * client then sends its version with the save, so someone else's change meanwhile asks the
 * conflict dialog, whose Reload starts the form again from the stored list.
 */
import { useEffect, useMemo, useState } from 'react';
import { Label, Radio, RadioGroup, Tab, TabList, TabPanel, Tabs } from 'react-aria-components';
import { ApiError, create, getOne, update, type WriteOptions } from '../../../lib/api.ts';
import { callEndpoint } from '../../../lib/endpoint-call.ts';
import { showError, showSuccess } from '../../../stores/alerts.ts';
import type { DomainListUploadBody } from '../../../shared/activation-api.ts';
import { parseDomainList, type LineIssue } from '../../../shared/domains.ts';
import type { DomainList, Measurement } from '../../../shared/schemas/index.ts';
import { DialogBody } from '../../kit/FormDialog.tsx';
import { FormShell } from '../../kit/FormShell.tsx';
import { useResourceForm, type Values } from '../../kit/useResourceForm.ts';
import { FileField } from '../../shared/FileField.tsx';
import { LabelledControl, TextField } from '../../shared/Field.tsx';
import { Modal } from '../../shared/Modal.tsx';
import { useAsync, useDebounced } from './data.ts';
import { FIX_LINES, type ChosenFile, type DomainListValue, type EntrySource } from './domain-list-checks.ts';
import { LineIssues, ParseSummary } from './DomainListLines.tsx';
import { labelsFor } from '../../../shared/field-labels.ts';
import { MeasurementPicker } from './MeasurementPicker.tsx';
import { MinApmField, minApmProblem, useMinApmPreview } from './MinApmField.tsx';

// The row's fields by the one table of labels; the two ways in are this dialog's own.
const LABELS = {
  ...labelsFor('name', 'type', 'measurement', 'min_apm'),
  file: 'CSV file',
  pasted: 'Domains or app bundle ids',
};

interface ListValues extends Values {
  source: EntrySource;
  name: string;
  type: 'allow' | 'block';
  file: ChosenFile | null;
  pasted: string;
  /** The minimum APM as typed (the measurement source). */
  min_apm: string;
}

/** What the form starts from: the stored list's name and type, keeping its entries; or nothing. */
const startOf = (list: DomainList | null): ListValues => ({
  source: list ? 'keep' : 'upload',
  name: list?.name ?? '',
  type: list?.type ?? 'allow',
  file: null,
  pasted: '',
  min_apm: '',
});

/** The fields that give a list's entries, one or two per source. */
const ENTRY_FIELDS = ['file', 'pasted', 'measurement', 'min_apm'] as const;

/** The field the entries of a source are refused on, when the server refuses lines. */
const LINES_FIELD: Partial<Record<EntrySource, keyof typeof LABELS>> = { upload: 'file', paste: 'pasted' };

/**
 * Saves the checked value: a file or pasted text through the upload route (parsed again there, a
 * refusal by line), a measurement's domains or a rename as a plain write of the list.
 */
async function saveList(
  value: DomainListValue,
  {
    list,
    accountId,
    domains,
    write,
  }: { list: DomainList | null; accountId: string; domains: readonly string[]; write: WriteOptions },
): Promise<DomainList> {
  const { source, name, type } = value;
  if (source === 'upload' || source === 'paste') {
    const body: DomainListUploadBody = {
      ...(list ? { id: list.id } : { account: accountId }),
      name,
      type,
      text: value.file?.text ?? value.pasted ?? '',
      ...(value.file ? { file_name: value.file.name } : {}),
    };
    const answer = await callEndpoint('domainListUpload', {
      body,
      ...(list ? { record: { resource: 'domain-list' as const, id: list.id }, onReload: write.onReload } : {}),
    });
    return answer.data;
  }
  const entries = source === 'measurement' ? { domains: [...domains] } : {};
  return list
    ? update('domain-list', list.id, { name, type, ...entries }, write)
    : create('domain-list', { account: accountId, name, type, domains: entries.domains ?? [] });
}

export interface DomainListDialogProps {
  accountId: string;
  /** The list to edit; null makes a new one. */
  list: DomainList | null;
  isOpen: boolean;
  onClose: () => void;
  onSaved: () => void;
}

export function DomainListDialog({ accountId, list: listed, isOpen, onClose, onSaved }: DomainListDialogProps) {
  const stored = useAsync(() => getOne('domain-list', listed!.id), isOpen && listed ? listed.id : null);
  // Until the stored list is read, the dialog waits (a list gone meanwhile is never re-created).
  const list = listed && stored.data?.id === listed.id ? stored.data : null;
  useEffect(() => {
    if (stored.error) showError(stored.error);
  }, [stored.error]);
  if (!isOpen) return null;
  return (
    <Modal isOpen onClose={onClose} title={listed ? `Edit ${listed.name}` : 'New domain list'} width="max-w-2xl">
      <DialogBody>
        {listed && !list ? (
          <p role="status" className="text-sm text-slate-600">
            Loading the list…
          </p>
        ) : (
          <ListForm accountId={accountId} list={list} onReload={stored.reload} onClose={onClose} onSaved={onSaved} />
        )}
      </DialogBody>
    </Modal>
  );
}

function ListForm({
  accountId,
  list,
  onReload,
  onClose,
  onSaved,
}: Omit<DomainListDialogProps, 'isOpen'> & { onReload: () => void }) {
  const [serverLines, setServerLines] = useState<LineIssue[]>([]);
  // The measurement and its minimum APM feed a live preview, so they are kept beside the form's values.
  const [measurement, setMeasurement] = useState<Measurement | null>(null);
  const form = useResourceForm({
    // apmProblem is read as the form is sent (it is worked out below, from the minimum typed).
    schema: () => import('./domain-list-checks.ts').then(({ domainListSchema }) => domainListSchema(apmProblem)),
    initial: startOf(list),
    labels: LABELS,
    body: (values: ListValues) => ({ ...values, measurement }),
    submit: (value, write) =>
      saveList(value, { list, accountId, domains: preview.data?.qualifying.domains ?? [], write }).catch(
        (error: unknown) => {
          // Lines the server refused are listed under the form, and their field says so.
          const lines = error instanceof ApiError ? (error.body as { lines?: LineIssue[] } | null)?.lines : undefined;
          const field = LINES_FIELD[value.source];
          if (!lines?.length || !field) throw error;
          setServerLines(lines);
          throw new ApiError(400, { message: FIX_LINES, issues: [{ path: field, message: FIX_LINES }] });
        },
      ),
    onSaved: (saved) => {
      const { name, domains } = saved as DomainList;
      showSuccess(
        `Domain list '${name}' ${list ? 'saved' : 'created'} with ${domains.length.toLocaleString('en-GB')} entr${domains.length === 1 ? 'y' : 'ies'}`,
      );
      onSaved();
      onClose();
    },
    onReload,
  });
  const { values, set, errors, reset, setError } = form;
  const apm = useMinApmPreview(measurement?.id ?? null, values.min_apm);
  const { preview } = apm;
  // What stops a save at this minimum: its own rules, then (once previewed) a minimum no domain reaches.
  const apmProblem =
    minApmProblem(apm, false) ??
    (!measurement ? null : !preview.data || preview.loading ? 'Wait for the preview' : minApmProblem(apm, true));
  // The conflict dialog's Reload reads the list again: the form starts over from what is stored.
  useEffect(() => reset(startOf(list)), [list, reset]);

  const settledPaste = useDebounced(values.pasted, 200);
  const parsed = useMemo(() => {
    if (values.source === 'upload') return values.file ? parseDomainList(values.file.text) : null;
    if (values.source === 'paste') return settledPaste.trim() ? parseDomainList(settledPaste) : null;
    return null;
  }, [values.source, values.file, settledPaste]);
  /** New entries: the lines the server refused were about the old ones. */
  const setEntries = <K extends 'file' | 'pasted'>(key: K, value: ListValues[K]) => {
    setServerLines([]);
    set(key, value);
  };

  const tabClass =
    'cursor-pointer rounded-md px-3 py-1.5 text-sm font-medium text-slate-700 outline-none data-[focus-visible]:outline-2 data-[focus-visible]:outline-solid data-[focus-visible]:outline-primary data-[selected]:bg-white data-[selected]:text-slate-900 data-[selected]:shadow-sm';

  return (
    <FormShell
      form={form}
      label={list ? `Edit ${list.name}` : 'New domain list'}
      saveLabel={list ? 'Save list' : 'Create list'}
      onCancel={onClose}
    >
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-[1fr_auto]">
        <TextField
          label="Name"
          value={values.name}
          maxLength={200}
          autoFocus
          onChange={(e) => set('name', e.target.value)}
          error={errors.name}
        />
        <RadioGroup
          value={values.type}
          onChange={(value) => set('type', value as ListValues['type'])}
          orientation="horizontal"
          className="flex flex-col"
        >
          <Label className="mb-1 block text-sm font-medium text-slate-700">Type</Label>
          <div className="flex gap-4 pt-2">
            {(['allow', 'block'] as const).map((value) => (
              <Radio
                key={value}
                value={value}
                className="group flex cursor-pointer items-center gap-2 text-sm text-slate-800"
              >
                <span
                  aria-hidden="true"
                  className="flex h-4 w-4 items-center justify-center rounded-full border border-slate-400 group-data-[focus-visible]:outline-2 group-data-[focus-visible]:outline-primary group-data-[selected]:border-primary-strong"
                >
                  <span className="h-2 w-2 rounded-full group-data-[selected]:bg-primary-strong" />
                </span>
                {value === 'allow' ? 'Allow list' : 'Block list'}
              </Radio>
            ))}
          </div>
        </RadioGroup>
      </div>

      <Tabs
        selectedKey={values.source}
        onSelectionChange={(key) => {
          set('source', key as EntrySource);
          // The other source's fields are out of sight, and so are their messages.
          for (const field of ENTRY_FIELDS) setError(field, '');
        }}
      >
        <TabList aria-label="Entries" className="flex flex-wrap gap-1 rounded-lg bg-slate-100 p-1">
          {list ? (
            <Tab id="keep" className={tabClass}>
              Keep entries
            </Tab>
          ) : null}
          <Tab id="upload" className={tabClass}>
            Upload CSV
          </Tab>
          <Tab id="paste" className={tabClass}>
            Paste
          </Tab>
          <Tab id="measurement" className={tabClass}>
            From a measurement
          </Tab>
        </TabList>
        {list ? (
          <TabPanel id="keep" className="pt-4 text-sm text-slate-700">
            The list keeps its {list.domains.length.toLocaleString('en-GB')} entries. Choose another tab to replace
            them.
          </TabPanel>
        ) : null}
        <TabPanel id="upload" className="space-y-3 pt-4">
          <FileField
            label="CSV file"
            accept=".csv,.txt,text/csv,text/plain"
            hint="One domain or app bundle id per line, in the first column; a header line is optional. Up to 50,000."
            error={errors.file}
            onChange={(file) => {
              if (!file) setEntries('file', null);
              else void file.text().then((text) => setEntries('file', { name: file.name, text }));
            }}
          />
          {parsed && values.source === 'upload' ? <ParseSummary parsed={parsed} /> : null}
        </TabPanel>
        <TabPanel id="paste" className="space-y-3 pt-4">
          <LabelledControl
            frame={{ label: 'Domains or app bundle ids, one per line', error: errors.pasted }}
            control={(wiring) => (
              <textarea
                {...wiring}
                rows={7}
                value={values.pasted}
                onChange={(e) => setEntries('pasted', e.target.value)}
                placeholder={'theguardian.com\nbbc.co.uk\ncom.itv.itvx'}
                className={`block w-full rounded-md border px-3 py-2 font-mono text-sm text-slate-900 shadow-sm placeholder:text-slate-500 focus:outline-2 focus:outline-primary ${errors.pasted ? 'border-red-600' : 'border-slate-300'}`}
              />
            )}
          />
          {parsed && values.source === 'paste' ? <ParseSummary parsed={parsed} /> : null}
        </TabPanel>
        <TabPanel id="measurement" className="space-y-3 pt-4">
          <MeasurementPicker
            accountId={accountId}
            value={measurement}
            onChange={(chosen) => {
              setMeasurement(chosen);
              setError('measurement', '');
            }}
            error={errors.measurement}
          />
          <MinApmField
            text={values.min_apm}
            onChange={(text) => set('min_apm', text)}
            error={errors.min_apm ?? apm.minApm.error}
            hint="Domains at or above it go into the list"
          />
          {preview.data ? (
            <p role="status" className="rounded-lg bg-slate-50 px-4 py-3 text-sm text-slate-800">
              {preview.data.qualifying.count} of {preview.data.entries.filter((e) => e.listable).length} domains
              qualify, with {Math.round((preview.data.qualifying.share ?? 0) * 1000) / 10}% of the measurement’s
              impressions.
            </p>
          ) : null}
        </TabPanel>
      </Tabs>

      {serverLines.length ? <LineIssues issues={serverLines} /> : null}
    </FormShell>
  );
}

/**
 * Create or edit a domain list, in a dialog: its name, allow or block, and its entries by upload
 * (a one-column CSV, header optional), by paste, or from a measurement's domains above an APM
 * threshold. A file or pasted text is checked here with the module the server parses it with
 * (src/shared/domains.ts), so every bad line shows at once and nothing with errors is sent.
 * An edit reads the list by id when the dialog opens and starts from that: the API client then
 * sends its version with the save, so someone else's change meanwhile asks the conflict dialog.
 */
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { Label, Radio, RadioGroup, Tab, TabList, TabPanel, Tabs } from 'react-aria-components';
import { ApiError, create, getOne, isConflict, update } from '../../../lib/api.ts';
import { callEndpoint } from '../../../lib/endpoint-call.ts';
import { showError, showSuccess } from '../../../stores/alerts.ts';
import type { DomainListUploadBody } from '../../../shared/activation-api.ts';
import { parseDomainList, type LineIssue, type ParsedDomainList } from '../../../shared/domains.ts';
import type { DomainList, Measurement } from '../../../shared/schemas/index.ts';
import { ErrorSummary } from '../../kit/ErrorSummary.tsx';
import { FormActions } from '../../shared/Button.tsx';
import { FileField } from '../../shared/FileField.tsx';
import { TextField } from '../../shared/Field.tsx';
import { Modal } from '../../shared/Modal.tsx';
import { useAsync, useDebounced } from './data.ts';
import { MeasurementPicker } from './MeasurementPicker.tsx';
import { MinApmField, minApmProblem, useMinApmPreview } from './MinApmField.tsx';

type Source = 'keep' | 'upload' | 'paste' | 'measurement';
const SHOWN_ISSUES = 100;

function Issues({ issues }: { issues: readonly LineIssue[] }) {
  return (
    <div role="alert" className="rounded-lg bg-red-50 px-4 py-3 text-sm text-red-900" data-testid="line-issues">
      <p className="font-medium">
        {issues.length === 1 ? '1 line has' : `${issues.length.toLocaleString('en-GB')} lines have`} errors. Nothing
        will be saved until {issues.length === 1 ? 'it is' : 'they are'} fixed.
      </p>
      <ul className="mt-2 max-h-40 list-disc space-y-0.5 overflow-auto pl-5">
        {issues.slice(0, SHOWN_ISSUES).map((issue) => (
          <li key={`${issue.line}-${issue.message}`}>
            Line {issue.line}: {issue.message}
          </li>
        ))}
      </ul>
      {issues.length > SHOWN_ISSUES ? (
        <p className="mt-1">…and {(issues.length - SHOWN_ISSUES).toLocaleString('en-GB')} more</p>
      ) : null}
    </div>
  );
}

function Summary({ parsed }: { parsed: ParsedDomainList }) {
  if (parsed.issues.length) return <Issues issues={parsed.issues} />;
  const notes = [
    parsed.duplicates
      ? `${parsed.duplicates.toLocaleString('en-GB')} duplicate${parsed.duplicates === 1 ? '' : 's'} merged`
      : null,
    parsed.header ? 'first line read as a header' : null,
    parsed.extraColumns ? 'only the first column is read' : null,
  ].filter(Boolean);
  return (
    <p role="status" className="rounded-lg bg-green-50 px-4 py-3 text-sm text-green-900" data-testid="parse-summary">
      {parsed.entries.length.toLocaleString('en-GB')} entr{parsed.entries.length === 1 ? 'y' : 'ies'} ready
      {notes.length ? ` (${notes.join('; ')})` : ''}.
    </p>
  );
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
  // Until the stored list is read, the dialog waits (Save stays off; a list gone meanwhile is never re-created).
  const list = listed && stored.data?.id === listed.id ? stored.data : null;
  const loading = !!listed && !list;
  useEffect(() => {
    if (stored.error) showError(stored.error);
  }, [stored.error]);
  const [name, setName] = useState('');
  const [type, setType] = useState<'allow' | 'block'>('allow');
  const [source, setSource] = useState<Source>('upload');
  const [fileName, setFileName] = useState<string | null>(null);
  const [fileText, setFileText] = useState('');
  const [pasted, setPasted] = useState('');
  const [measurement, setMeasurement] = useState<Measurement | null>(null);
  const [nameError, setNameError] = useState<string | null>(null);
  const [serverIssues, setServerIssues] = useState<LineIssue[]>([]);
  const [formError, setFormError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (!isOpen || loading) return;
    setName(list?.name ?? '');
    setType(list?.type ?? 'allow');
    setSource(list ? 'keep' : 'upload');
    setFileName(null);
    setFileText('');
    setPasted('');
    setMeasurement(null);
    setApmText('');
    setNameError(null);
    setServerIssues([]);
    setFormError(null);
    setSaving(false);
  }, [isOpen, list, loading]);

  const settledPaste = useDebounced(pasted, 200);
  const parsed = useMemo(() => {
    if (source === 'upload') return fileName ? parseDomainList(fileText) : null;
    if (source === 'paste') return settledPaste.trim() ? parseDomainList(settledPaste) : null;
    return null;
  }, [source, fileName, fileText, settledPaste]);
  const apm = useMinApmPreview(source === 'measurement' ? (measurement?.id ?? null) : null);
  const { preview, setText: setApmText } = apm;

  async function save(event: FormEvent) {
    event.preventDefault();
    setServerIssues([]);
    setFormError(null);
    const trimmed = name.trim();
    setNameError(trimmed ? null : 'Name is required');
    let problem: string | null = null;
    if (source === 'upload' && !fileName) problem = 'Choose a CSV file';
    else if (source === 'paste' && !pasted.trim()) problem = 'Paste at least one domain or app bundle id';
    else if ((source === 'upload' || source === 'paste') && parsed?.issues.length)
      problem = 'Fix the lines listed above first';
    else if (source === 'measurement') {
      if (!measurement) problem = 'Choose a measurement';
      else
        problem =
          minApmProblem(apm, false) ??
          (!preview.data || preview.loading ? 'Wait for the preview' : minApmProblem(apm, true));
    }
    setFormError(problem);
    if (!trimmed || problem) return;
    setSaving(true);
    try {
      let saved: DomainList;
      if (source === 'upload' || source === 'paste') {
        const body: DomainListUploadBody = {
          ...(list ? { id: list.id } : { account: accountId }),
          name: trimmed,
          type,
          text: source === 'upload' ? fileText : pasted,
          ...(source === 'upload' && fileName ? { file_name: fileName } : {}),
        };
        const answer = await callEndpoint('domainListUpload', {
          body,
          ...(list ? { record: { resource: 'domain-list' as const, id: list.id }, onReload: stored.reload } : {}),
        });
        saved = answer.data;
      } else {
        const entries = source === 'measurement' ? { domains: preview.data!.qualifying.domains } : {};
        saved = list
          ? await update('domain-list', list.id, { name: trimmed, type, ...entries }, { onReload: stored.reload })
          : await create('domain-list', { account: accountId, name: trimmed, type, domains: entries.domains ?? [] });
      }
      showSuccess(
        `Domain list '${saved.name}' ${list ? 'saved' : 'created'} with ${saved.domains.length.toLocaleString('en-GB')} entr${saved.domains.length === 1 ? 'y' : 'ies'}`,
      );
      onSaved();
      onClose();
    } catch (error) {
      setSaving(false);
      // Reload or cancel, answered in the conflict dialog: nothing more to say here.
      if (isConflict(error) && error.choice) return;
      const lines = error instanceof ApiError ? (error.body as { lines?: LineIssue[] } | null)?.lines : undefined;
      // Refused lines show in the form, under its summary; a toast is for what belongs to no field.
      if (lines?.length) setServerIssues(lines);
      else showError(error);
    }
  }

  const tabClass =
    'cursor-pointer rounded-md px-3 py-1.5 text-sm font-medium text-slate-700 outline-none data-[focus-visible]:outline-2 data-[focus-visible]:outline-solid data-[focus-visible]:outline-primary data-[selected]:bg-white data-[selected]:text-slate-900 data-[selected]:shadow-sm';

  return (
    <Modal
      isOpen={isOpen}
      onClose={onClose}
      title={listed ? `Edit ${listed.name}` : 'New domain list'}
      width="max-w-2xl"
    >
      <form noValidate onSubmit={(e) => void save(e)} className="space-y-4 px-5 pt-3 pb-5">
        <ErrorSummary errors={{ name: nameError ?? '', entries: formError ?? (serverIssues.length ? 'lines' : '') }} />
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-[1fr_auto]">
          <TextField
            label="Name"
            value={name}
            maxLength={200}
            autoFocus
            onChange={(e) => {
              setName(e.target.value);
              setNameError(null);
            }}
            error={nameError}
          />
          <RadioGroup
            value={type}
            onChange={(value) => setType(value as 'allow' | 'block')}
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

        <Tabs selectedKey={source} onSelectionChange={(key) => setSource(key as Source)}>
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
              onChange={(file) => {
                setServerIssues([]);
                setFormError(null);
                if (!file) {
                  setFileName(null);
                  setFileText('');
                  return;
                }
                void file.text().then((text) => {
                  setFileText(text);
                  setFileName(file.name);
                });
              }}
            />
            {parsed && source === 'upload' ? <Summary parsed={parsed} /> : null}
          </TabPanel>
          <TabPanel id="paste" className="space-y-3 pt-4">
            <div>
              <label htmlFor="domain-paste" className="mb-1 block text-sm font-medium text-slate-700">
                Domains or app bundle ids, one per line
              </label>
              <textarea
                id="domain-paste"
                rows={7}
                value={pasted}
                onChange={(e) => {
                  setPasted(e.target.value);
                  setServerIssues([]);
                  setFormError(null);
                }}
                placeholder={'theguardian.com\nbbc.co.uk\ncom.itv.itvx'}
                className="block w-full rounded-md border border-slate-300 px-3 py-2 font-mono text-sm text-slate-900 shadow-sm placeholder:text-slate-500 focus:outline-2 focus:outline-primary"
              />
            </div>
            {parsed && source === 'paste' ? <Summary parsed={parsed} /> : null}
          </TabPanel>
          <TabPanel id="measurement" className="space-y-3 pt-4">
            <MeasurementPicker accountId={accountId} value={measurement} onChange={setMeasurement} />
            <MinApmField
              text={apm.text}
              onChange={setApmText}
              error={apm.minApm.error}
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

        {serverIssues.length ? <Issues issues={serverIssues} /> : null}
        {formError ? (
          <p role="alert" className="text-sm text-red-700">
            {formError}
          </p>
        ) : null}
        <FormActions
          label={list ? 'Save list' : 'Create list'}
          busy={saving}
          busyLabel="Saving…"
          disabled={loading}
          onCancel={onClose}
        />
      </form>
    </Modal>
  );
}

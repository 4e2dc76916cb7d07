/**
 * Adding an asset to a draft study: by uploading its file (the service reads its size and length
 * from it) or by an https URL (then the size is given). The file's type and size are checked here
 * first, with the service's own list and limit; the service checks again and its messages land on
 * the field they are about.
 */
import { useRef, useState } from 'react';
import { messages } from '../../../shared/messages.ts';
import { UPLOAD_MAX_MB, UPLOAD_TYPES, type Brief } from '../../../shared/schemas/spotlight.ts';
import { showAlert, showError } from '../../../stores/alerts.ts';
import { ChoiceInput, NumberInput, TextInput } from '../../kit/fields.tsx';
import { ErrorSummary } from '../../kit/ErrorSummary.tsx';
import { issuesByField } from '../../kit/formMessages.ts';
import { serverIssues } from '../../kit/useResourceForm.ts';
import { FileField } from '../../shared/FileField.tsx';
import { PressButton } from '../../shared/PressButton.tsx';
import { createStimFromUrl, uploadStim } from './data.ts';

const LABELS = { file: 'File', name: 'Name', format: 'Format', url: 'URL', width: 'Width', height: 'Height' };
const ACCEPT = Object.keys(UPLOAD_TYPES).join(',');

/** The file's name without its extension, as a first name for the asset. */
const baseName = (file: string) => file.replace(/\.[^.]+$/, '').replace(/[-_]+/g, ' ');

function fileProblem(file: File | null): string | null {
  if (!file) return messages.spotlight.fileMissing;
  if (!(file.type in UPLOAD_TYPES)) return messages.spotlight.fileType;
  if (file.size > UPLOAD_MAX_MB * 1024 * 1024) return messages.spotlight.fileTooLarge(UPLOAD_MAX_MB);
  return null;
}

export function AddAsset({ study, onAdded }: { study: Brief; onAdded: () => void }) {
  const [mode, setMode] = useState<'file' | 'url'>('file');
  const [file, setFile] = useState<File | null>(null);
  const [name, setName] = useState('');
  const [format, setFormat] = useState('');
  const [url, setUrl] = useState('');
  const [type, setType] = useState<'image' | 'video'>('image');
  const [width, setWidth] = useState<number | null>(1080);
  const [height, setHeight] = useState<number | null>(1080);
  const [duration, setDuration] = useState<number | null>(15);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  const reset = () => {
    setFile(null);
    setName('');
    setUrl('');
    setErrors({});
    if (input.current) input.current.value = '';
  };

  const submit = () => {
    const local: Record<string, string> = {};
    if (mode === 'file') {
      const problem = fileProblem(file);
      if (problem) local.file = problem;
    } else if (!url.startsWith('https://')) local.url = 'URL must be an https:// address';
    if (!name.trim()) local.name = 'Name is required';
    if (!format.trim()) local.format = 'Format is required';
    setErrors(local);
    if (Object.keys(local).length) return;
    setSaving(true);
    const sent =
      mode === 'file' && file
        ? uploadStim({ brief: study.id, name, format, file })
        : createStimFromUrl({
            brief: study.id,
            name,
            format,
            url,
            type,
            width: width ?? 0,
            height: height ?? 0,
            duration_s: type === 'video' ? duration : null,
          });
    sent
      .then(
        (asset) => {
          showAlert('success', `Asset ${asset.name} added`);
          reset();
          onAdded();
        },
        (error: unknown) => {
          const issues = serverIssues(error);
          if (issues?.length) setErrors(issuesByField(issues, LABELS));
          showError(error);
        },
      )
      .finally(() => setSaving(false));
  };

  const tab = (value: 'file' | 'url', label: string) => (
    <button
      type="button"
      role="tab"
      aria-selected={mode === value}
      onClick={() => {
        setMode(value);
        setErrors({});
      }}
      className={`rounded-md px-3 py-1.5 text-sm font-medium ${mode === value ? 'bg-white text-slate-900 shadow-sm' : 'text-slate-600 hover:text-slate-900'}`}
    >
      {label}
    </button>
  );

  return (
    <section aria-labelledby="add-asset" className="mt-4 rounded-lg border border-dashed border-slate-300 p-4">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h3 id="add-asset" className="text-sm font-semibold text-slate-900">
          Add an asset
        </h3>
        <div role="tablist" aria-label="How to add it" className="flex gap-1 rounded-lg bg-slate-100 p-1">
          {tab('file', 'Upload a file')}
          {tab('url', 'From a URL')}
        </div>
      </div>
      <form
        noValidate
        aria-label="Add an asset"
        className="space-y-3"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <ErrorSummary errors={errors} />
        {mode === 'file' ? (
          <FileField
            label="Creative file"
            accept={ACCEPT}
            inputRef={input}
            tone="dark"
            error={errors.file}
            hint={`PNG, JPEG, GIF, WebP or SVG images, MP4 or WebM videos, up to ${UPLOAD_MAX_MB} MB. The size is read from the file.`}
            onChange={(chosen) => {
              // A name the person typed stays; one taken from the previous file follows the new one.
              if (chosen && (!name || (file && name === baseName(file.name)))) setName(baseName(chosen.name));
              setFile(chosen);
              setErrors((current) => ({ ...current, file: fileProblem(chosen) ?? '' }));
            }}
          />
        ) : (
          <>
            <TextInput label="URL" value={url} onChange={setUrl} error={errors.url} hint="https:// only" isRequired />
            <div className="grid gap-3 sm:grid-cols-4">
              <ChoiceInput
                label="Type"
                value={type}
                onChange={(v) => setType(v as 'image' | 'video')}
                options={[
                  { id: 'image', name: 'Image' },
                  { id: 'video', name: 'Video' },
                ]}
              />
              <NumberInput label="Width" value={width} onChange={setWidth} error={errors.width} />
              <NumberInput label="Height" value={height} onChange={setHeight} error={errors.height} />
              {type === 'video' ? (
                <NumberInput label="Length (s)" value={duration} onChange={setDuration} error={errors.duration_s} />
              ) : null}
            </div>
          </>
        )}
        <div className="grid gap-3 sm:grid-cols-2">
          <TextInput label="Name" value={name} onChange={setName} error={errors.name} isRequired />
          <TextInput
            label="Format"
            value={format}
            onChange={setFormat}
            error={errors.format}
            hint="e.g. Feed 4:5, MPU 300×250"
            isRequired
          />
        </div>
        <div className="flex justify-end">
          <PressButton type="submit" isDisabled={saving}>
            {saving ? 'Adding…' : mode === 'file' ? 'Upload asset' : 'Add asset'}
          </PressButton>
        </div>
      </form>
    </section>
  );
}

/**
 * Adding an asset to a draft study: by uploading its file (the service reads its size and length
 * from it) or by an https URL (then the size is given). The file's type and size are checked here
 * first, with the service's own list and limit; the service checks again and its messages land on
 * the field they are about.
 */
import { useRef, useState } from 'react';
import { z } from 'zod';
import { messages } from '../../../shared/messages.ts';
import {
  stimCreate,
  stimUploadFields,
  UPLOAD_MAX_MB,
  UPLOAD_TYPES,
  type Brief,
} from '../../../shared/schemas/spotlight.ts';
import { showAlert } from '../../../stores/alerts.ts';
import { ChoiceInput, NumberInput, TextInput } from '../../kit/fields.tsx';
import { ErrorSummary } from '../../kit/ErrorSummary.tsx';
import { useResourceForm, type Values } from '../../kit/useResourceForm.ts';
import { FileField } from '../../shared/FileField.tsx';
import { Button } from '../../shared/Button.tsx';
import { createStimFromUrl, uploadStim } from './data.ts';

const LABELS = {
  file: 'File',
  name: 'Name',
  format: 'Format',
  url: 'URL',
  type: 'Type',
  width: 'Width',
  height: 'Height',
  duration_s: 'Length',
};
const ACCEPT = Object.keys(UPLOAD_TYPES).join(',');

/** The file's name without its extension, as a first name for the asset. */
const baseName = (file: string) => file.replace(/\.[^.]+$/, '').replace(/[-_]+/g, ' ');

function fileProblem(file: File | null): string | null {
  if (!file) return messages.spotlight.fileMissing;
  if (!(file.type in UPLOAD_TYPES)) return messages.spotlight.fileType;
  if (file.size > UPLOAD_MAX_MB * 1024 * 1024) return messages.spotlight.fileTooLarge(UPLOAD_MAX_MB);
  return null;
}

/** An upload: the service's text fields, and the file checked with its list of types and its limit. */
const byUpload = stimUploadFields.extend({
  file: z.custom<File | null>().superRefine((file, context) => {
    const problem = fileProblem(file);
    if (problem) context.addIssue({ code: 'custom', message: problem });
  }),
});
/** From a URL: the service's creative fields, with the URL this way always gives. */
const byUrl = stimCreate.required({ url: true });
type AssetBody = z.output<typeof byUpload> | z.output<typeof byUrl>;

interface AssetValues extends Values {
  file: File | null;
  name: string;
  format: string;
  url: string;
  type: 'image' | 'video';
  width: number | null;
  height: number | null;
  duration_s: number | null;
}

const blank: AssetValues = {
  file: null,
  name: '',
  format: '',
  url: '',
  type: 'image',
  width: 1080,
  height: 1080,
  duration_s: 15,
};

export function AddAsset({ study, onAdded }: { study: Brief; onAdded: () => void }) {
  const input = useRef<HTMLInputElement>(null);
  const [mode, setMode] = useState<'file' | 'url'>('file');
  // The way chosen when Save is pressed (a union would word its mistakes as the union's).
  const schema: z.ZodType<AssetBody> = mode === 'file' ? byUpload : byUrl;
  const form = useResourceForm({
    schema,
    initial: blank,
    labels: LABELS,
    // An upload sends its file; a URL sends the creative's type and size (a length for a video).
    body: ({ file, name, format, url, type, width, height, duration_s }: AssetValues) =>
      mode === 'file'
        ? { brief: study.id, name, format, file }
        : { brief: study.id, name, format, url, type, width, height, duration_s: type === 'video' ? duration_s : null },
    submit: (value) => ('file' in value ? uploadStim({ ...value, file: value.file! }) : createStimFromUrl(value)),
    onSaved: (asset) => {
      showAlert('success', `Asset ${(asset as { name: string }).name} added`);
      startAgain();
      onAdded();
    },
  });
  function startAgain(): void {
    form.reset(blank);
    if (input.current) input.current.value = '';
  }
  const { values, set, errors } = form;
  const { file, name } = values;
  /** A field's label, value, change and message. */
  const field = <K extends 'url' | 'name' | 'format' | 'width' | 'height' | 'duration_s'>(key: K, label: string) => ({
    label,
    value: values[key],
    onChange: (value: AssetValues[K]) => set(key, value),
    error: errors[key],
  });

  const tab = (value: 'file' | 'url', label: string) => (
    <button
      type="button"
      role="tab"
      aria-selected={mode === value}
      onClick={() => {
        setMode(value);
        // The other way's fields and their messages are gone.
        for (const field of Object.keys(errors)) form.setError(field, '');
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
      <form noValidate aria-label="Add an asset" className="space-y-3" onSubmit={form.onSubmit}>
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
              if (chosen && (!name || (file && name === baseName(file.name)))) set('name', baseName(chosen.name));
              set('file', chosen);
              form.setError('file', fileProblem(chosen) ?? '');
            }}
          />
        ) : (
          <>
            <TextInput {...field('url', 'URL')} hint="https:// only" isRequired />
            <div className="grid gap-3 sm:grid-cols-4">
              <ChoiceInput
                label="Type"
                value={values.type}
                onChange={(v) => set('type', v as AssetValues['type'])}
                options={[
                  { id: 'image', name: 'Image' },
                  { id: 'video', name: 'Video' },
                ]}
              />
              <NumberInput {...field('width', 'Width')} />
              <NumberInput {...field('height', 'Height')} />
              {values.type === 'video' ? <NumberInput {...field('duration_s', 'Length (s)')} /> : null}
            </div>
          </>
        )}
        <div className="grid gap-3 sm:grid-cols-2">
          <TextInput {...field('name', 'Name')} isRequired />
          <TextInput {...field('format', 'Format')} hint="e.g. Feed 4:5, MPU 300×250" isRequired />
        </div>
        <div className="flex justify-end">
          <Button type="submit" disabled={form.saving}>
            {form.saving ? 'Adding…' : mode === 'file' ? 'Upload asset' : 'Add asset'}
          </Button>
        </div>
      </form>
    </section>
  );
}

/**
 * A study's form, for a new study and for an existing one: on the kit's form state (the service's
 * own schemas check it before sending, in a person's words; the service's issues land on their
 * fields, a date range out of order on the end date). Fields the study's state locks (spotlight-rules.ts) are shown but
 * disabled, with the reason.
 */
import {
  briefCreate,
  briefEdit,
  SAMPLE_SIZE_MAX,
  SAMPLE_SIZE_MIN,
  type Brief,
} from '../../../shared/schemas/spotlight.ts';
import { STUDY_CONTEXT_LABELS, STUDY_CONTEXTS } from '../../../shared/spotlight-words.ts';
import { STUDY_EDITABLE, type StudyStatus } from '../../../shared/spotlight-rules.ts';
import { FormShell } from '../../kit/FormShell.tsx';
import { ChoiceInput, NumberInput, TextInput } from '../../kit/fields.tsx';
import { useResourceForm, type Values } from '../../kit/useResourceForm.ts';
import type { BriefInput } from './data.ts';

export const STUDY_LABELS: Readonly<Record<keyof BriefInput, string>> = {
  name: 'Name',
  objective: 'Objective',
  context: 'Context',
  sample_size: 'Sample size per cell',
  cells: 'Cells',
  start_date: 'Start date',
  end_date: 'End date',
};

const CONTEXT_OPTIONS = STUDY_CONTEXTS.map((id) => ({ id, name: STUDY_CONTEXT_LABELS[id] }));

interface FormValues extends Values {
  name: string;
  objective: string;
  context: string | null;
  sample_size: number | null;
  cells: number | null;
  start_date: string;
  end_date: string;
}

const blank: FormValues = {
  name: '',
  objective: '',
  context: null,
  sample_size: 200,
  cells: 1,
  start_date: '',
  end_date: '',
};

const valuesOf = (study: Brief): FormValues => ({
  name: study.name,
  objective: study.objective,
  context: study.context,
  sample_size: study.sample_size,
  cells: study.cells,
  start_date: study.start_date,
  end_date: study.end_date,
});

export function StudyForm({
  study,
  saveLabel,
  submit,
  onSaved,
  onCancel,
}: {
  /** The stored study when editing; none for a new one. */
  study?: Brief;
  saveLabel: string;
  submit: (input: Partial<BriefInput>) => Promise<unknown>;
  onSaved: (saved: unknown) => void;
  onCancel?: () => void;
}) {
  const status: StudyStatus = study?.status ?? 'draft';
  const editable = STUDY_EDITABLE[status];
  const form = useResourceForm({
    schema: study ? briefEdit : briefCreate,
    initial: study ? valuesOf(study) : blank,
    labels: STUDY_LABELS,
    // Only what this state lets change is sent.
    submit: (value) =>
      submit(
        Object.fromEntries(
          Object.entries(value).filter(([key]) => editable.includes(key) && key !== 'status'),
        ) as Partial<BriefInput>,
      ),
    onSaved: (saved) => onSaved(saved),
  });
  const { values, set, errors } = form;
  const locked = (field: keyof BriefInput) => !editable.includes(field);
  /**
   * A field's label, value, error and state; the hint says why a locked field is fixed, or else
   * gives the field's range or purpose. Only the objective may be left empty.
   */
  const field = <K extends keyof BriefInput>(key: K, hint?: string) => ({
    label: STUDY_LABELS[key],
    value: values[key],
    onChange: (value: FormValues[K]) => set(key, value),
    error: errors[key],
    hint: locked(key) ? `Fixed while the study is ${status}` : hint,
    isRequired: key !== 'objective',
    isDisabled: locked(key),
  });

  return (
    <FormShell form={form} label={study ? `Edit ${study.name}` : 'New study'} saveLabel={saveLabel} onCancel={onCancel}>
      <TextInput {...field('name')} />
      <TextInput {...field('objective', 'The question the study answers.')} />
      <div className="grid gap-4 sm:grid-cols-3">
        <ChoiceInput {...field('context')} options={CONTEXT_OPTIONS} />
        <NumberInput {...field('sample_size', `${SAMPLE_SIZE_MIN} to ${SAMPLE_SIZE_MAX} panellists`)} />
        <NumberInput {...field('cells', '1 to 12')} />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextInput type="date" {...field('start_date')} />
        <TextInput type="date" {...field('end_date')} />
      </div>
    </FormShell>
  );
}

/**
 * Asks for a saved report's name (Save report, Rename), on the kit's form state: the name's own
 * schema checks it first ('Name is required'), and a clash comes back on the field.
 */
import { z } from 'zod';
import { name } from '../../../shared/schemas/common.ts';
import { TextInput } from '../../kit/fields.tsx';
import { FormDialog } from '../../kit/FormDialog.tsx';
import { useResourceForm } from '../../kit/useResourceForm.ts';

const nameOnly = z.object({ name });
const LABELS = { name: 'Name' };

interface NameDialogProps {
  isOpen: boolean;
  title: string;
  submitLabel: string;
  initial?: string;
  onClose: () => void;
  /** Saves the name (trimmed); a refusal's issues land on the field. */
  onSubmit: (name: string) => Promise<void>;
}

export function NameDialog({ isOpen, ...props }: NameDialogProps) {
  // Each opening starts from the name given.
  return isOpen ? <NameForm {...props} /> : null;
}

function NameForm({ title, submitLabel, initial = '', onClose, onSubmit }: Omit<NameDialogProps, 'isOpen'>) {
  const form = useResourceForm({
    schema: nameOnly,
    initial: { name: initial },
    labels: LABELS,
    submit: (value) => onSubmit(value.name),
  });
  return (
    <FormDialog title={title} label={title} saveLabel={submitLabel} form={form} onClose={onClose}>
      <TextInput
        label="Name"
        value={form.values.name}
        onChange={(value) => form.set('name', value)}
        error={form.errors.name}
        autoFocus
        isRequired
      />
    </FormDialog>
  );
}

import type { ReactNode } from 'react';
import { Form } from 'react-aria-components';
import { ConflictDialog } from '../shared/ConflictDialog.tsx';
import { PressButton } from '../shared/PressButton.tsx';
import type { ResourceForm, Values } from './useResourceForm.ts';

/**
 * A kit form's frame: no native validation (spec §2), errors shown by each field, and the Save
 * button disabled while saving (re-enabled 1 s after, by useResourceForm), and the
 * reload-or-overwrite choice when the record was saved by someone else meanwhile (412).
 */
export function FormShell<V extends Values>({
  form,
  label,
  children,
  saveLabel = 'Save',
  onCancel,
  extraActions,
  noun,
}: {
  form: ResourceForm<V>;
  label: string;
  children: ReactNode;
  saveLabel?: string;
  onCancel?: () => void;
  extraActions?: ReactNode;
  /** What the form edits, for the conflict dialog's sentence ('label'). */
  noun?: string;
}) {
  return (
    <Form
      aria-label={label}
      validationBehavior="aria"
      onSubmit={(event) => form.onSubmit(event)}
      className="space-y-4"
      validationErrors={form.errors}
    >
      <ConflictDialog
        isOpen={form.conflict}
        noun={noun}
        onReload={form.reload}
        onOverwrite={form.overwrite}
        onCancel={form.dismissConflict}
      />
      {children}
      <div className="flex flex-wrap items-center justify-end gap-2 pt-2">
        {extraActions}
        {onCancel ? (
          <PressButton variant="secondary" onPress={onCancel}>
            Cancel
          </PressButton>
        ) : null}
        <PressButton type="submit" isDisabled={form.saving}>
          {form.saving ? 'Saving…' : saveLabel}
        </PressButton>
      </div>
    </Form>
  );
}

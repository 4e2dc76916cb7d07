import type { ReactNode } from 'react';
import { Form } from 'react-aria-components';
import { Button } from '../shared/Button.tsx';
import { ErrorSummary } from './ErrorSummary.tsx';
import type { ResourceForm, Values } from './useResourceForm.ts';

/**
 * A kit form's frame: no native validation (spec §2), a summary of the fields to correct above
 * them, errors shown by each field, and the Save
 * button disabled while saving (re-enabled 1 s after, by useResourceForm). A save that someone
 * else's overtook (412) is answered by the app's one conflict dialog (ConflictHost).
 */
export function FormShell<V extends Values>({
  form,
  label,
  children,
  saveLabel = 'Save',
  onCancel,
  extraActions,
}: {
  form: ResourceForm<V>;
  label: string;
  children: ReactNode;
  saveLabel?: string;
  onCancel?: () => void;
  extraActions?: ReactNode;
}) {
  return (
    <Form
      aria-label={label}
      validationBehavior="aria"
      onSubmit={(event) => form.onSubmit(event)}
      className="space-y-4"
      validationErrors={form.errors}
    >
      <ErrorSummary errors={form.errors} />
      {children}
      <div className="flex flex-wrap items-center justify-end gap-2 pt-2">
        {extraActions}
        {onCancel ? (
          <Button variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
        ) : null}
        <Button type="submit" disabled={form.saving}>
          {form.saving ? 'Saving…' : saveLabel}
        </Button>
      </div>
    </Form>
  );
}

/**
 * A form in a dialog, as the user and admin pages open them (invite, add access, change role, a
 * name mapping): the shared modal with its body's padding, the kit's form shell, and Cancel or
 * Escape closing it without a save.
 */
import type { ReactNode } from 'react';
import { FormShell } from './FormShell.tsx';
import type { ResourceForm } from './useResourceForm.ts';
import { Modal } from '../shared/Modal.tsx';

/** The dialog's body, padded as every form dialog's (also for what stands in while it loads). */
export function DialogBody({ children }: { children: ReactNode }) {
  return <div className="px-5 pt-3 pb-5">{children}</div>;
}

export function FormDialog<V extends Record<string, unknown>>({
  title,
  form,
  label,
  saveLabel,
  onClose,
  children,
}: {
  title: string;
  form: ResourceForm<V>;
  /** The form's accessible name. */
  label: string;
  saveLabel?: string;
  onClose: () => void;
  children: ReactNode;
}) {
  return (
    <Modal isOpen onClose={onClose} title={title}>
      <DialogBody>
        <FormShell form={form} label={label} saveLabel={saveLabel} onCancel={onClose}>
          {children}
        </FormShell>
      </DialogBody>
    </Modal>
  );
}

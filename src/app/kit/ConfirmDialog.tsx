import type { ReactNode } from 'react';
import { Modal } from '../shared/Modal.tsx';
import { Button } from '../shared/Button.tsx';

export interface ConfirmDialogProps {
  isOpen: boolean;
  title: string;
  /** What will happen, said before the user confirms. */
  children: ReactNode;
  confirmLabel: string;
  /** The word of the button that leaves things as they are. */
  cancelLabel?: string;
  onConfirm: () => void;
  onCancel: () => void;
  busy?: boolean;
  /** False when the dialog only explains why the action cannot be done (the server would refuse it). */
  canConfirm?: boolean;
  tone?: 'danger' | 'primary';
}

/**
 * A confirmation on the shared modal (React Aria dialog: focus trap, Escape, focus return). Its
 * buttons are native: the dialog comes with list pages and row actions, and React Aria's press code
 * would come with them on their first load.
 */
export function ConfirmDialog({
  isOpen,
  title,
  children,
  confirmLabel,
  cancelLabel = 'Cancel',
  onConfirm,
  onCancel,
  busy = false,
  canConfirm = true,
  tone = 'danger',
}: ConfirmDialogProps) {
  return (
    <Modal isOpen={isOpen} onClose={onCancel} title={title} dismissable={!busy}>
      <div className="space-y-3 px-5 pt-3 text-sm text-slate-700">{children}</div>
      <div className="flex justify-end gap-2 px-5 py-4">
        <Button variant="secondary" onClick={onCancel} disabled={busy} autoFocus={!canConfirm}>
          {cancelLabel}
        </Button>
        <Button variant={tone} onClick={onConfirm} disabled={busy || !canConfirm} autoFocus={canConfirm}>
          {confirmLabel}
        </Button>
      </div>
    </Modal>
  );
}

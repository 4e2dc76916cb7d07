import type { ReactNode } from 'react';
import { Modal } from '../shared/Modal.tsx';
import { PressButton } from '../shared/PressButton.tsx';

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

/** A confirmation on the shared modal (React Aria dialog: focus trap, Escape, focus return). */
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
        <PressButton variant="secondary" onPress={onCancel} isDisabled={busy} autoFocus={!canConfirm}>
          {cancelLabel}
        </PressButton>
        <PressButton variant={tone} onPress={onConfirm} isDisabled={busy || !canConfirm} autoFocus={canConfirm}>
          {confirmLabel}
        </PressButton>
      </div>
    </Modal>
  );
}

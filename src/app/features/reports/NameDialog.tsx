/** Asks for a saved report's name (Save report, Rename); a clash comes back as the field's error. */
import { useEffect, useState } from 'react';
import { Button } from '../../shared/Button.tsx';
import { TextField } from '../../shared/Field.tsx';
import { Modal } from '../../shared/Modal.tsx';
import { showError } from '../../../stores/alerts.ts';
import { nameFieldError } from './savedReports.ts';

export function NameDialog({
  isOpen,
  title,
  submitLabel,
  initial = '',
  onClose,
  onSubmit,
}: {
  isOpen: boolean;
  title: string;
  submitLabel: string;
  initial?: string;
  onClose: () => void;
  onSubmit: (name: string) => Promise<void>;
}) {
  const [name, setName] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (isOpen) {
      setName(initial);
      setError(null);
    }
  }, [isOpen, initial]);
  return (
    <Modal isOpen={isOpen} onClose={onClose} title={title}>
      <form
        noValidate
        className="space-y-4 p-5"
        onSubmit={(event) => {
          event.preventDefault();
          if (!name.trim()) {
            setError('Name required');
            return;
          }
          setBusy(true);
          onSubmit(name.trim()).then(
            () => setBusy(false),
            (e: unknown) => {
              setBusy(false);
              const field = nameFieldError(e);
              if (field) setError(field);
              else showError(e);
            },
          );
        }}
      >
        <TextField
          label="Name"
          name="name"
          value={name}
          autoFocus
          maxLength={200}
          error={error}
          onChange={(e) => {
            setName(e.target.value);
            setError(null);
          }}
        />
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={busy}>
            {submitLabel}
          </Button>
        </div>
      </form>
    </Modal>
  );
}

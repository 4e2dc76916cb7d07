import { useState, type ReactNode } from 'react';
import { useLocation } from 'wouter';
import { remove } from '../../lib/api.ts';
import type { ResourceName } from '../../shared/schemas/index.ts';
import { showError, showSuccess } from '../../stores/alerts.ts';
import { Button } from '../shared/Button.tsx';
import { ConfirmDialog } from './ConfirmDialog.tsx';
import { useCanWriteRow } from './useCanWriteRow.ts';

/**
 * Delete behind a confirmation dialog that says what deleting does, then back to the list with
 * a success alert. A refusal stays on the page with the server's message.
 */
export function DeleteRecordButton({
  resource,
  id,
  name,
  listPath,
  consequence,
  label = 'Delete',
  row,
  refused = false,
}: {
  resource: ResourceName;
  id: string;
  /** The record's name, as the dialog and the alert say it. */
  name: string;
  listPath: string;
  consequence?: ReactNode;
  label?: string;
  /** The record itself: when given, the button shows only if the user may delete it (the server's rule). */
  row?: object;
  /** True when the server would refuse the delete (other rows use the record): the dialog only explains. */
  refused?: boolean;
}) {
  const canWrite = useCanWriteRow(resource);
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [, navigate] = useLocation();
  if (row && !canWrite(row)) return null;
  return (
    <>
      <Button variant="danger" onClick={() => setOpen(true)}>
        {label}
      </Button>
      <ConfirmDialog
        isOpen={open}
        title={`Delete ${name}?`}
        confirmLabel="Delete"
        busy={busy}
        canConfirm={!refused}
        onCancel={() => setOpen(false)}
        onConfirm={() => {
          setBusy(true);
          remove(resource, id)
            .then(() => {
              setOpen(false);
              showSuccess(`${name} deleted`);
              navigate(listPath);
            })
            .catch((error: unknown) => showError(error))
            .finally(() => setBusy(false));
        }}
      >
        {consequence ?? <p>This cannot be undone.</p>}
      </ConfirmDialog>
    </>
  );
}

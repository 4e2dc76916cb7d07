/**
 * The confirmation before an activation is deleted (a draft, or one that has ended: the server
 * refuses the others), shared by the list and the activation's page. It says what goes and what
 * stays: the allow list is a list of its own, kept in Domain lists.
 */
import type { Activation } from '../../../shared/schemas/index.ts';
import { ConfirmDialog } from '../../kit/ConfirmDialog.tsx';

export function DeleteActivationDialog({
  activation,
  listName,
  busy,
  onCancel,
  onConfirm,
}: {
  activation: Activation | null;
  listName: string | null;
  busy: boolean;
  onCancel: () => void;
  onConfirm: (activation: Activation) => void;
}) {
  return (
    <ConfirmDialog
      isOpen={activation !== null}
      title={`Delete ${activation?.name ?? 'this activation'}?`}
      confirmLabel="Delete activation"
      busy={busy}
      onCancel={onCancel}
      onConfirm={() => activation && onConfirm(activation)}
    >
      <p>
        {activation?.status === 'ended'
          ? `The record of this ended deal${activation.deal_id ? `, deal id ${activation.deal_id},` : ''} is deleted.`
          : 'The draft is deleted; it never ran.'}{' '}
        This cannot be undone.
      </p>
      {listName ? <p>Its domain list, {listName}, stays in Domain lists.</p> : null}
    </ConfirmDialog>
  );
}

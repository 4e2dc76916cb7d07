/**
 * Taking a person's role on the selected account away, after a confirmation: /users removes a user
 * or a guest, /admin/access revokes a grant. The page says what stays (the body) and reloads its
 * lists after the revoke, or after Reload in the conflict dialog (the grant changed since it was
 * shown).
 */
import { useState, type ReactNode } from 'react';
import type { AccountGrant } from '../../shared/schemas/account-users.ts';
import { revokeGrant } from '../../lib/grants.ts';
import { showError, showSuccess } from '../../stores/alerts.ts';
import { ConfirmDialog } from './ConfirmDialog.tsx';
import { fullName, type Person } from '../shared/people.tsx';

export interface Revoking {
  person: Person & { id: string };
  /** The grant as the page showed it (its version); a user read by id needs none. */
  seen: Pick<AccountGrant, 'version'> | null;
}

export function RevokeAccessDialog({
  revoking,
  accountId,
  accountName,
  title,
  confirmLabel,
  onCancel,
  onDone,
  children,
}: {
  revoking: Revoking | null;
  accountId: string | null;
  accountName: string | undefined;
  title: (person: Person) => string;
  confirmLabel: string;
  onCancel: () => void;
  /** Closes the dialog and reloads what the page lists. */
  onDone: () => void;
  children: ReactNode;
}) {
  const [busy, setBusy] = useState(false);
  return (
    <ConfirmDialog
      isOpen={revoking !== null}
      title={revoking ? title(revoking.person) : ''}
      confirmLabel={confirmLabel}
      busy={busy}
      onCancel={onCancel}
      onConfirm={() => {
        if (!revoking || !accountId) return;
        const { person, seen } = revoking;
        setBusy(true);
        revokeGrant(person.id, accountId, seen, onDone)
          .then(() => {
            showSuccess(`${fullName(person)} no longer has access to ${accountName ?? 'this account'}`);
            onDone();
          })
          .catch((error: unknown) => showError(error))
          .finally(() => setBusy(false));
      }}
    >
      {children}
    </ConfirmDialog>
  );
}

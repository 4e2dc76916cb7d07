/**
 * The dialogs of /users: inviting a user with a role here, and changing the role of a user of the
 * account (read by id first, so the change carries the user's version) or of a guest (at the
 * version of the grant the guests list showed). A 412 asks to reload or overwrite.
 */
import { z } from 'zod';
import { ROLE_ORDER } from '../../../shared/constants.ts';
import { callEndpoint } from '../../../lib/endpoint-call.ts';
import { effectiveRole, type Role } from '../../../shared/access.ts';
import { userCreate, type User } from '../../../shared/schemas/user.ts';
import { accountRole, type AccountGrant } from '../../../shared/schemas/account-users.ts';
import { showSuccess } from '../../../stores/alerts.ts';
import { changeRole } from '../../../lib/grants.ts';
import { FormShell } from '../../kit/FormShell.tsx';
import { useResourceForm } from '../../kit/useResourceForm.ts';
import { useRecord } from '../../kit/useRecord.ts';
import { Skeleton } from '../../shared/EmptyState.tsx';
import { DialogBody, FormDialog } from '../../kit/FormDialog.tsx';
import { Modal } from '../../shared/Modal.tsx';
import { fullName, type Person, type RoleOption } from '../../shared/people.tsx';
import { RoleChoice } from '../../kit/RoleChoice.tsx';
import { UserFields, USER_FIELD_LABELS } from '../../kit/UserFields.tsx';

const INVITE_LABELS = { ...USER_FIELD_LABELS, role: 'Role' };
const inviteSchema = userCreate.pick({ first_name: true, last_name: true, email: true });
const roleField = z.enum(ROLE_ORDER);

interface DialogProps {
  accountId: string;
  roles: readonly RoleOption[];
  /** Closes the dialog; `done` after a save, so the page reloads its list. */
  onClose: (done: boolean) => void;
}

export function InviteDialog({ accountId, roles, onClose }: DialogProps) {
  const form = useResourceForm({
    // The roles an account grants: what the invitation endpoint takes.
    schema: inviteSchema.extend({ role: accountRole }),
    initial: { first_name: '', last_name: '', email: '', role: 'read' },
    labels: INVITE_LABELS,
    // The server creates the user with this account's grant and sends the invitation e-mail.
    submit: (person) => callEndpoint('inviteUser', { body: { account: accountId, ...person } }),
    onSaved: (_result, value) => {
      showSuccess(`Invitation sent to ${value.email}`);
      onClose(true);
    },
  });
  return (
    <FormDialog
      title="Invite user"
      form={form}
      label="Invite user"
      saveLabel="Send invitation"
      onClose={() => onClose(false)}
    >
      <UserFields form={form} autoFocus />
      <RoleChoice form={form} roles={roles} />
    </FormDialog>
  );
}

/** Whose role changes: a user of the account, or a guest's grant with its list's reload. */
export type RoleTarget = { user: User } | { grant: AccountGrant; onReload: () => void };

export function RoleDialog({ target, ...props }: DialogProps & { target: RoleTarget }) {
  const person = 'user' in target ? target.user : target.grant.user;
  return (
    <Modal isOpen onClose={() => props.onClose(false)} title={`Change the role of ${fullName(person)}`}>
      <DialogBody>
        {'user' in target ? (
          <StoredUserRoleForm user={target.user} {...props} />
        ) : (
          <RoleForm
            user={person}
            current={target.grant.role}
            seen={target.grant}
            onReload={target.onReload}
            {...props}
          />
        )}
      </DialogBody>
    </Modal>
  );
}

/** The stored user: the client then sends its version with the change. */
function StoredUserRoleForm({ user, ...props }: DialogProps & { user: User }) {
  const record = useRecord('user', user.id);
  if (record.version === null && !record.error) return <Skeleton className="h-24 w-full" />;
  const stored = record.data ?? user;
  return (
    <RoleForm
      key={record.version}
      user={stored}
      current={effectiveRole(stored, props.accountId)}
      onReload={record.reload}
      {...props}
    />
  );
}

function RoleForm({
  user,
  current,
  seen = null,
  onReload,
  accountId,
  roles,
  onClose,
}: DialogProps & {
  user: Person & { id: string };
  /** The role the user holds here now. */
  current: Role;
  /** A guest's grant as the guests list showed it (its version); a user read by id needs none. */
  seen?: AccountGrant | null;
  onReload: () => void;
}) {
  const form = useResourceForm({
    schema: z.object({ role: roleField }),
    initial: { role: current },
    labels: INVITE_LABELS,
    onReload,
    // A change of the user record: the client sends the user's version and answers a 412.
    submit: ({ role }, write) =>
      changeRole({ user: user.id, account: accountId, role }, seen, write.onReload ?? onReload),
    onSaved: (_result, { role }) => {
      showSuccess(`${fullName(user)} is now ${role} here`);
      onClose(true);
    },
  });
  return (
    <FormShell form={form} label="Change role" onCancel={() => onClose(false)}>
      <RoleChoice form={form} roles={roles} autoFocus />
    </FormShell>
  );
}

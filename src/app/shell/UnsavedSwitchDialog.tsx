import { useStore } from '@nanostores/react';
import { $accounts, $requestedAccountId, cancelRequestedSwitch, confirmRequestedSwitch } from '../../stores/account.ts';
import { Button } from '../shared/Button.tsx';
import { Modal } from '../shared/Modal.tsx';

/** Spec §4: a switch asked for while a form is unsaved waits here: discard the changes, or stay. */
export default function UnsavedSwitchDialog() {
  const requested = useStore($requestedAccountId);
  const accounts = useStore($accounts);
  const name = accounts.find((a) => a.id === requested)?.name ?? 'the other account';
  return (
    <Modal isOpen={!!requested} onClose={cancelRequestedSwitch} title="Unsaved changes">
      <div className="px-5 pt-2 pb-5">
        <p className="mb-5 text-sm text-slate-700">
          You have unsaved changes. Switch to {name} and discard them, or stay on this page?
        </p>
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={cancelRequestedSwitch} autoFocus>
            Stay
          </Button>
          <Button variant="danger" onClick={() => confirmRequestedSwitch()}>
            Discard changes
          </Button>
        </div>
      </div>
    </Modal>
  );
}

import { Button } from '../../shared/Button.tsx';
import { Modal } from '../../shared/Modal.tsx';

export const CONFLICT_TITLE = 'Changed by someone else';

/**
 * Shown when a save is refused because someone else saved the measurement since it was opened
 * (412): reload their version (losing these changes), or overwrite it with these changes.
 */
export function ConflictDialog({
  isOpen,
  onReload,
  onOverwrite,
  onCancel,
}: {
  isOpen: boolean;
  onReload: () => void;
  onOverwrite: () => void;
  onCancel: () => void;
}) {
  return (
    <Modal isOpen={isOpen} onClose={onCancel} title={CONFLICT_TITLE}>
      <div className="px-5 pt-2 pb-5">
        <p className="mb-5 text-sm text-slate-700">
          Someone else saved this measurement after you opened it. Reload to see their version (your changes here are
          discarded), or overwrite it with your changes.
        </p>
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
          <Button variant="secondary" onClick={onReload} autoFocus>
            Reload
          </Button>
          <Button variant="danger" onClick={onOverwrite}>
            Overwrite
          </Button>
        </div>
      </div>
    </Modal>
  );
}

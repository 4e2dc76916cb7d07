import { Button } from './Button.tsx';
import { Modal } from './Modal.tsx';

export const CONFLICT_TITLE = 'Changed by someone else';

/**
 * Shown when a save is refused because someone else saved the record since it was opened (412):
 * reload their version (losing these changes), or overwrite it with these changes. The
 * app shows it from one place, ConflictHost, for every write the API client makes.
 */
export function ConflictDialog({
  isOpen,
  onReload,
  onOverwrite,
  onCancel,
  noun = 'record',
}: {
  isOpen: boolean;
  /** What was changed, for the sentence ('measurement', 'label'). */
  noun?: string;
  onReload: () => void;
  onOverwrite: () => void;
  onCancel: () => void;
}) {
  return (
    <Modal isOpen={isOpen} onClose={onCancel} title={CONFLICT_TITLE}>
      <div className="px-5 pt-2 pb-5">
        <p className="mb-5 text-sm text-slate-700">
          Someone else saved this {noun} after you opened it. Reload to see their version (your changes here are
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

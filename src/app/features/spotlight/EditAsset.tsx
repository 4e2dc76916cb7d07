/**
 * An asset's name and format, edited in a dialog opened from its row in the study's list; the
 * service's issues land on their fields.
 */
import { useEffect, useState } from 'react';
import { showError } from '../../../stores/alerts.ts';
import type { Stim } from '../../../shared/schemas/spotlight.ts';
import { TextInput } from '../../kit/fields.tsx';
import { ErrorSummary } from '../../kit/ErrorSummary.tsx';
import { issuesByField } from '../../kit/formMessages.ts';
import { serverIssues } from '../../kit/useResourceForm.ts';
import { Modal } from '../../shared/Modal.tsx';
import { PressButton } from '../../shared/PressButton.tsx';
import { editStim } from './data.ts';

const LABELS = { name: 'Name', format: 'Format' };

/** Open while `asset` is set; `onDone(true)` after a save, `onDone(false)` on cancel. */
export function EditAsset({ asset, onDone }: { asset: Stim | null; onDone: (saved: boolean) => void }) {
  const [name, setName] = useState('');
  const [format, setFormat] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  // Each opening starts from the asset as the list shows it.
  const [shown, setShown] = useState<Stim | null>(null);
  useEffect(() => {
    if (!asset) return;
    setShown(asset);
    setName(asset.name);
    setFormat(asset.format);
    setErrors({});
  }, [asset]);
  return (
    <Modal isOpen={asset !== null} onClose={() => onDone(false)} title={`Edit ${shown?.name ?? 'the asset'}`}>
      <form
        aria-label={`Edit ${shown?.name ?? 'the asset'}`}
        className="space-y-3 px-5 pt-3 pb-5"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (!asset) return;
          setSaving(true);
          editStim(asset.id, { name, format })
            .then(
              () => onDone(true),
              (error: unknown) => {
                const issues = serverIssues(error);
                if (issues?.length) setErrors(issuesByField(issues, LABELS));
                showError(error);
              },
            )
            .finally(() => setSaving(false));
        }}
      >
        <ErrorSummary errors={errors} />
        <TextInput label="Name" value={name} onChange={setName} error={errors.name} isRequired />
        <TextInput label="Format" value={format} onChange={setFormat} error={errors.format} isRequired />
        <div className="flex justify-end gap-2 pt-2">
          <PressButton variant="secondary" onPress={() => onDone(false)}>
            Cancel
          </PressButton>
          <PressButton type="submit" isDisabled={saving}>
            Save
          </PressButton>
        </div>
      </form>
    </Modal>
  );
}

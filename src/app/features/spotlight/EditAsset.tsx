/**
 * An asset's name and format, edited in a dialog opened from its row in the study's list, on the
 * kit's form state: the service's own schema checks it first, and the service's issues land on
 * their fields.
 */
import { stimEdit, type Stim } from '../../../shared/schemas/spotlight.ts';
import { TextInput } from '../../kit/fields.tsx';
import { FormDialog } from '../../kit/FormDialog.tsx';
import { useResourceForm } from '../../kit/useResourceForm.ts';
import { editStim } from './data.ts';

const LABELS = { name: 'Name', format: 'Format' };

/** Open while `asset` is set; `onDone(true)` after a save, `onDone(false)` on cancel. */
export function EditAsset({ asset, onDone }: { asset: Stim | null; onDone: (saved: boolean) => void }) {
  // Each opening starts from the asset as the list shows it.
  return asset ? <AssetDialog key={asset.id} asset={asset} onDone={onDone} /> : null;
}

function AssetDialog({ asset, onDone }: { asset: Stim; onDone: (saved: boolean) => void }) {
  const form = useResourceForm({
    schema: stimEdit,
    initial: { name: asset.name, format: asset.format },
    labels: LABELS,
    submit: (value) => editStim(asset.id, value),
    onSaved: () => onDone(true),
  });
  const { values, set, errors } = form;
  const title = `Edit ${asset.name}`;
  return (
    <FormDialog title={title} label={title} form={form} onClose={() => onDone(false)}>
      <TextInput label="Name" value={values.name} onChange={(v) => set('name', v)} error={errors.name} isRequired />
      <TextInput
        label="Format"
        value={values.format}
        onChange={(v) => set('format', v)}
        error={errors.format}
        isRequired
      />
    </FormDialog>
  );
}

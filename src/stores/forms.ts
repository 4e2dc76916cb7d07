/**
 * Unsaved forms (spec §4): while any form has unsaved changes, switching account stores the
 * requested account instead of switching, and the shell asks whether to discard or stay.
 * Features mark their forms with setFormDirty (or the useUnsavedForm hook in src/app/shared).
 */
import { atom, computed } from 'nanostores';

export const $dirtyForms = atom<ReadonlySet<string>>(new Set());
export const $hasUnsavedForm = computed($dirtyForms, (forms) => forms.size > 0);

export function setFormDirty(key: string, dirty: boolean): void {
  const current = $dirtyForms.get();
  if (current.has(key) === dirty) return;
  const next = new Set(current);
  if (dirty) next.add(key);
  else next.delete(key);
  $dirtyForms.set(next);
}

export function clearDirtyForms(): void {
  if ($dirtyForms.get().size) $dirtyForms.set(new Set());
}

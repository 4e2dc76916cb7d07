import { useEffect, useId } from 'react';
import { setFormDirty } from '../../stores/forms.ts';

/**
 * Marks a form as unsaved while `dirty` is true, so an account switch asks first (spec §4).
 * Features call it with their form's dirty flag.
 */
export function useUnsavedForm(dirty: boolean): void {
  const key = useId();
  useEffect(() => {
    setFormDirty(key, dirty);
    return () => setFormDirty(key, false);
  }, [key, dirty]);
}

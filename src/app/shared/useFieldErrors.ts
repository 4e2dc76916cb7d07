import { useState } from 'react';

/**
 * A hand-built form's field errors: a submit sets them all, and a change to a field clears that
 * field's own. `bind(field, apply)` gives a control its error and an onChange that does both.
 */
export function useFieldErrors<Field extends string>() {
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const clear = (field: Field) => setErrors((current) => ({ ...current, [field]: undefined }));
  const bind = <Value>(field: Field, apply: (value: Value) => void) => ({
    error: errors[field],
    onChange: (value: Value) => {
      apply(value);
      clear(field);
    },
  });
  return { errors, setErrors, clear, bind };
}

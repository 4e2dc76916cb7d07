/**
 * The props that tie a kit field to one value of a form: its value, its change, its error, and its
 * label read from the same table the form names its errors with, so a field and its messages
 * cannot call it two names.
 */
import type { ResourceForm, Values } from '../../../kit/useResourceForm.ts';

export function bindField<V extends Values, K extends keyof V & string>(
  form: ResourceForm<V>,
  labels: Readonly<Record<K, string>>,
  name: K,
) {
  return {
    label: labels[name],
    value: form.values[name],
    onChange: (value: V[K]) => form.set(name, value),
    error: form.errors[name],
  };
}

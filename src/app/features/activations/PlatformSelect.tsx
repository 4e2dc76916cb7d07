/** The platform picker over the third-party macro vendors: the kit's one dropdown. */
import { ChoiceInput } from '../../kit/fields.tsx';
import type { NamedRow } from './data.ts';

export function PlatformSelect({
  vendors,
  value,
  onChange,
  error,
}: {
  vendors: readonly NamedRow[];
  value: string | null;
  onChange: (id: string) => void;
  error?: string | null;
}) {
  return (
    <ChoiceInput
      label="Platform"
      value={value}
      onChange={onChange}
      options={vendors}
      placeholder="Choose a platform"
      error={error ?? undefined}
      hint={error ? undefined : 'The buying platform the deal goes to'}
    />
  );
}

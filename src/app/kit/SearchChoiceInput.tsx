/**
 * One value from a long list the page already holds (time zones): a combobox that narrows the
 * list to what is typed, anywhere in the name and ignoring case and accents. Only a listed value
 * can be chosen; leaving the box without picking puts the chosen name back.
 */
import type { ReactNode } from 'react';
import { Button, ComboBox, Input, useFilter } from 'react-aria-components';
import { SelectChevron } from '../shared/Field.tsx';
import { FieldFrame, OptionList, splitField, type FieldCommon } from './fieldParts.tsx';
import { inputClass } from './fieldStyles.ts';

interface Option {
  id: string;
  name: string;
}

export function SearchChoiceInput({
  value,
  onChange,
  options,
  ...common
}: FieldCommon & { value: string | null; onChange: (value: string) => void; options: readonly Option[] }) {
  const { frame, field } = splitField(common);
  const { contains } = useFilter({ sensitivity: 'base' });
  return (
    <ComboBox
      defaultItems={options}
      defaultFilter={contains}
      selectedKey={value}
      onSelectionChange={(key) => key !== null && onChange(String(key))}
      menuTrigger="focus"
      {...field}
    >
      <ComboBoxFrame {...frame} empty="No matches" />
    </ComboBox>
  );
}

/**
 * What the kit's comboboxes draw inside React Aria's ComboBox: the label, the box with its
 * chevron button, the hint, the error and the option list. The caller holds the ComboBox, which
 * is where the searching differs (a list held by the page, or one asked of the server).
 */
export function ComboBoxFrame({
  label,
  hint,
  error,
  empty,
}: {
  label: string;
  hint?: ReactNode;
  error?: string;
  empty: string;
}) {
  return (
    <>
      <FieldFrame label={label} hint={hint} error={error}>
        <div className="relative">
          <Input className={`${inputClass} pr-9`} placeholder="Type to search" />
          <Button className="absolute inset-y-0 right-0 w-9" aria-label={`Show ${label} options`}>
            <SelectChevron />
          </Button>
        </div>
      </FieldFrame>
      <OptionList empty={empty} />
    </>
  );
}

/**
 * One value from a long list the page already holds (time zones): a combobox that narrows the
 * list to what is typed, anywhere in the name and ignoring case and accents. Only a listed value
 * can be chosen; leaving the box without picking puts the chosen name back.
 */
import type { ReactNode } from 'react';
import {
  Button,
  ComboBox,
  FieldError,
  Input,
  Label,
  ListBox,
  ListBoxItem,
  Popover,
  Text,
  useFilter,
} from 'react-aria-components';
import { SELECT_LAYER_Z_INDEX } from '../../shared/constants.ts';
import { SelectChevron } from '../shared/SelectField.tsx';
import { errorClass, hintClass, inputClass, itemClass, labelClass, popoverClass } from './fieldStyles.ts';

interface Option {
  id: string;
  name: string;
}

export function SearchChoiceInput({
  label,
  value,
  onChange,
  options,
  error,
  hint,
  className,
}: {
  label: string;
  value: string | null;
  onChange: (value: string) => void;
  options: readonly Option[];
  error?: string;
  hint?: ReactNode;
  className?: string;
}) {
  const { contains } = useFilter({ sensitivity: 'base' });
  return (
    <ComboBox
      defaultItems={options}
      defaultFilter={contains}
      selectedKey={value}
      onSelectionChange={(key) => key !== null && onChange(String(key))}
      isInvalid={Boolean(error)}
      className={className}
      validationBehavior="aria"
      menuTrigger="focus"
    >
      <ComboBoxFrame label={label} hint={hint} error={error} empty="No matches" />
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
      <Label className={labelClass}>{label}</Label>
      <div className="relative">
        <Input className={`${inputClass} pr-9`} placeholder="Type to search" />
        <Button className="absolute inset-y-0 right-0 w-9" aria-label={`Show ${label} options`}>
          <SelectChevron />
        </Button>
      </div>
      {hint ? (
        <Text slot="description" className={hintClass}>
          {hint}
        </Text>
      ) : null}
      <FieldError className={errorClass}>{error}</FieldError>
      <Popover className={popoverClass} style={{ zIndex: SELECT_LAYER_Z_INDEX }}>
        <ListBox
          className="max-h-72 outline-none"
          renderEmptyState={() => <p className="px-3 py-2 text-sm text-slate-600">{empty}</p>}
        >
          {(option: Option) => (
            <ListBoxItem id={option.id} textValue={option.name} className={itemClass}>
              {option.name}
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </>
  );
}

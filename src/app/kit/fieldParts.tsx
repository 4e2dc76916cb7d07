/**
 * The parts every kit field draws around its control, written once so the fields of fields.tsx
 * and SearchChoiceInput.tsx label, describe and list alike: the label above, the hint and the
 * error below (React Aria ties both to the control), and the option list a Select or ComboBox
 * opens.
 */
import type { ReactNode } from 'react';
import { FieldError, Label, ListBox, ListBoxItem, Popover, Text } from 'react-aria-components';
import { SELECT_LAYER_Z_INDEX } from '../../shared/constants.ts';
import { errorClass, hintClass, itemClass, labelClass, popoverClass } from './fieldStyles.ts';

/** What every kit field takes besides its value: its label, hint and error, and its state. */
export interface FieldCommon {
  label: string;
  error?: string;
  hint?: ReactNode;
  isDisabled?: boolean;
  isRequired?: boolean;
  autoFocus?: boolean;
  className?: string;
}

/**
 * Splits a field's props into what its FieldFrame draws and what its React Aria field takes: the
 * rest, invalid while there is an error, validated the ARIA way (the server's and the page's
 * messages show, never the browser's own bubbles).
 */
export function splitField({ label, hint, error, ...field }: FieldCommon) {
  return {
    frame: { label, hint, error },
    field: { ...field, isInvalid: Boolean(error), validationBehavior: 'aria' as const },
  };
}

/** The label, the control (children), then the hint and the error. */
export function FieldFrame({
  label,
  hint,
  error,
  children,
}: {
  label: string;
  hint?: ReactNode;
  error?: string;
  children: ReactNode;
}) {
  return (
    <>
      <Label className={labelClass}>{label}</Label>
      {children}
      {hint ? (
        <Text slot="description" className={hintClass}>
          {hint}
        </Text>
      ) : null}
      <FieldError className={errorClass}>{error}</FieldError>
    </>
  );
}

interface Option {
  id: string;
  name: string;
}

/**
 * The options' popover. `items` is for a Select; a ComboBox hands its own (filtered) items to the
 * list. `empty` is what the list says when nothing matches.
 */
export function OptionList({
  items,
  empty,
  className = 'max-h-72 outline-none',
}: {
  items?: readonly Option[];
  empty?: string;
  className?: string;
}) {
  return (
    <Popover className={popoverClass} style={{ zIndex: SELECT_LAYER_Z_INDEX }}>
      <ListBox
        className={className}
        {...(items ? { items } : {})}
        {...(empty ? { renderEmptyState: () => <p className="px-3 py-2 text-sm text-slate-600">{empty}</p> } : {})}
      >
        {(option: Option) => (
          <ListBoxItem id={option.id} textValue={option.name} className={itemClass}>
            {option.name}
          </ListBoxItem>
        )}
      </ListBox>
    </Popover>
  );
}

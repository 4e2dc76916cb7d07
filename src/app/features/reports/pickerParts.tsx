/**
 * What the picker's stand-in (MultiPicker.tsx) and its popover (MultiPickerPopover.tsx) both draw,
 * so the popover, loaded later, does not import the module that loads it.
 */
import { SELECT_BOX_CLASS, SelectChevron } from '../../shared/Field.tsx';

export const SELECT_ALL = '*';

export interface PickerOption {
  id: string;
  name: string;
  /** A second line, e.g. a label's category. */
  detail?: string;
}

export interface MultiPickerProps {
  label: string;
  options: readonly PickerOption[];
  /** '*' for Select All. */
  value: '*' | readonly string[];
  onChange: (value: '*' | string[]) => void;
  /** Offer 'Select All' as the first option. */
  selectAll?: boolean;
  placeholder: string;
  /** How the button reads with n chosen, e.g. n => `${n} measurements`. */
  summary: (count: number) => string;
  isDisabled?: boolean;
  testId?: string;
  /** The options are still on their way: the open list says so instead of "Nothing matches". */
  loading?: boolean;
  /**
   * Called when the picker is about to be used (pointer over it, focus, open), for options that
   * load on demand.
   */
  onWanted?: () => void;
  /** Names known before the options arrive (a report's own measurements), for the button's text. */
  knownNames?: readonly PickerOption[];
}

/** The picker's box, shared by the stand-in and the real button so the swap moves nothing. */
export const PICKER_BUTTON_CLASS = `${SELECT_BOX_CLASS} border-slate-300 outline-none`;

/** What the button reads: the one chosen name, a count, 'Select All' or the placeholder. */
export function pickerText({
  options,
  value,
  placeholder,
  summary,
  knownNames = [],
}: Pick<MultiPickerProps, 'options' | 'value' | 'placeholder' | 'summary' | 'knownNames'>): string {
  if (value === SELECT_ALL) return 'Select All';
  if (value.length === 0) return placeholder;
  if (value.length > 1) return summary(value.length);
  const known = new Map([...knownNames, ...options].map((o) => [o.id, o.name]));
  return known.get(value[0]!) ?? summary(1);
}

/** The label above the box, which the button's accessible name reads. */
export function PickerLabel({ labelId, label }: { labelId: string; label: string }) {
  return (
    <span id={labelId} className="mb-1 block text-sm font-medium text-slate-700">
      {label}
    </span>
  );
}

/** The inside of the box: what is chosen (greyed while nothing is), and the chevron. */
export function PickerFace({
  labelId,
  ...props
}: Pick<MultiPickerProps, 'options' | 'value' | 'placeholder' | 'summary' | 'knownNames'> & { labelId: string }) {
  const { value } = props;
  return (
    <>
      <span
        id={`${labelId}-value`}
        className={`block truncate ${value !== SELECT_ALL && value.length === 0 ? 'text-slate-500' : ''}`}
      >
        {pickerText(props)}
      </span>
      <SelectChevron />
    </>
  );
}

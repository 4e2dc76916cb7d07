/**
 * A searchable multi-select (the popover itself is MultiPickerPopover.tsx). 'Select All' (id '*',
 * spec §3) is an option of its own when offered: choosing it stands for every option, now and later.
 *
 * The popover's library code (dialog, autocomplete, list box) is a large chunk that the report page
 * would otherwise load, evaluate and render three times before its first paint. Until a person
 * reaches for a picker (pointer over it, focus, press), a plain button of the same box, label and
 * text stands in; the press is kept, so the picker opens as soon as its code is there.
 */
import { lazy, Suspense, useId, useState } from 'react';
import { SELECT_BOX_CLASS, SelectChevron } from '../../shared/SelectField.tsx';

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

const loadPopover = () => import('./MultiPickerPopover.tsx');
const MultiPickerPopover = lazy(loadPopover);

type Wanted = 'no' | 'yes' | 'open';

export function MultiPicker(props: MultiPickerProps) {
  const { label, isDisabled, testId, onWanted } = props;
  const labelId = useId();
  const [wanted, setWanted] = useState<Wanted>('no');
  const [focused, setFocused] = useState(false);
  const want = (next: Wanted) => {
    onWanted?.();
    setWanted((now) => (now === 'open' ? now : next));
  };
  const standIn = (
    <div data-testid={testId}>
      <PickerLabel labelId={labelId} label={label} />
      <button
        type="button"
        aria-labelledby={`${labelId} ${labelId}-value`}
        disabled={isDisabled}
        className={`${PICKER_BUTTON_CLASS} cursor-default focus-visible:outline-2 focus-visible:outline-solid focus-visible:outline-primary-strong disabled:cursor-not-allowed disabled:bg-slate-100`}
        onPointerEnter={() => want('yes')}
        onFocus={() => {
          setFocused(true);
          want('yes');
        }}
        onBlur={() => setFocused(false)}
        // Pointer down, not click: the real button may replace this one between down and up.
        onPointerDown={() => want('open')}
        onClick={() => want('open')}
      >
        <PickerFace labelId={labelId} {...props} />
      </button>
    </div>
  );
  if (wanted === 'no') return standIn;
  return (
    <Suspense fallback={standIn}>
      <MultiPickerPopover {...props} labelId={labelId} defaultOpen={wanted === 'open'} autoFocus={focused} />
    </Suspense>
  );
}

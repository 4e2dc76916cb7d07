/**
 * A searchable multi-select (the popover itself is MultiPickerPopover.tsx, the parts both draw
 * pickerParts.tsx). 'Select All' (id '*',
 * spec §3) is an option of its own when offered: choosing it stands for every option, now and later.
 *
 * The popover's library code (dialog, autocomplete, list box) is a large chunk that the report page
 * would otherwise load, evaluate and render three times before its first paint. Until a person
 * reaches for a picker (pointer over it, focus, press), a plain button of the same box, label and
 * text stands in; the press is kept, so the picker opens as soon as its code is there.
 */
import { lazy, Suspense, useId, useState } from 'react';
import { PICKER_BUTTON_CLASS, PickerFace, PickerLabel, type MultiPickerProps } from './pickerParts.tsx';

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

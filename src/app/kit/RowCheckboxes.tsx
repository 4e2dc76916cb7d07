/**
 * A table's checkboxes, native: a row's and the header's (with its mixed state). A page can hold a
 * thousand rows, and the native control carries its own keyboard, focus and screen-reader
 * semantics at a fraction of the cost of a React Aria Checkbox; and a list's first screen then
 * loads none of React Aria (its press and checkbox code, 20 KB compressed, arrived with every list
 * page and delayed its first data on a phone's connection).
 */
const SQUARE =
  'peer size-4 cursor-pointer appearance-none rounded border border-slate-400 bg-white checked:border-slate-800 checked:bg-slate-800 indeterminate:border-slate-800 indeterminate:bg-slate-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary disabled:cursor-default disabled:opacity-40';
const MARK = 'pointer-events-none absolute text-[10px] leading-none text-white';

interface BoxProps {
  label: string;
  isSelected: boolean;
  isDisabled: boolean;
  onChange: (value: boolean) => void;
  /** The header's mixed state (some rows chosen, not all); a row's box has none. */
  isIndeterminate?: boolean;
}

/**
 * A table's checkbox: a row's, named after its row ("Select Q3 launch"), or the header's, checked
 * when every row on the page is and mixed when some are. Mixed is the input's `indeterminate`
 * property (no attribute sets it), which screen readers announce as "mixed"; a click on a mixed
 * box checks it, so it selects every row.
 */
export function TableBox({ label, isSelected, isDisabled, onChange, isIndeterminate }: BoxProps) {
  const mixed = isIndeterminate === true;
  return (
    <span className="relative flex size-6 items-center justify-center">
      <input
        type="checkbox"
        aria-label={label}
        checked={isSelected && !mixed}
        disabled={isDisabled}
        onChange={(event) => onChange(event.target.checked)}
        ref={
          isIndeterminate === undefined
            ? undefined
            : (input) => {
                if (input) input.indeterminate = mixed;
              }
        }
        className={SQUARE}
      />
      <span aria-hidden="true" className={mixed ? MARK : `${MARK} hidden peer-checked:block`}>
        {mixed ? '–' : '✓'}
      </span>
    </span>
  );
}

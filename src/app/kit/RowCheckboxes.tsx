/**
 * The kit's React Aria checkboxes: the table header's (with its mixed state), named for screen
 * readers only, and a form's (`inline`), with its label beside the square.
 */
import { Checkbox } from 'react-aria-components';

const LOOKS = {
  cell: {
    box: 'group flex size-6 cursor-pointer items-center justify-center data-[disabled]:cursor-default data-[disabled]:opacity-40',
    square:
      'flex size-4 items-center justify-center rounded border border-slate-400 bg-white text-[10px] leading-none text-white group-data-[focus-visible]:outline-2 group-data-[focus-visible]:outline-offset-2 group-data-[focus-visible]:outline-primary group-data-[indeterminate]:border-slate-800 group-data-[indeterminate]:bg-slate-800 group-data-[selected]:border-slate-800 group-data-[selected]:bg-slate-800',
  },
  inline: {
    box: 'group flex items-center gap-2 text-sm',
    square:
      'flex size-4 items-center justify-center rounded border border-slate-400 text-[10px] text-white group-data-[focus-visible]:outline-2 group-data-[focus-visible]:outline-primary group-data-[selected]:bg-slate-800',
  },
};

export function Box({
  label,
  inline = false,
  isSelected,
  isIndeterminate,
  isDisabled,
  onChange,
}: {
  label: string;
  inline?: boolean;
  isSelected: boolean;
  isIndeterminate?: boolean;
  isDisabled?: boolean;
  onChange: (value: boolean) => void;
}) {
  const look = LOOKS[inline ? 'inline' : 'cell'];
  return (
    <Checkbox
      aria-label={inline ? undefined : label}
      isSelected={isSelected}
      isIndeterminate={isIndeterminate}
      isDisabled={isDisabled}
      onChange={onChange}
      className={look.box}
    >
      <span aria-hidden="true" className={look.square}>
        {isIndeterminate ? '–' : isSelected ? '✓' : ''}
      </span>
      {inline ? label : null}
    </Checkbox>
  );
}

/**
 * A row's checkbox: a native one, drawn like Box. A page can hold a thousand rows, and the native
 * control carries its own keyboard, focus and screen-reader semantics at a fraction of the cost
 * of a React Aria Checkbox (which the header keeps, for its mixed state).
 */
export function RowBox({
  label,
  isSelected,
  isDisabled,
  onChange,
}: {
  label: string;
  isSelected: boolean;
  isDisabled: boolean;
  onChange: (value: boolean) => void;
}) {
  return (
    <span className="relative flex size-6 items-center justify-center">
      <input
        type="checkbox"
        aria-label={label}
        checked={isSelected}
        disabled={isDisabled}
        onChange={(event) => onChange(event.target.checked)}
        className="peer size-4 cursor-pointer appearance-none rounded border border-slate-400 bg-white checked:border-slate-800 checked:bg-slate-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary disabled:cursor-default disabled:opacity-40"
      />
      <span
        aria-hidden="true"
        className="pointer-events-none absolute hidden text-[10px] leading-none text-white peer-checked:block"
      >
        ✓
      </span>
    </span>
  );
}

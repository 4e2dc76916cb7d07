/**
 * The picker itself: a button that opens a popover with a search field and a list of checkable
 * options (React Aria: DialogTrigger, SearchField, ListBox), so keyboard, focus and screen-reader
 * behaviour come from the library. Loaded when a person first reaches for a picker (MultiPicker.tsx
 * draws a stand-in of the same size and text until then).
 *
 * Keyboard: the search box and the list are two stops, as a text box and a checkbox list are. The
 * search box types (Space included); Down arrow or Tab moves into the list, where Space or Enter
 * ticks the focused option. (React Aria's Autocomplete kept the focus in the search box and
 * highlighted an option beside it, so Space typed a space instead of ticking.) Escape clears the
 * search, then closes the picker and puts the focus back on its button.
 */
import { useRef, useState } from 'react';
import {
  Button,
  Dialog,
  DialogTrigger,
  Input,
  ListBox,
  ListBoxItem,
  Popover,
  SearchField,
  useFilter,
  type Selection,
} from 'react-aria-components';
import { SELECT_LAYER_Z_INDEX } from '../../../shared/constants.ts';
import {
  PICKER_BUTTON_CLASS,
  PickerFace,
  PickerLabel,
  SELECT_ALL,
  type MultiPickerProps,
  type PickerOption,
} from './pickerParts.tsx';

const optionText = (item: PickerOption) => (item.detail ? `${item.name} ${item.detail}` : item.name);

export default function MultiPickerPopover({
  label,
  options,
  value,
  onChange,
  selectAll,
  placeholder,
  summary,
  isDisabled,
  testId,
  loading,
  onWanted,
  knownNames = [],
  labelId,
  defaultOpen,
  autoFocus,
}: MultiPickerProps & {
  labelId: string;
  /** A person pressed the stand-in before this loaded. */
  defaultOpen: boolean;
  /** The stand-in had the focus: this button takes it over. */
  autoFocus: boolean;
}) {
  const { contains } = useFilter({ sensitivity: 'base' });
  const all = value === SELECT_ALL;
  const chosen = all ? [] : value;
  const [open, setOpen] = useState(defaultOpen);
  const [query, setQuery] = useState('');
  const trigger = useRef<HTMLButtonElement>(null);
  const sheet = useRef<HTMLElement>(null);
  const list = useRef<HTMLDivElement>(null);
  const everything: PickerOption[] = selectAll ? [{ id: SELECT_ALL, name: 'Select All' }, ...options] : [...options];
  const items = everything.filter((item) => contains(optionText(item), query));
  const selectedKeys = new Set<string>(all ? [SELECT_ALL] : chosen);

  const openChange = (next: boolean) => {
    setOpen(next);
    if (next) return onWanted?.();
    setQuery('');
    // Closed from inside (Escape, a press on the button): the focus goes back to the button. React
    // Aria returns it to what had it when the sheet opened, which is gone when a press on the
    // stand-in opened it (MultiPicker.tsx), and the focus then fell to the page.
    if (sheet.current?.contains(document.activeElement)) requestAnimationFrame(() => trigger.current?.focus());
  };

  /** Down arrow in the search box moves into the list, as Tab does. */
  const intoList = (event: { key: string; preventDefault: () => void }) => {
    if (event.key !== 'ArrowDown' || items.length === 0) return;
    event.preventDefault();
    list.current?.focus();
  };

  const change = (keys: Selection) => {
    const next = keys === 'all' ? options.map((o) => o.id) : [...keys].map(String);
    // Picking 'Select All' replaces a list; picking an item while 'Select All' is on starts a list.
    if (next.includes(SELECT_ALL) && !all) return onChange(SELECT_ALL);
    onChange(next.filter((id) => id !== SELECT_ALL));
  };

  return (
    <div data-testid={testId}>
      <PickerLabel labelId={labelId} label={label} />
      <DialogTrigger isOpen={open} onOpenChange={openChange}>
        <Button
          ref={trigger}
          onHoverStart={onWanted}
          onFocus={onWanted}
          autoFocus={autoFocus}
          aria-labelledby={`${labelId} ${labelId}-value`}
          isDisabled={isDisabled}
          className={`${PICKER_BUTTON_CLASS} data-[disabled]:cursor-not-allowed data-[disabled]:bg-slate-100 data-[focus-visible]:outline-2 data-[focus-visible]:outline-solid data-[focus-visible]:outline-primary-strong`}
        >
          <PickerFace
            labelId={labelId}
            options={options}
            value={value}
            placeholder={placeholder}
            summary={summary}
            knownNames={knownNames}
          />
        </Button>
        <Popover
          placement="bottom start"
          style={{ zIndex: SELECT_LAYER_Z_INDEX }}
          // As wide as its button at least, as its longest name at most, and never wider than 32rem
          // or the screen: a long name wraps instead of stretching the sheet across the page.
          className="w-max min-w-(--trigger-width) max-w-[min(32rem,calc(100vw-2rem))] rounded-lg bg-white shadow-xl ring-1 ring-slate-900/10"
        >
          <Dialog ref={sheet} aria-label={label} className="flex max-h-[min(28rem,70vh)] flex-col outline-none">
            <SearchField
              aria-label={`Search ${label.toLowerCase()}`}
              className="border-b border-slate-200 p-2"
              value={query}
              onChange={setQuery}
              onKeyDown={intoList}
              autoFocus
            >
              <Input
                placeholder="Search…"
                className="w-full rounded-md border border-slate-300 px-2.5 py-1.5 text-sm outline-none focus:outline-2 focus:outline-solid focus:outline-primary [&::-webkit-search-cancel-button]:hidden"
              />
            </SearchField>
            {loading ? (
              <p role="status" className="px-3 pt-2 text-sm text-slate-600">
                Loading {label.toLowerCase()}…
              </p>
            ) : null}
            <ListBox
              ref={list}
              aria-label={label}
              items={items}
              selectionMode="multiple"
              // Escape closes the picker (or clears the search); it must never drop the choices.
              escapeKeyBehavior="none"
              selectedKeys={selectedKeys}
              onSelectionChange={change}
              className="min-h-0 flex-1 overflow-auto py-1 outline-none"
              renderEmptyState={() =>
                loading ? null : <p className="px-3 py-2 text-sm text-slate-600">Nothing matches</p>
              }
            >
              {(item) => (
                <ListBoxItem
                  id={item.id}
                  textValue={optionText(item)}
                  className={`flex cursor-pointer items-center gap-2 px-3 py-1.5 text-sm text-slate-800 outline-none data-[focused]:bg-primary-faded-2 ${item.id === SELECT_ALL ? 'border-b border-slate-100 font-medium' : ''}`}
                >
                  {({ isSelected }) => (
                    <>
                      <span
                        aria-hidden="true"
                        className={`flex h-4 w-4 shrink-0 items-center justify-center rounded border text-[10px] ${isSelected || (all && item.id !== SELECT_ALL) ? 'border-primary-strong bg-primary-strong text-white' : 'border-slate-400 bg-white'}`}
                      >
                        {isSelected || (all && item.id !== SELECT_ALL) ? '✓' : ''}
                      </span>
                      <span className="min-w-0 flex-1 break-words">{item.name}</span>
                      {item.detail ? <span className="shrink-0 text-xs text-slate-500">{item.detail}</span> : null}
                    </>
                  )}
                </ListBoxItem>
              )}
            </ListBox>
          </Dialog>
        </Popover>
      </DialogTrigger>
    </div>
  );
}

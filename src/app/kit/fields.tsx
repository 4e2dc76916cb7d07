/**
 * The kit's form controls, all React Aria Components (labels, descriptions, errors and keyboard
 * behaviour wired by the library). Each takes a label, a value, onChange and an error string.
 */
import { useEffect, useRef, useState } from 'react';
import {
  Button,
  Checkbox,
  ComboBox,
  Input,
  NumberField,
  Select,
  SelectValue,
  TextField,
  useAsyncList,
  type Key,
} from 'react-aria-components';
import { getOne, list as listRows } from '../../lib/api.ts';
import type { ResourceName } from '../../shared/schemas/index.ts';
import { listQuery } from '../../shared/list-query-text.ts';
import type { ListBase } from './listState.ts';
import { SELECT_BOX_CLASS, SelectChevron } from '../shared/Field.tsx';
import { NEW_OPTION_MARKER, SELECT_ALL_ID, type SelectOption } from '../../shared/constants.ts';
import { FieldFrame, OptionList, splitField, type FieldCommon } from './fieldParts.tsx';
import { inputClass } from './fieldStyles.ts';
import { ComboBoxFrame } from './SearchChoiceInput.tsx';
import { choosePrompt } from './formMessages.ts';

type Common = FieldCommon;

/** The box a text or number field is typed into, framed by its label, hint and error. */
function TypedBox(frame: ReturnType<typeof splitField>['frame']) {
  return (
    <FieldFrame {...frame}>
      <Input className={inputClass} />
    </FieldFrame>
  );
}

export function TextInput({
  value,
  onChange,
  type = 'text',
  ...common
}: Common & { value: string; onChange: (value: string) => void; type?: 'text' | 'email' | 'date' }) {
  const { frame, field } = splitField(common);
  return (
    <TextField value={value} onChange={onChange} type={type} {...field}>
      <TypedBox {...frame} />
    </TextField>
  );
}

export function NumberInput({
  value,
  onChange,
  ...common
}: Common & { value: number | null; onChange: (value: number | null) => void }) {
  const { frame, field } = splitField(common);
  return (
    <NumberField
      value={value ?? Number.NaN}
      onChange={(v) => onChange(Number.isNaN(v) ? null : v)}
      minValue={0}
      {...field}
    >
      <TypedBox {...frame} />
    </NumberField>
  );
}

export function CheckboxInput({
  label,
  value,
  onChange,
  isDisabled,
}: Pick<Common, 'label' | 'isDisabled'> & { value: boolean; onChange: (value: boolean) => void }) {
  return (
    <Checkbox
      isSelected={value}
      onChange={onChange}
      isDisabled={isDisabled}
      className="group flex items-center gap-2 text-sm"
    >
      <span
        aria-hidden="true"
        className="flex size-4 items-center justify-center rounded border border-slate-400 text-[10px] text-white group-data-[focus-visible]:outline-2 group-data-[focus-visible]:outline-primary group-data-[selected]:bg-slate-800"
      >
        {value ? '✓' : ''}
      </span>
      {label}
    </Checkbox>
  );
}

/** One choice from a fixed list (React Aria Select: a button and a listbox). */
export function ChoiceInput({
  value,
  onChange,
  options,
  placeholder,
  ...common
}: Common & {
  value: string | null;
  onChange: (value: string) => void;
  options: readonly { id: string; name: string }[];
  /** What the box says while nothing is chosen ('Choose a <label>' unless given). */
  placeholder?: string;
}) {
  const { frame, field } = splitField(common);
  return (
    <Select
      selectedKey={value}
      onSelectionChange={(key) => key !== null && onChange(String(key))}
      placeholder={placeholder ?? choosePrompt(common.label)}
      {...field}
      className={`group ${field.className ?? ''}`}
    >
      <FieldFrame {...frame}>
        <Button
          className={`${SELECT_BOX_CLASS} border-slate-300 outline-none data-[disabled]:bg-slate-100 data-[focus-visible]:outline-2 data-[focus-visible]:outline-solid data-[focus-visible]:outline-primary group-data-[invalid]:border-red-600`}
        >
          <SelectValue className="block truncate data-[placeholder]:text-slate-500" />
          <SelectChevron />
        </Button>
      </FieldFrame>
      <OptionList items={options} className="outline-none" />
    </Select>
  );
}

export interface ReferenceSource<Name extends ResourceName = ResourceName> {
  resource: Name;
  /**
   * The page's fixed parameters (only the selected account's rows…), typed by the resource's
   * list-query schema and encoded by its codec, as the kit's lists are (listState.ts).
   */
  base?: ListBase<Name>;
  /** How a row is named in the list. */
  label: (row: Record<string, unknown>) => string;
}

const PICKER_PAGE = 20;

/**
 * A reference field: a searchable combobox that asks the server for the rows matching what is
 * typed (20 at a time), never loading the whole table. The current value's name is fetched by id.
 *
 * What the box shows is kept apart from what the list searches for: the typed text while the
 * person types, else the chosen row's name. (When the box showed the search text or, when that
 * was empty, the chosen name, select-all and delete could not empty it: the name came straight
 * back and the next keys were added to it.) Leaving the box without picking puts the
 * chosen name back; leaving it empty clears the value.
 */
export function ReferencePicker({
  value,
  onChange,
  source,
  ...common
}: Common & { value: string | null; onChange: (value: string | null) => void; source: ReferenceSource }) {
  const { frame, field } = splitField(common);
  const [typed, setTyped] = useState<string | null>(null);
  const [known, setKnown] = useState<SelectOption | null>(null);
  const options = useAsyncList<SelectOption>({
    async load({ signal, filterText }) {
      const params = { ...source.base, search: filterText || undefined, limit: PICKER_PAGE, skip: 0 };
      const page = await listRows(source.resource, listQuery(source.resource, params), signal);
      return {
        items: (page.data as (Record<string, unknown> & { id: string })[]).map((row) => ({
          id: row.id,
          name: source.label(row),
        })),
      };
    },
  });
  // Callers pass the naming function inline: read the latest without refetching on each render.
  const nameOf = useRef(source.label);
  nameOf.current = source.label;
  const { resource } = source;
  // A value the form opened with (not picked here): its name, fetched by id.
  useEffect(() => {
    if (!value || known?.id === value) return;
    let live = true;
    getOne(resource, value)
      .then((row) => live && row && setKnown({ id: value, name: nameOf.current(row) }))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [value, known, resource]);
  const current = value ? (known?.id === value ? known : (options.items.find((o) => o.id === value) ?? null)) : null;
  // The chosen row first while nothing else is typed, so the open list shows it.
  const items =
    current && typed === null && !options.items.some((o) => o.id === current.id)
      ? [current, ...options.items]
      : options.items;
  const search = (text: string) => {
    setTyped(text);
    options.setFilterText(text);
  };
  return (
    <ComboBox
      items={items}
      selectedKey={value}
      onSelectionChange={(key: Key | null) => {
        const cleared = typed !== null && typed.trim() === '';
        setTyped(null);
        if (options.filterText) options.setFilterText('');
        // React Aria repeats the current key when focus leaves, to put its text back.
        if (key === value) return cleared && value !== null ? onChange(null) : undefined;
        const option = items.find((o) => o.id === key);
        if (option) setKnown(option);
        onChange(key === null ? null : String(key));
      }}
      inputValue={typed ?? current?.name ?? ''}
      onInputChange={search}
      menuTrigger="focus"
      {...field}
    >
      <ComboBoxFrame {...frame} empty={options.isLoading ? 'Loading…' : 'No matches'} />
    </ComboBox>
  );
}

/**
 * Several values from a list, with 'Select All' (id '*', spec §3) and, when `creatable`, the
 * option to add what was typed: it comes back carrying the new-option marker, for the page to
 * create. Chosen options show as removable tags.
 */
export function MultiSelectInput({
  value,
  onChange,
  options,
  creatable = false,
  className,
  ...common
}: Common & {
  value: readonly SelectOption[];
  onChange: (value: SelectOption[]) => void;
  options: readonly SelectOption[];
  creatable?: boolean;
}) {
  const { frame, field } = splitField(common);
  const chosen = new Set(value.map((o) => o.id));
  const [typed, setTyped] = useState('');
  // What was typed becomes a new value on Enter, or when the person leaves the box with it (it
  // used to stay in the box unsaved, looking chosen); without `creatable` it goes.
  const addTyped = () => {
    const name = typed.trim();
    setTyped('');
    if (!creatable || !name) return;
    if (options.some((o) => o.name.toLowerCase() === name.toLowerCase())) return;
    if (value.some((o) => o.name.toLowerCase() === name.toLowerCase())) return;
    onChange([...value.filter((o) => o.id !== SELECT_ALL_ID), { id: `new:${name}`, name, [NEW_OPTION_MARKER]: true }]);
  };
  return (
    <div className={className}>
      <ComboBox<SelectOption>
        defaultItems={[{ id: SELECT_ALL_ID, name: 'Select All' }, ...options.filter((o) => !chosen.has(o.id))]}
        selectedKey={null}
        allowsCustomValue={creatable}
        inputValue={typed}
        onInputChange={setTyped}
        onSelectionChange={(key) => {
          if (key === null) return;
          setTyped('');
          if (key === SELECT_ALL_ID) return onChange([{ id: SELECT_ALL_ID, name: 'Select All' }]);
          const option = options.find((o) => o.id === key);
          if (option) onChange([...value.filter((o) => o.id !== SELECT_ALL_ID), option]);
        }}
        onKeyDown={(event) => {
          if (event.key === 'Enter') addTyped();
        }}
        onBlur={addTyped}
        menuTrigger="focus"
        {...field}
      >
        <FieldFrame {...frame}>
          <Input className={inputClass} placeholder={creatable ? 'Type to search or add' : 'Type to search'} />
        </FieldFrame>
        <OptionList />
      </ComboBox>
      <ul aria-label={`${frame.label}: chosen`} className="mt-2 flex flex-wrap gap-1.5">
        {value.map((option) => (
          <li
            key={option.id}
            className="inline-flex items-center gap-1 rounded-full bg-slate-100 py-0.5 pr-1 pl-2.5 text-xs text-slate-800"
          >
            {option.name}
            {option[NEW_OPTION_MARKER] ? <span className="text-slate-500">(new)</span> : null}
            <Button
              aria-label={`Remove ${option.name}`}
              onPress={() => onChange(value.filter((o) => o.id !== option.id))}
              className="rounded-full px-1 text-slate-500 hover:text-slate-900"
            >
              ×
            </Button>
          </li>
        ))}
      </ul>
    </div>
  );
}

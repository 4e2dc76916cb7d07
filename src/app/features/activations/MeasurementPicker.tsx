/**
 * A searchable measurement picker (React Aria ComboBox): offers only the selected account's
 * measurements, searched on the server by name as the user types, largest first. A measurement of
 * any status may be chosen (decisions.md §7 and the server's activation rules set none).
 *
 * The chosen measurement stays among the options whatever the last search returned: once chosen,
 * the list is fetched again unfiltered (25 largest), and when focus left the field React Aria
 * looked the selected key up in that list, found nothing for a smaller one (a paused campaign
 * typed by name) and reported the selection as gone, while the box kept its name.
 */
import { useState } from 'react';
import { Button, ComboBox, Input, Label, ListBox, ListBoxItem, Popover, Text } from 'react-aria-components';
import { measurementStatusLabel } from '../../../shared/measurement-status.ts';
import { formatMetric } from '../../../shared/metrics.ts';
import type { Measurement } from '../../../shared/schemas/index.ts';
import { SELECT_LAYER_Z_INDEX } from '../../../shared/constants.ts';
import { searchMeasurements, useAsync, useDebounced } from './data.ts';

export interface MeasurementPickerProps {
  accountId: string;
  value: Measurement | null;
  onChange: (measurement: Measurement | null) => void;
  error?: string | null;
  label?: string;
}

export function MeasurementPicker({
  accountId,
  value,
  onChange,
  error,
  label = 'Measurement',
}: MeasurementPickerProps) {
  const [input, setInput] = useState(value?.name ?? '');
  // While the text is the chosen measurement's name, show the whole list again on open.
  const term = useDebounced(value && input === value.name ? '' : input, 250);
  const found = useAsync(() => searchMeasurements(accountId, term), `${accountId}|${term}`);
  const items = withChosen(found.data ?? [], value);

  return (
    <ComboBox
      items={items}
      selectedKey={value?.id ?? null}
      inputValue={input}
      onInputChange={(text) => {
        setInput(text);
        if (value && text !== value.name) onChange(null);
      }}
      onSelectionChange={(key) => {
        // React Aria repeats the current key on blur to sync the text: keep the choice, restore its name.
        if (value && key === value.id) return setInput(value.name);
        const chosen = items.find((m) => m.id === key) ?? null;
        onChange(chosen);
        if (chosen) setInput(chosen.name);
      }}
      menuTrigger="focus"
      allowsEmptyCollection
      isInvalid={!!error}
      className="group"
    >
      <Label className="mb-1 block text-sm font-medium text-slate-700">{label}</Label>
      <div
        className={`flex items-center rounded-md border bg-white shadow-sm focus-within:outline-2 focus-within:outline-primary ${
          error ? 'border-red-600' : 'border-slate-300'
        }`}
      >
        <Input
          className="h-10 min-w-0 flex-1 bg-transparent px-3 text-sm text-slate-900 outline-none placeholder:text-slate-500"
          placeholder="Search this account's measurements"
        />
        <Button className="flex h-10 w-9 items-center justify-center text-slate-600" aria-label="Show measurements">
          <svg aria-hidden="true" viewBox="0 0 20 20" className="h-4 w-4" fill="currentColor">
            <path d="M5.3 7.3a1 1 0 0 1 1.4 0L10 10.6l3.3-3.3a1 1 0 1 1 1.4 1.4l-4 4a1 1 0 0 1-1.4 0l-4-4a1 1 0 0 1 0-1.4z" />
          </svg>
        </Button>
      </div>
      {error ? (
        <Text slot="errorMessage" className="mt-1 block text-sm text-red-700">
          {error}
        </Text>
      ) : (
        <Text slot="description" className="mt-1 block text-xs text-slate-600">
          {found.loading ? 'Searching…' : 'Type to search by name'}
        </Text>
      )}
      <Popover
        style={{ zIndex: SELECT_LAYER_Z_INDEX }}
        className="w-(--trigger-width) min-w-72 max-w-[calc(100vw-2rem)] overflow-auto rounded-lg bg-white py-1 shadow-xl ring-1 ring-slate-900/10"
      >
        <ListBox
          className="max-h-80 outline-none"
          renderEmptyState={() => (
            <p className="px-3 py-2 text-sm text-slate-600">
              {found.loading ? 'Searching…' : 'No matching measurements'}
            </p>
          )}
        >
          {(m: Measurement) => (
            <ListBoxItem
              id={m.id}
              textValue={m.name}
              className="cursor-pointer px-3 py-2 text-sm text-slate-800 outline-none data-[focused]:bg-primary-faded-2 data-[selected]:font-semibold"
            >
              <span className="block truncate">{m.name}</span>
              <span className="block text-xs text-slate-600">
                {formatMetric('impressions', m.impressions, { compact: true })} impressions · APM{' '}
                {formatMetric('apm', m.apm)} · {measurementStatusLabel(m.status)}
              </span>
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </ComboBox>
  );
}

/** The options with the chosen measurement first when the search did not return it. */
export function withChosen(found: readonly Measurement[], chosen: Measurement | null): Measurement[] {
  if (!chosen || found.some((m) => m.id === chosen.id)) return [...found];
  return [chosen, ...found];
}

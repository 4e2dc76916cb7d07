/** The platform picker (React Aria Select) over the third-party macro vendors. */
import { Button, Label, ListBox, ListBoxItem, Popover, Select, SelectValue, Text } from 'react-aria-components';
import { SELECT_LAYER_Z_INDEX } from '../../../shared/constants.ts';
import type { NamedRow } from './data.ts';

export function PlatformSelect({
  vendors,
  value,
  onChange,
  error,
}: {
  vendors: readonly NamedRow[];
  value: string | null;
  onChange: (id: string) => void;
  error?: string | null;
}) {
  return (
    <Select
      selectedKey={value}
      onSelectionChange={(key) => typeof key === 'string' && onChange(key)}
      isInvalid={!!error}
      placeholder="Choose a platform"
    >
      <Label className="mb-1 block text-sm font-medium text-slate-700">Platform</Label>
      <Button
        className={`flex h-10 w-full items-center justify-between rounded-md border bg-white px-3 text-left text-sm text-slate-900 shadow-sm focus:outline-2 focus:outline-primary ${
          error ? 'border-red-600' : 'border-slate-300'
        }`}
      >
        <SelectValue className="truncate data-[placeholder]:text-slate-500" />
        <svg aria-hidden="true" viewBox="0 0 20 20" className="h-4 w-4 text-slate-600" fill="currentColor">
          <path d="M5.3 7.3a1 1 0 0 1 1.4 0L10 10.6l3.3-3.3a1 1 0 1 1 1.4 1.4l-4 4a1 1 0 0 1-1.4 0l-4-4a1 1 0 0 1 0-1.4z" />
        </svg>
      </Button>
      {error ? (
        <Text slot="errorMessage" className="mt-1 block text-sm text-red-700">
          {error}
        </Text>
      ) : (
        <Text slot="description" className="mt-1 block text-xs text-slate-600">
          The buying platform the deal goes to
        </Text>
      )}
      <Popover
        style={{ zIndex: SELECT_LAYER_Z_INDEX }}
        className="w-[--trigger-width] overflow-auto rounded-lg bg-white py-1 shadow-xl ring-1 ring-slate-900/10"
      >
        <ListBox items={vendors} className="max-h-72 outline-none">
          {(v: NamedRow) => (
            <ListBoxItem
              id={v.id}
              textValue={v.name}
              className="cursor-pointer px-3 py-2 text-sm text-slate-800 outline-none data-[focused]:bg-primary-faded-2 data-[selected]:font-semibold"
            >
              {v.name}
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </Select>
  );
}

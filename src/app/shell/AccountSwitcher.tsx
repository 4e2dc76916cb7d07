import { useStore } from '@nanostores/react';
import { useMemo, useRef, useState } from 'react';
import { Button, ComboBox, Input, Label, ListBox, ListBoxItem, Popover } from 'react-aria-components';
import { $accounts, $isRoot, $selectedAccountId, requestAccountSwitch } from '../../stores/account.ts';
import { SELECT_LAYER_Z_INDEX, SELECT_MIN_SPACE_BELOW_PX } from '../../shared/constants.ts';
import type { Account } from '../../shared/schemas/account.ts';
import type { SwitcherLock } from '../routes/index.ts';
import { createTypeahead } from '../shared/typeahead.ts';

/** Spec §2: create, dynamic-route and upload pages lock it; Spotlight only for non-root users. */
export function switcherDisabled(lock: SwitcherLock, isRoot: boolean): boolean {
  if (!lock) return false;
  if (lock === 'spotlight') return !isRoot;
  return true;
}

const LOCK_REASONS: Record<Exclude<SwitcherLock, null>, string> = {
  create: 'The account cannot be changed while creating',
  dynamic: 'The account is set by the page you are viewing',
  upload: 'The account cannot be changed while uploading',
  spotlight: 'Spotlight uses your own account',
};

/**
 * Spec §9 select behaviour: the list may grow to the screen's height and opens upward when less
 * than 200 px is free below the field.
 */
export function selectPlacement(rect: { top: number; bottom: number }, viewportHeight: number, margin = 8) {
  const below = viewportHeight - rect.bottom;
  const placement: 'top' | 'bottom' = below < SELECT_MIN_SPACE_BELOW_PX ? 'top' : 'bottom';
  const maxHeight = Math.max(120, (placement === 'bottom' ? below : rect.top) - margin * 2);
  return { placement, maxHeight };
}

export interface AccountSwitcherProps {
  lock: SwitcherLock;
  /** Full width with a visible label (the /settings page on small screens). */
  variant?: 'bar' | 'page';
}

/** The account switcher: a searchable list of the accounts the user may access. */
export default function AccountSwitcher({ lock, variant = 'bar' }: AccountSwitcherProps) {
  const accounts = useStore($accounts);
  const selectedId = useStore($selectedAccountId);
  const isRoot = useStore($isRoot);
  const disabled = switcherDisabled(lock, isRoot) || accounts.length < 2;
  const ref = useRef<HTMLDivElement>(null);
  const [layout, setLayout] = useState<{ placement: 'top' | 'bottom'; maxHeight: number }>({
    placement: 'bottom',
    maxHeight: 400,
  });
  const [input, setInput] = useState<string | null>(null);
  const selectedName = accounts.find((a) => a.id === selectedId)?.name ?? '';
  const items = useMemo(() => {
    const term = (input ?? '').trim().toLowerCase();
    return term ? accounts.filter((a) => a.name.toLowerCase().includes(term)) : accounts;
  }, [accounts, input]);
  const typeahead = useMemo(() => createTypeahead('[role="option"]'), []);
  const bar = variant === 'bar';
  const reason = lock && disabled && accounts.length > 1 ? LOCK_REASONS[lock] : null;

  return (
    <div ref={ref} className={bar ? 'w-56' : 'w-full'} title={reason ?? undefined}>
      <ComboBox
        aria-label={bar ? 'Account' : undefined}
        selectedKey={selectedId}
        inputValue={input ?? selectedName}
        onInputChange={setInput}
        items={items}
        isDisabled={disabled}
        menuTrigger="focus"
        allowsEmptyCollection
        onOpenChange={(open) => {
          if (open && ref.current) setLayout(selectPlacement(ref.current.getBoundingClientRect(), window.innerHeight));
          if (!open) setInput(null);
        }}
        onSelectionChange={(key) => {
          setInput(null);
          if (typeof key === 'string') requestAccountSwitch(key);
        }}
        className="group"
        data-testid="account-switcher"
      >
        {bar ? null : <Label className="mb-1 block text-sm font-medium text-slate-700">Account</Label>}
        <div
          className={`flex items-center rounded-md ${
            bar
              ? 'bg-white/10 text-white ring-1 ring-white/25 focus-within:ring-2 focus-within:ring-white group-data-[disabled]:opacity-60'
              : 'border border-slate-300 bg-white shadow-sm focus-within:outline-2 focus-within:outline-primary group-data-[disabled]:bg-slate-100'
          }`}
        >
          <Input
            className={`h-9 min-w-0 flex-1 bg-transparent px-3 text-sm outline-none ${bar ? 'placeholder:text-slate-300' : ''} disabled:cursor-not-allowed`}
            placeholder="Search accounts"
          />
          <Button
            className="flex h-9 w-8 items-center justify-center disabled:cursor-not-allowed"
            aria-label="Show accounts"
          >
            <svg aria-hidden="true" viewBox="0 0 20 20" className="h-4 w-4" fill="currentColor">
              <path d="M5.3 7.3a1 1 0 0 1 1.4 0L10 10.6l3.3-3.3a1 1 0 1 1 1.4 1.4l-4 4a1 1 0 0 1-1.4 0l-4-4a1 1 0 0 1 0-1.4z" />
            </svg>
          </Button>
        </div>
        {reason ? <span className="sr-only">{reason}</span> : null}
        <Popover
          placement={layout.placement === 'top' ? 'top start' : 'bottom start'}
          shouldFlip={false}
          maxHeight={layout.maxHeight}
          style={{ zIndex: SELECT_LAYER_Z_INDEX }}
          data-placement-rule={layout.placement}
          className="w-(--trigger-width) min-w-64 overflow-auto rounded-lg bg-white py-1 shadow-xl ring-1 ring-slate-900/10"
        >
          <div onKeyDownCapture={typeahead}>
            <ListBox
              className="outline-none"
              renderEmptyState={() => <p className="px-3 py-2 text-sm text-slate-600">No matching accounts</p>}
            >
              {(account: Account) => (
                <ListBoxItem
                  id={account.id}
                  textValue={account.name}
                  className="flex cursor-pointer items-center justify-between px-3 py-2 text-sm text-slate-800 outline-none data-[focused]:bg-primary-faded-2 data-[selected]:font-semibold"
                >
                  {({ isSelected }) => (
                    <>
                      <span className="truncate">{account.name}</span>
                      {isSelected ? (
                        <span aria-hidden="true" className="text-primary-strong">
                          ✓
                        </span>
                      ) : null}
                    </>
                  )}
                </ListBoxItem>
              )}
            </ListBox>
          </div>
        </Popover>
      </ComboBox>
    </div>
  );
}

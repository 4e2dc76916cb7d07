import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { Button, Menu as AriaMenu, MenuItem, MenuTrigger, Popover, Separator } from 'react-aria-components';
import { SELECT_LAYER_Z_INDEX } from '../../shared/constants.ts';
import { createTypeahead } from './typeahead.ts';

export interface MenuEntry {
  id: string;
  label: string;
  /** An external link opens in a new tab. */
  href?: string;
  external?: boolean;
  onAction?: () => void;
  /** Draws a separator before this entry. */
  separatorBefore?: boolean;
}

export interface MenuProps {
  /** Accessible name of the trigger button. */
  label: string;
  trigger: ReactNode;
  triggerClassName?: string;
  items: readonly MenuEntry[];
  placement?: 'bottom end' | 'bottom start';
  /** The trigger's content already names it (visible text first, then screen-reader text). */
  triggerNamesItself?: boolean;
  /** Opens as it mounts: its stand-in was pressed while its code loaded. */
  defaultOpen?: boolean;
  /** Takes the focus as it mounts (from a stand-in that had it). */
  autoFocus?: boolean;
}

/**
 * A menu button (React Aria: roles, arrow keys, Escape, focus return) with the spec's 350 ms
 * type-ahead.
 */
export function Menu({
  label,
  trigger,
  triggerClassName,
  items,
  placement = 'bottom end',
  triggerNamesItself,
  defaultOpen,
  autoFocus,
}: MenuProps) {
  const onKeyDownCapture = useMemo(() => createTypeahead(), []);
  // Opened once mounted, not as it mounts: the button has the focus by then, so closing the menu
  // gives it back to the button.
  const [isOpen, setOpen] = useState(false);
  useEffect(() => {
    if (defaultOpen) setOpen(true);
  }, [defaultOpen]);
  return (
    <MenuTrigger isOpen={isOpen} onOpenChange={setOpen}>
      <Button aria-label={triggerNamesItself ? undefined : label} className={triggerClassName} autoFocus={autoFocus}>
        {trigger}
      </Button>
      <Popover
        placement={placement}
        style={{ zIndex: SELECT_LAYER_Z_INDEX }}
        className="min-w-56 overflow-auto rounded-lg bg-white py-1 shadow-xl ring-1 ring-slate-900/10 outline-none"
      >
        <div onKeyDownCapture={onKeyDownCapture}>
          <AriaMenu
            aria-label={label}
            className="outline-none"
            onAction={(key) => items.find((item) => item.id === key)?.onAction?.()}
          >
            {items.flatMap((item) => {
              const node = (
                <MenuItem
                  key={item.id}
                  id={item.id}
                  textValue={item.label}
                  href={item.href}
                  target={item.external ? '_blank' : undefined}
                  rel={item.external ? 'noopener noreferrer' : undefined}
                  className="flex cursor-pointer items-center justify-between gap-4 px-4 py-2 text-sm text-slate-800 outline-none data-[focused]:bg-primary-faded-2 data-[focused]:text-slate-900"
                >
                  {item.label}
                  {item.external ? (
                    <span aria-hidden="true" className="text-xs text-slate-500">
                      ↗
                    </span>
                  ) : null}
                </MenuItem>
              );
              return item.separatorBefore
                ? [<Separator key={`${item.id}-sep`} className="my-1 border-t border-slate-200" />, node]
                : [node];
            })}
          </AriaMenu>
        </div>
      </Popover>
    </MenuTrigger>
  );
}

import type { KeyboardEvent } from 'react';
import { MENU_TYPEAHEAD_RESET_MS } from '../../shared/constants.ts';

/**
 * Keyboard type-ahead for menus and lists (spec §9): typed characters build a prefix that moves
 * focus to the first matching item; the prefix resets 350 ms after the last key. It runs in the
 * capture phase so the library's own (1 s) type-ahead does not also act.
 */
export function createTypeahead(itemSelector = '[role="menuitem"],[role="option"]') {
  let buffer = '';
  let timer: ReturnType<typeof setTimeout> | undefined;
  return function onKeyDownCapture(event: KeyboardEvent<HTMLElement>) {
    const { key } = event;
    if (key.length !== 1 || event.ctrlKey || event.metaKey || event.altKey) return;
    if (key === ' ' && buffer === '') return;
    // Typing into a field inside the menu (e.g. a search box) is not type-ahead.
    if ((event.target as HTMLElement).closest('input,textarea')) return;
    buffer += key.toLowerCase();
    clearTimeout(timer);
    timer = setTimeout(() => {
      buffer = '';
    }, MENU_TYPEAHEAD_RESET_MS);
    const items = Array.from(event.currentTarget.querySelectorAll<HTMLElement>(itemSelector)).filter(
      (el) => el.getAttribute('aria-disabled') !== 'true',
    );
    const active = document.activeElement as HTMLElement | null;
    const start = Math.max(
      0,
      items.findIndex((el) => el === active),
    );
    // A single repeated letter cycles through the items that start with it.
    const cycling = buffer.length > 1 && [...buffer].every((c) => c === buffer[0]);
    const prefix = cycling ? buffer[0]! : buffer;
    const ordered = [...items.slice(start + (cycling || buffer.length === 1 ? 1 : 0)), ...items.slice(0, start + 1)];
    const match = ordered.find((el) => (el.textContent ?? '').trim().toLowerCase().startsWith(prefix));
    event.preventDefault();
    event.stopPropagation();
    match?.focus();
  };
}

/**
 * Keys typed while the search is on its way (spec §9: its box takes focus 500 ms after it opens,
 * and the modal's code may still be downloading on the first Ctrl+K) are kept, not lost: from
 * the moment the search is asked for until its box has focus, printable keys and Backspace go
 * into $searchTypedAhead, which the box shows and starts from. Tiny on purpose: it sits in the
 * shell's chunk, so it listens before the modal's chunk arrives.
 */
import { atom } from 'nanostores';

export const $searchTypedAhead = atom('');

/** The search box carries this attribute: keys aimed at it are its own. */
export const SEARCH_INPUT_ATTRIBUTE = 'data-search-input';

let stop: (() => void) | null = null;

function onKeyDown(event: KeyboardEvent) {
  const target = event.target instanceof Element ? event.target : null;
  if (target?.closest(`[${SEARCH_INPUT_ATTRIBUTE}]`)) return;
  // Shortcuts pass; Option (macOS) and AltGr (Ctrl+Alt on Windows) type characters, so they count.
  const altGraph = event.ctrlKey && event.altKey;
  if (event.metaKey || (event.ctrlKey && !altGraph) || event.isComposing) return;
  if (event.key === 'Backspace') {
    event.preventDefault();
    $searchTypedAhead.set($searchTypedAhead.get().slice(0, -1));
  } else if (event.key.length === 1) {
    // One printable character (Enter, arrows and Escape have longer names and pass through).
    event.preventDefault();
    event.stopPropagation();
    $searchTypedAhead.set($searchTypedAhead.get() + event.key);
  }
}

/** Starts keeping keys (when the search is asked for). */
export function startSearchTyping(): void {
  stopSearchTyping();
  $searchTypedAhead.set('');
  window.addEventListener('keydown', onKeyDown, true);
  stop = () => window.removeEventListener('keydown', onKeyDown, true);
}

/** Stops keeping keys (the box has focus, or the search closed). */
export function stopSearchTyping(): void {
  stop?.();
  stop = null;
}

/**
 * Whether the address bar still shows `path` (the router's location, decoded as the router
 * decodes it). A list writes its search into the URL a moment after the last key; when that write
 * arrives after the person has clicked on to another page, it must not bring them back (a row
 * or link clicked within that moment used to bounce back to the list).
 */
export function stillShown(path: string): boolean {
  let shown = window.location.pathname;
  try {
    shown = decodeURI(shown);
  } catch {
    // A malformed escape stays as it is, as the router leaves it.
  }
  return shown === path;
}

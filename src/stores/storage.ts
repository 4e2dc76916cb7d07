/**
 * Local storage that never throws: private windows, full quotas and server-side tests simply
 * fall back to "nothing stored".
 */
export function readStored<T>(key: string, parse: (value: unknown) => T | null): T | null {
  try {
    const raw = globalThis.localStorage?.getItem(key);
    return raw == null ? null : parse(JSON.parse(raw));
  } catch {
    return null;
  }
}

export function writeStored(key: string, value: unknown): void {
  try {
    if (value === null || value === undefined) globalThis.localStorage?.removeItem(key);
    else globalThis.localStorage?.setItem(key, JSON.stringify(value));
  } catch {
    // Storage is a convenience; the app works without it.
  }
}

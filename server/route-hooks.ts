/**
 * Hooks a plugin attaches to single routes from an onRoute hook (access checks, the measurement
 * summary), rather than to every request: a route option holds one hook function or several.
 */
export function hookList<T>(hooks: T | T[] | undefined): T[] {
  return Array.isArray(hooks) ? hooks : hooks ? [hooks] : [];
}

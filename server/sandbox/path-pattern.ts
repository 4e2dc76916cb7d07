/**
 * Path patterns of faults and journal filters (src/shared/schemas/test-traffic.ts): a glob over a
 * request's path, `*` within one segment, `**` across segments. Compiled once per pattern.
 */
const compiled = new Map<string, (path: string) => boolean>();
/** Patterns compiled at most; past it the cache starts over (patterns come from test code). */
const CACHE_LIMIT = 500;

function compile(pattern: string): (path: string) => boolean {
  if (!pattern.includes('*')) return (path) => path === pattern;
  const source = pattern
    .split(/(\*\*|\*)/)
    .map((part) => (part === '**' ? '.*' : part === '*' ? '[^/]*' : part.replace(/[.+?^${}()|[\]\\]/g, '\\$&')))
    .join('');
  const regex = new RegExp(`^${source}$`);
  return (path) => regex.test(path);
}

/** A matcher of the pattern: true when the whole path matches it. */
export function pathMatcher(pattern: string): (path: string) => boolean {
  let matcher = compiled.get(pattern);
  if (!matcher) {
    if (compiled.size >= CACHE_LIMIT) compiled.clear();
    matcher = compile(pattern);
    compiled.set(pattern, matcher);
  }
  return matcher;
}

/**
 * Path patterns of faults and journal filters (src/shared/schemas/test-traffic.ts): a glob over a
 * request's path, `*` within one segment, `**` across segments. Compiled once per pattern.
 *
 * Why not a regular expression: `**` compiled to `.*`, and a pattern of ten of them made V8's
 * backtracking try every way of splitting the path among them; one request took 21.6 s, and
 * nothing else was answered meanwhile (issue 51, finding 4). The matcher below runs the glob as a
 * set of positions in the pattern (a Thompson NFA): each character of the path moves every live
 * position at most one step, so a match costs (path length) × (pattern tokens) steps, whatever
 * the pattern. The schema's length and wildcard limits keep the second factor small.
 */
const compiled = new Map<string, (path: string) => boolean>();
/** Patterns compiled at most; past it the cache starts over (patterns come from test code). */
const CACHE_LIMIT = 500;

/** A literal character (its code), or one of the two wildcards. */
const STAR = -1;
const GLOBSTAR = -2;
const SLASH = 47;

function tokensOf(pattern: string): Int32Array {
  const tokens: number[] = [];
  for (let i = 0; i < pattern.length; i += 1) {
    if (pattern[i] === '*') {
      if (pattern[i + 1] === '*') {
        tokens.push(GLOBSTAR);
        i += 1;
      } else tokens.push(STAR);
    } else tokens.push(pattern.charCodeAt(i));
  }
  return Int32Array.from(tokens);
}

/**
 * Marks `from` live, and with it every position reached without reading a character: a wildcard
 * may match nothing, so the position after it is live too.
 */
function enter(tokens: Int32Array, live: Uint8Array, from: number): void {
  let position = from;
  while (position <= tokens.length && live[position] === 0) {
    live[position] = 1;
    const token = tokens[position];
    if (token !== STAR && token !== GLOBSTAR) return;
    position += 1;
  }
}

function compile(pattern: string): (path: string) => boolean {
  if (!pattern.includes('*')) return (path) => path === pattern;
  const tokens = tokensOf(pattern);
  const end = tokens.length;
  return (path) => {
    let live = new Uint8Array(end + 1);
    let next = new Uint8Array(end + 1);
    enter(tokens, live, 0);
    for (let i = 0; i < path.length; i += 1) {
      const char = path.charCodeAt(i);
      next.fill(0);
      let any = false;
      for (let position = 0; position < end; position += 1) {
        if (live[position] === 0) continue;
        const token = tokens[position];
        if (token === GLOBSTAR || (token === STAR && char !== SLASH)) {
          enter(tokens, next, position);
          any = true;
        } else if (token === char) {
          enter(tokens, next, position + 1);
          any = true;
        }
      }
      if (!any) return false;
      [live, next] = [next, live];
    }
    return live[end] === 1;
  };
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

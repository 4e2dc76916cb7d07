/**
 * The one graph walk the build's chunk steps share (chunks.ts over the module graph, chunk-plan.ts
 * over a first bundle's chunks and over merged clusters).
 */

/** Every node reachable from `roots` (the roots included), following `next`. */
export function closure<T>(roots: Iterable<T>, next: (node: T) => Iterable<T>): Set<T> {
  const seen = new Set<T>();
  const todo = [...roots];
  for (let node = todo.pop(); node !== undefined; node = todo.pop()) {
    if (seen.has(node)) continue;
    seen.add(node);
    todo.push(...next(node));
  }
  return seen;
}

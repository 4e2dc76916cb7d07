/**
 * The table's rows over time: how many of a long page to draw yet, and the render budget's
 * measure from a page's data to its rows on screen (DataTable).
 */
import { startTransition, useEffect, useRef, useState } from 'react';

/**
 * Measures the time from a page's data arriving to its rows committed on screen (its budget:
 * 100 ms for 25 rows), as a `kit:render:{resource}` performance measure a benchmark can read, and
 * `kit:render-all:{resource}` once a long page's last rows are in. React's Profiler is silent in
 * production builds, so these are plain effects after the commit.
 */
export function useRenderMeasure(resource: string, rows: readonly unknown[], complete: boolean) {
  const pending = useRef<{ rows: readonly unknown[]; start: number } | null>(null);
  useEffect(() => {
    const mark = performance.getEntriesByName(`kit:data:${resource}`, 'mark').at(-1);
    if (!mark) return;
    performance.measure(`kit:render:${resource}`, { start: mark.startTime, end: performance.now() });
    performance.clearMarks(mark.name);
    pending.current = { rows, start: mark.startTime };
  }, [resource, rows]);
  useEffect(() => {
    if (!complete || pending.current?.rows !== rows) return;
    performance.measure(`kit:render-all:${resource}`, { start: pending.current.start, end: performance.now() });
    pending.current = null;
  }, [resource, rows, complete]);
}

/**
 * How many of `rows` to draw: the first CHUNK at once, then twice as many per transition after each
 * commit. Every page size the kit offers fits in the first chunk; a longer page shows its first
 * rows at once and adds the rest without blocking input (transitions yield to it), and every row
 * ends up in the table, for the keyboard, screen readers and the browser's find.
 */
const CHUNK = 100;
export function useProgressiveRows<T>(rows: readonly T[]): readonly T[] {
  const [progress, setProgress] = useState({ rows, shown: CHUNK });
  // A new page starts again from its first chunk (state adjusted while rendering, as React advises).
  const current = progress.rows === rows ? progress : { rows, shown: CHUNK };
  if (current !== progress) setProgress(current);
  useEffect(() => {
    if (current.shown >= rows.length) return;
    startTransition(() => setProgress((p) => (p.rows === rows ? { rows, shown: p.shown * 2 } : p)));
  }, [current.shown, rows]);
  return current.shown >= rows.length ? rows : rows.slice(0, current.shown);
}

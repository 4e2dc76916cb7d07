/**
 * A box that scrolls sideways when what it holds is wider than the screen (a table on a phone).
 * While it does, three things tell a person so, as WCAG asks of a scrolling region: it is a
 * labelled region that the keyboard reaches (Tab, then the arrow keys scroll it), it shows a focus
 * ring, and a shadow darkens each edge with more to show beyond it. When everything fits it is a
 * plain box: no extra stop for the keyboard, no landmark for a screen reader.
 */
import { useEffect, useRef, useState, type ReactNode } from 'react';

interface Overflow {
  /** More to show to the left. */
  before: boolean;
  /** More to show to the right. */
  after: boolean;
}
const FITS: Overflow = { before: false, after: false };

/** Which sides of the box have content beyond them, kept up to date as it scrolls or resizes. */
function useOverflow(ref: { current: HTMLElement | null }): Overflow {
  const [overflow, setOverflow] = useState(FITS);
  useEffect(() => {
    const box = ref.current;
    if (!box) return;
    const check = () => {
      const hidden = box.scrollWidth - box.clientWidth;
      const before = hidden > 1 && box.scrollLeft > 1;
      const after = hidden > 1 && box.scrollLeft < hidden - 1;
      // A new object only when a side changes: scrolling re-renders nothing in between.
      setOverflow((now) => (now.before === before && now.after === after ? now : { before, after }));
    };
    const sizes = new ResizeObserver(check);
    sizes.observe(box);
    // Rows arriving or leaving change the content's width without resizing the box.
    const changes = new MutationObserver(check);
    changes.observe(box, { childList: true, subtree: true });
    box.addEventListener('scroll', check, { passive: true });
    return () => {
      sizes.disconnect();
      changes.disconnect();
      box.removeEventListener('scroll', check);
    };
  }, [ref]);
  return overflow;
}

const EDGE = 'pointer-events-none absolute inset-y-0 w-4 from-slate-900/20 to-transparent';

export function ScrollRegion({
  label,
  className = '',
  busy,
  children,
}: {
  /** What the region holds, e.g. 'Measurements'; screen readers hear that it scrolls sideways. */
  label: string;
  /** The box's own look and place (border, background, margins); it clips the edges' shadows. */
  className?: string;
  busy?: boolean;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const { before, after } = useOverflow(ref);
  const scrolls = before || after;
  return (
    <div className={`relative overflow-hidden ${className}`}>
      <div
        ref={ref}
        role={scrolls ? 'region' : undefined}
        aria-label={scrolls ? `${label} (scrolls sideways)` : undefined}
        aria-busy={busy || undefined}
        tabIndex={scrolls ? 0 : undefined}
        className="overflow-x-auto focus-visible:-outline-offset-2"
      >
        {children}
      </div>
      {before ? <div aria-hidden="true" className={`${EDGE} left-0 bg-linear-to-r`} /> : null}
      {after ? <div aria-hidden="true" className={`${EDGE} right-0 bg-linear-to-l`} /> : null}
    </div>
  );
}

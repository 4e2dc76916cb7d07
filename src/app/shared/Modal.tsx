import { lazy, Suspense, useEffect, useState } from 'react';
import { whenIdle } from '../../lib/idle.ts';
import { MODAL_HIDE_MS } from '../../shared/constants.ts';
// Type only: the panel's code itself loads lazily (below).
import type { ModalProps } from './ModalPanel.tsx';

/** React Aria's dialog, loaded when the browser is idle or a modal opens, whichever comes first. */
const loadPanel = () => import('./ModalPanel.tsx');
const ModalPanel = lazy(loadPanel);

/**
 * The modal (spec §4, §9): React Aria's dialog (focus trap, Escape, focus return), kept in the
 * page for 200 ms after it closes while it fades, then hidden. A closed modal draws nothing, so
 * its code (ModalPanel.tsx, React Aria's dialog and overlay) is not part of a page's first load:
 * it downloads once the page is idle, before anyone is likely to open one.
 */
export function Modal(props: ModalProps) {
  const { isOpen } = props;
  const [mounted, setMounted] = useState(isOpen);
  useEffect(() => whenIdle(() => void loadPanel()), []);
  useEffect(() => {
    if (isOpen) {
      setMounted(true);
      return;
    }
    const timer = setTimeout(() => setMounted(false), MODAL_HIDE_MS);
    return () => clearTimeout(timer);
  }, [isOpen]);
  if (!mounted && !isOpen) return null;
  return (
    <Suspense>
      <ModalPanel {...props} closing={!isOpen} />
    </Suspense>
  );
}

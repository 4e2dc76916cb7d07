import { useEffect, useState, type ReactNode } from 'react';
import { Dialog, Heading, Modal as AriaModal, ModalOverlay } from 'react-aria-components';
import { MODAL_HIDE_MS } from '../../shared/constants.ts';

export interface ModalProps {
  isOpen: boolean;
  onClose: () => void;
  /** The dialog's heading (also its accessible name). */
  title: ReactNode;
  /** Hide the heading visually, keeping it for screen readers. */
  hideTitle?: boolean;
  children: ReactNode;
  /** Tailwind width class of the panel. */
  width?: string;
  /** Whether a click outside or Escape closes it (default true). */
  dismissable?: boolean;
  /** Where the panel sits: centred, or near the top (search). */
  placement?: 'center' | 'top';
}

/**
 * The modal (spec §4, §9): React Aria's dialog (focus trap, Escape, focus return), kept in the
 * page for 200 ms after it closes while it fades, then hidden.
 */
export function Modal({
  isOpen,
  onClose,
  title,
  hideTitle,
  children,
  width = 'max-w-lg',
  dismissable = true,
  placement = 'center',
}: ModalProps) {
  const [mounted, setMounted] = useState(isOpen);
  useEffect(() => {
    if (isOpen) {
      setMounted(true);
      return;
    }
    const timer = setTimeout(() => setMounted(false), MODAL_HIDE_MS);
    return () => clearTimeout(timer);
  }, [isOpen]);
  if (!mounted && !isOpen) return null;
  const closing = !isOpen;
  return (
    <ModalOverlay
      isOpen
      isDismissable={dismissable}
      isKeyboardDismissDisabled={!dismissable}
      onOpenChange={(open) => {
        if (!open && !closing) onClose();
      }}
      data-closing={closing || undefined}
      style={{ transitionDuration: `${MODAL_HIDE_MS}ms` }}
      className={`fixed inset-0 z-[9000] flex justify-center bg-slate-900/40 px-4 backdrop-blur-[1px] transition-opacity ${
        placement === 'top' ? 'items-start pt-[10vh]' : 'items-center'
      } ${closing ? 'opacity-0' : 'opacity-100'}`}
    >
      <AriaModal className={`w-full ${width} rounded-xl bg-white shadow-2xl ring-1 ring-slate-900/10`}>
        <Dialog className="outline-none">
          <Heading slot="title" className={hideTitle ? 'sr-only' : 'px-5 pt-5 text-lg font-semibold text-slate-900'}>
            {title}
          </Heading>
          {children}
        </Dialog>
      </AriaModal>
    </ModalOverlay>
  );
}

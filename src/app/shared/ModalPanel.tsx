import { Dialog, Heading, Modal as AriaModal, ModalOverlay } from 'react-aria-components';
import { MODAL_HIDE_MS } from '../../shared/constants.ts';
import type { ReactNode } from 'react';

/** What a modal takes (Modal.tsx passes it on to this panel once it is open). */
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

/** The open modal's React Aria parts (Modal.tsx loads them lazily); `closing` while it fades out. */
export default function ModalPanel({
  onClose,
  title,
  hideTitle,
  children,
  width = 'max-w-lg',
  dismissable = true,
  placement = 'center',
  closing,
}: ModalProps & { closing: boolean }) {
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

import { useEffect, useId, useRef, type MouseEvent, type ReactNode } from 'react';
import { common } from '../messages/common';

type Props = {
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** The element to focus when the popup opens; the close button otherwise. */
  initialFocus?: React.RefObject<HTMLElement | null>;
  className?: string;
};

/**
 * A modal popup: a native <dialog> opened with showModal(), so the page behind is inert, focus stays inside, Esc
 * closes it (its `close` event calls onClose) and focus returns to the opener. Rendered only while open; lazy-loaded
 * with the popups that use it.
 */
export function ModalDialog({ title, onClose, children, initialFocus, className }: Props) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = dialogRef.current;
    if (dialog === null) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) dialog.showModal();
    (initialFocus?.current ?? closeRef.current)?.focus();
    return () => {
      if (dialog.open) dialog.close();
      opener?.focus();
    };
  }, [initialFocus]);

  // The dialog's `close` event also fires after our own close() (queued); only report a close the user made.
  const reportClose = () => {
    if (dialogRef.current?.open !== true) onClose();
  };

  // A click on the backdrop lands on the <dialog> element itself; clicks on its content land on children.
  const closeOnBackdrop = (event: MouseEvent<HTMLDialogElement>) => {
    if (event.target === event.currentTarget) onClose();
  };

  return (
    <dialog ref={dialogRef} className={`dialog ${className ?? ''}`} aria-labelledby={titleId} onClose={reportClose} onClick={closeOnBackdrop}>
      <div className="dialog__panel">
        {/* <div>, not <header>/<footer>: inside the dialog these are no page banner or contentinfo landmarks. */}
        <div className="dialog__header">
          <h2 id={titleId}>{title}</h2>
          <button ref={closeRef} type="button" className="dialog__x" aria-label={common.close} onClick={onClose}>
            <span aria-hidden="true">×</span>
          </button>
        </div>
        {children}
      </div>
    </dialog>
  );
}

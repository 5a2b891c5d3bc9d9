import { useEffect, useRef, type MouseEvent } from 'react';
import { TermsText } from './terms-text';

type Props = { open: boolean; onClose: () => void };

/**
 * Modal popup holding the terms of use and privacy policy.
 * A native <dialog> opened with showModal(): the page behind is inert, focus stays inside,
 * Esc closes it (its `close` event calls onClose), and focus returns to the opener.
 */
export function TermsDialog({ open, onClose }: Props) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (dialog === null || !open) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) dialog.showModal();
    closeRef.current?.focus();
    return () => {
      if (dialog.open) dialog.close();
      opener?.focus();
    };
  }, [open]);

  // The dialog's `close` event also fires after our own close() (queued); only report a close the user made.
  const reportClose = () => {
    if (dialogRef.current?.open !== true) onClose();
  };

  // A click on the backdrop lands on the <dialog> element itself; clicks on its content land on children.
  const closeOnBackdrop = (event: MouseEvent<HTMLDialogElement>) => {
    if (event.target === event.currentTarget) onClose();
  };

  return (
    <dialog ref={dialogRef} className="dialog" aria-labelledby="terms-title" onClose={reportClose} onClick={closeOnBackdrop}>
      <div className="dialog__panel">
        {/* <div>, not <header>/<footer>: inside the dialog these are no page banner or contentinfo landmarks. */}
        <div className="dialog__header">
          <h2 id="terms-title">Terms And Condition</h2>
          <button ref={closeRef} type="button" className="dialog__x" aria-label="Close" onClick={onClose}>
            <span aria-hidden="true">×</span>
          </button>
        </div>
        {/* The text scrolls inside the popup: as a focusable region, keyboard users can scroll it too. */}
        <div className="dialog__body terms" tabIndex={0} role="region" aria-labelledby="terms-title">
          <TermsText />
        </div>
        <div className="dialog__footer">
          <button type="button" className="button" onClick={onClose}>
            Close
          </button>
        </div>
      </div>
    </dialog>
  );
}

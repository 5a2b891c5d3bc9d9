import { common } from '../messages/common';
import { ModalDialog } from './modal-dialog';
import { TermsText } from './terms-text';

/** The footer's 'Terms And Condition' popup: the terms of use and privacy policy (spec §9). */
export function TermsDialog({ onClose }: { onClose: () => void }) {
  return (
    <ModalDialog title={common.terms} onClose={onClose}>
      {/* The text scrolls inside the popup: as a focusable region, keyboard users can scroll it too. */}
      <div className="dialog__body terms" tabIndex={0} role="region" aria-label={common.terms}>
        <TermsText />
      </div>
      <div className="dialog__footer">
        <button type="button" className="button" onClick={onClose}>
          {common.close}
        </button>
      </div>
    </ModalDialog>
  );
}

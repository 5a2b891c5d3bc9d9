import type { PublicProductFamily } from '@ifu/contracts/public';
import { useRef } from 'react';
import { ModalDialog } from '../../components/modal-dialog';
import { docSearchText as text } from '../../messages/doc-search';
import { SearchLinkForm } from '../../components/search-link-form';

type Props = { customerName: string; family: PublicProductFamily; onClose: () => void };

/** The email popup of a product family (spec §2.1): the search link form, for that family. */
export function EmailDialog({ customerName, family, onClose }: Props) {
  const inputRef = useRef<HTMLInputElement>(null);
  return (
    <ModalDialog title={text.dialogTitle} onClose={onClose} initialFocus={inputRef} className="dialog--narrow">
      <SearchLinkForm
        customerName={customerName}
        parentChangeId={family.parentChangeId}
        intro={text.dialogIntro(family.productFamilyName)}
        inputRef={inputRef}
        className="dialog__body form"
      />
    </ModalDialog>
  );
}

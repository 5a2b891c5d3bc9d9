import { childTextFields } from '@ifu/contracts';
import type { AddDocumentListData, ChangeOrderView, ReviseChangeOrderRequest } from '@ifu/contracts';

import { parentFormDefaults } from './document-form-values';
import type { StartStepInput, WizardChild } from './document-form-values';

/**
 * Revise and resubmit: the Add wizard prefilled from a rejected change order. Its stored files are kept
 * (not uploaded again) until the author removes or replaces them; the submit names it (`revises`) and the files kept.
 */

/** The Start step of a revision: the rejected change order's fields; new files only when the author adds them. */
export const reviseStartDefaults = (view: ChangeOrderView): StartStepInput => ({ ...parentFormDefaults(view), parentDocuments: [], parentLogo: null });

/** The rejected change order's children as the wizard's, each keeping its stored PDF. */
export const wizardChildrenOf = (view: ChangeOrderView): WizardChild[] =>
  view.children.map((child) => ({
    values: {
      ...childTextFields(child),
      gtin: child.gtin,
      additionalLots: child.additionalLots,
      serialRanges: child.serialRanges,
      file: null,
    },
    uploadDocumentFileId: '',
    keepFileOf: child.childDocumentId,
    keptFile: { docName: child.docName, size: child.size },
  }));

/**
 * The body of POST /document/reviseChangeOrder: the wizard's submission (`toAddDocumentListData`), naming the rejected
 * change order, the supporting files kept, and for each child either its new upload or the child whose PDF it keeps.
 */
export const toReviseChangeOrderData = (
  data: AddDocumentListData,
  revision: { revises: string; keepFileIds: string[]; children: readonly WizardChild[] },
): ReviseChangeOrderRequest => {
  const { uploadParentDocumentFileId, list, ...rest } = data;
  return {
    ...rest,
    revises: revision.revises,
    keepFileIds: revision.keepFileIds,
    ...(uploadParentDocumentFileId ? { uploadParentDocumentFileId } : {}),
    list: list.map(({ uploadDocumentFileId, ...child }, index) => {
      const keepFileOf = revision.children[index]?.keepFileOf;
      return keepFileOf ? { ...child, keepFileOf } : { ...child, uploadDocumentFileId };
    }),
  };
};

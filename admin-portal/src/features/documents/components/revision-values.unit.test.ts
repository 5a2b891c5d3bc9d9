import { ReviseChangeOrderRequest } from '@ifu/contracts';
import type { AddDocumentListData } from '@ifu/contracts';
import { describe, expect, it } from 'vitest';

import { toReviseChangeOrderData } from './revision-values';
import type { WizardChild } from './document-form-values';

const child = {
  associatedReferenceNumber: 'LOT-1',
  productSubFamilyNameOne: 'PN-1',
  productSubFamilyNameTwo: 'BOM-1',
  billMaterialInformation: 'BOM-1',
  countryList: 'DE',
  languageList: 'de',
  keywords: 'k',
  changeDescription: 'c',
  changeJustification: 'j',
};
const submitted: AddDocumentListData = {
  changeType: 'Record',
  productFamilyName: 'Stent',
  approverId: 'approver-1',
  isInternal: false,
  customerId: 'customer-1',
  effectiveDate: '01-Dec-2026',
  changeDescription: 'd',
  changeJustification: 'j',
  username: 'a@example.com',
  password: 'secret',
  comments: 'revised',
  uploadParentDocumentFileId: '',
  list: [
    { ...child, uploadDocumentFileId: '' },
    { ...child, associatedReferenceNumber: 'LOT-2', uploadDocumentFileId: 'upload-2' },
  ],
};
const kept = (keepFileOf?: string): WizardChild => ({ values: {} as WizardChild['values'], uploadDocumentFileId: keepFileOf ? '' : 'upload-2', keepFileOf });

describe('the body of a revision', () => {
  it('names the rejected change order and the files kept; a child keeps its stored PDF or sends its new upload; no parent upload when none was needed', () => {
    const body = toReviseChangeOrderData(submitted, { revises: 'rejected-1', keepFileIds: ['file-1'], children: [kept('child-1'), kept()] });
    expect(body).toMatchObject({ revises: 'rejected-1', keepFileIds: ['file-1'] });
    expect(body).not.toHaveProperty('uploadParentDocumentFileId');
    expect(body.list[0]).toMatchObject({ keepFileOf: 'child-1' });
    expect(body.list[0]).not.toHaveProperty('uploadDocumentFileId');
    expect(body.list[1]).toMatchObject({ uploadDocumentFileId: 'upload-2' });
    expect(body.list[1]).not.toHaveProperty('keepFileOf');
    // What the server takes.
    expect(ReviseChangeOrderRequest.safeParse(body).success).toBe(true);
  });

  it('sends the new parent upload when there is one', () => {
    const body = toReviseChangeOrderData({ ...submitted, uploadParentDocumentFileId: 'upload-p' }, { revises: 'rejected-1', keepFileIds: [], children: [kept('child-1'), kept()] });
    expect(body.uploadParentDocumentFileId).toBe('upload-p');
  });
});

import { AddDocumentListData, DOCUMENT_MESSAGES, UpdateChildFields, UpdateParentFields } from '@ifu/contracts';
import type { ChangeOrderView, ChildDocumentView } from '@ifu/contracts';
import { describe, expect, it } from 'vitest';

import {
  childPageDefaults,
  childPageSchema,
  childStepDefaults,
  childStepInputOf,
  childStepSchema,
  editParentDefaults,
  editParentSchema,
  parseEffectiveDate,
  signFormDefaults,
  signFormSchema,
  startStepDefaults,
  startStepSchema,
  toAddDocumentListData,
  toChildUploadFormData,
  toParentUploadFormData,
  toUpdateChildFormData,
  toUpdateParentFormData,
} from './document-form-values';

type Schema = { safeParse: (input: unknown) => { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } } };
const messages = (schema: Schema, input: unknown) => {
  const result = schema.safeParse(input);
  return result.success ? [] : result.error!.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
};

const pdf = (name: string) => new File([new Uint8Array([37, 80, 68, 70])], name, { type: 'application/pdf' });
const logo = new File([new Uint8Array([137, 80, 78, 71])], 'logo.png', { type: 'image/png' });

const start = {
  ...startStepDefaults(),
  productFamilyName: 'Infusion Pump X',
  isInternal: 'false',
  changeType: 'Record',
  customerId: 'customer-1',
  approverId: 'approver-1',
  effectiveDate: new Date(2026, 10, 5),
  changeDescription: 'New labelling',
  changeJustification: 'Regulation update',
  parentDocuments: [pdf('a.pdf')],
  parentLogo: logo,
};

const child = {
  ...childStepDefaults(),
  associatedReferenceNumber: 'LOT-1',
  productSubFamilyNameOne: 'PN-1',
  billMaterialInformation: 'BOM-1',
  countryList: ['DE', 'US'],
  languageList: ['de', 'en'],
  keywords: 'pump, infusion',
  changeDescription: 'First issue',
  changeJustification: 'New product',
  file: pdf('ifu.pdf'),
};

const storedChild: ChildDocumentView = {
  childDocumentId: 'child-1',
  documentNumber: 'CO-2026-00001-01',
  associatedReferenceNumber: 'LOT-1',
  productSubFamilyNameOne: 'PN-1',
  productSubFamilyNameTwo: 'BOM-1',
  billMaterialInformation: 'BOM-1',
  keywords: 'pump',
  countryList: 'DE,US',
  languageList: 'de',
  changeDescription: 'First issue',
  changeJustification: 'New product',
  gtin: '09506000134352',
  additionalLots: 'LOT-2',
  serialRanges: '',
  labelUrl: 'http://localhost:3001/01/09506000134352/10/LOT-1',
  permalink: 'http://localhost:3001/p/CO-2026-00001-01',
  comments: 'ok',
  docName: 'ifu.pdf',
  sha256: 'abc',
  size: 4,
  obsoleteDate: null,
  signatures: [],
  opened: false,
  archived: false,
  supersededBy: null,
  versions: [],
};

const view: ChangeOrderView = {
  parentChangeId: 'parent-1',
  parentDocumentChangeId: 'parent-1',
  documentId: 'CO-2026-00001',
  approvalRoutingNumber: 'AR-1',
  status: 'REQUIRE_APPROVAL',
  changeType: 'Product Drawing',
  productFamilyName: 'Infusion Pump X',
  productFamilyDescription: 'New labelling',
  changeDescription: 'New labelling',
  changeJustification: 'Regulation update',
  basicUdiDi: '',
  safetyRevision: false,
  safetyNotices: null,
  comments: '',
  reason: null,
  isInternal: true,
  effectiveDate: '2026-11-05',
  approvedDate: null,
  customerId: 'customer-1',
  customerName: 'Acme',
  approverId: 'approver-1',
  approver: null,
  author: null,
  parentDocumentList: [
    { fileId: 'f1', id: 'f1', docName: 'a.pdf', size: 4, sha256: 'x', opened: false },
    { fileId: 'f2', id: 'f2', docName: 'b.pdf', size: 4, sha256: 'y', opened: false },
    { fileId: 'f3', id: 'f3', docName: 'c.pdf', size: 4, sha256: 'z', opened: false },
  ],
  parentDocumentLogoUrl: null,
  children: [storedChild],
  deactivatedChildren: [],
  signatures: [],
  createdAt: '2026-11-01T00:00:00.000Z',
  editable: true,
  mayDecide: false,
  unopened: [],
  revises: null,
  revisedBy: null,
  mayRevise: false,
  pendingAccessibility: null,
  maySwitchAccessibility: false,
  mayDecideAccessibility: false,
  periodicReview: { reviewDate: null, overdue: false, lastReview: null, mayComplete: false, maySetDate: false },
  version: 3,
};

const entries = (body: FormData) =>
  Object.fromEntries([...body.keys()].map((key) => [key, body.getAll(key).map((value) => (typeof value === 'string' ? value : value.name)).join('|')]));

describe('the Start step', () => {
  it('when empty, then every field says so with the spec texts, the logo included', () => {
    expect(messages(startStepSchema, startStepDefaults())).toEqual([
      `productFamilyName: ${DOCUMENT_MESSAGES.enterProductFamilyName}`,
      `isInternal: ${DOCUMENT_MESSAGES.selectInternal}`,
      `changeType: ${DOCUMENT_MESSAGES.selectType}`,
      `customerId: ${DOCUMENT_MESSAGES.selectCustomer}`,
      `approverId: ${DOCUMENT_MESSAGES.selectApprover}`,
      `effectiveDate: ${DOCUMENT_MESSAGES.selectEffectiveDate}`,
      `changeDescription: ${DOCUMENT_MESSAGES.enterDescriptionOfChange}`,
      `changeJustification: ${DOCUMENT_MESSAGES.enterJustificationOfChange}`,
      `parentLogo: ${DOCUMENT_MESSAGES.selectDocumentLogo}`,
    ]);
  });

  it('when five files are attached or the date is not a real one, then it says so', () => {
    const five = ['1', '2', '3', '4', '5'].map((n) => pdf(`${n}.pdf`));
    expect(messages(startStepSchema, { ...start, parentDocuments: five })).toEqual([`parentDocuments: ${DOCUMENT_MESSAGES.atMostFourFiles}`]);
    expect(messages(startStepSchema, { ...start, effectiveDate: new Date(Number.NaN) })).toEqual([
      `effectiveDate: ${DOCUMENT_MESSAGES.selectEffectiveDate}`,
    ]);
  });

  it('when valid, then Offline is isInternal true and the day is the picked local day', () => {
    const values = startStepSchema.parse({ ...start, isInternal: 'true' });
    expect(values).toMatchObject({ isInternal: true, changeType: 'Record', effectiveDate: '2026-11-05' });
    expect(startStepSchema.parse(start).isInternal).toBe(false);
  });

  it('the upload sends isParent, the PDFs in order and the logo', () => {
    expect(entries(toParentUploadFormData([pdf('a.pdf'), pdf('b.pdf')], logo))).toEqual({
      isParent: 'true',
      parentDocuments: 'a.pdf|b.pdf',
      parentLogo: 'logo.png',
    });
    expect(entries(toChildUploadFormData(pdf('ifu.pdf')))).toEqual({ isParent: 'false', childMainDocument: 'ifu.pdf' });
  });
});

describe('the Change/New step and Preview', () => {
  it('when empty, then every child field and the document say so', () => {
    expect(messages(childStepSchema, childStepDefaults())).toEqual([
      `associatedReferenceNumber: ${DOCUMENT_MESSAGES.enterIfuNumber}`,
      `productSubFamilyNameOne: ${DOCUMENT_MESSAGES.enterPartNumber}`,
      `billMaterialInformation: ${DOCUMENT_MESSAGES.enterBillOfMaterial}`,
      `countryList: ${DOCUMENT_MESSAGES.selectCountry}`,
      `languageList: ${DOCUMENT_MESSAGES.selectLanguage}`,
      `keywords: ${DOCUMENT_MESSAGES.enterKeywords}`,
      `changeDescription: ${DOCUMENT_MESSAGES.enterDescriptionOfChange}`,
      `changeJustification: ${DOCUMENT_MESSAGES.enterJustificationOfChange}`,
      `file: ${DOCUMENT_MESSAGES.selectDocument}`,
    ]);
    expect(messages(signFormSchema, signFormDefaults())).toEqual([
      `username: ${DOCUMENT_MESSAGES.enterUsername}`,
      `password: ${DOCUMENT_MESSAGES.enterPassword}`,
      `comments: ${DOCUMENT_MESSAGES.enterComments}`,
    ]);
  });

  it('a saved child goes back into the form with its codes as lists', () => {
    const values = childStepSchema.parse(child);
    expect(values.countryList).toBe('DE,US');
    expect(childStepInputOf(values)).toMatchObject({ countryList: ['DE', 'US'], languageList: ['de', 'en'], file: child.file });
  });

  it('the submission is what the server accepts: DD-MMM-YYYY dates, every child with its upload, the obsolete date today', () => {
    const data = toAddDocumentListData({
      parent: startStepSchema.parse(start),
      sign: signFormSchema.parse({ username: 'ann@example.com', password: 'secret', comments: 'First release' }),
      uploadParentDocumentFileId: 'upload-parent-1',
      children: [
        { values: childStepSchema.parse(child), uploadDocumentFileId: 'upload-child-1' },
        { values: childStepSchema.parse({ ...child, associatedReferenceNumber: 'LOT-2' }), uploadDocumentFileId: 'upload-child-2' },
      ],
      today: new Date(2026, 10, 23),
    });
    expect(data).toMatchObject({
      effectiveDate: '05-Nov-2026',
      isInternal: false,
      productFamilyDescription: 'New labelling',
      safetyRevision: false,
      username: 'ann@example.com',
      uploadParentDocumentFileId: 'upload-parent-1',
    });
    expect(data.list.map((c) => [c.associatedReferenceNumber, c.uploadDocumentFileId, c.countryList, c.languageList, c.obsoleteDate])).toEqual([
      ['LOT-1', 'upload-child-1', 'DE,US', 'de,en', '23-Nov-2026'],
      ['LOT-2', 'upload-child-2', 'DE,US', 'de,en', '23-Nov-2026'],
    ]);
    const parsed = AddDocumentListData.safeParse(data);
    expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
    expect(parsed.data?.effectiveDate).toBe('2026-11-05');
  });
});

describe('Edit parent', () => {
  it('starts from the stored change order, its day read from YYYY-MM-DD or DD-MMM-YYYY', () => {
    const defaults = editParentDefaults(view);
    expect(defaults).toMatchObject({ isInternal: 'true', changeType: 'Product Drawing', username: '', parentDocuments: [], parentLogo: null });
    expect(defaults.effectiveDate).toEqual(new Date(2026, 10, 5));
    expect(parseEffectiveDate('05-Nov-2026')).toEqual(new Date(2026, 10, 5));
    expect(parseEffectiveDate('not a day')).toBeNull();
  });

  it('asks for Product Name and the signer; the 4 files count the ones kept', () => {
    const empty = { ...editParentDefaults(view), productFamilyName: ' ' };
    expect(messages(editParentSchema(3), empty)).toEqual([
      `productFamilyName: ${DOCUMENT_MESSAGES.enterProductName}`,
      `username: ${DOCUMENT_MESSAGES.enterUsername}`,
      `password: ${DOCUMENT_MESSAGES.enterPassword}`,
      `comments: ${DOCUMENT_MESSAGES.enterComments}`,
    ]);
    const signed = { ...editParentDefaults(view), username: 'ann@example.com', password: 'secret', comments: 'Fix' };
    expect(messages(editParentSchema(3), { ...signed, parentDocuments: [pdf('d.pdf')] })).toEqual([]);
    expect(messages(editParentSchema(3), { ...signed, parentDocuments: [pdf('d.pdf'), pdf('e.pdf')] })).toEqual([
      `parentDocuments: ${DOCUMENT_MESSAGES.atMostFourFiles}`,
    ]);
    expect(messages(editParentSchema(2), { ...signed, parentDocuments: [pdf('d.pdf'), pdf('e.pdf')] })).toEqual([]);
  });

  it('the multipart body carries parantChangeId and only the new files, and the server reads it', () => {
    const signed = { ...editParentDefaults(view), username: 'ann@example.com', password: 'secret', comments: 'Fix' };
    const body = entries(toUpdateParentFormData(editParentSchema(3).parse(signed), 'parent-1'));
    expect(body).toMatchObject({ parantChangeId: 'parent-1', isInternal: 'true', effectiveDate: '05-Nov-2026', comments: 'Fix' });
    expect(body).not.toHaveProperty('parentLogo');
    expect(body).not.toHaveProperty('parentDocuments');
    expect(UpdateParentFields.safeParse(body).success).toBe(true);
    const withFiles = entries(toUpdateParentFormData(editParentSchema(0).parse({ ...signed, parentLogo: logo, parentDocuments: [pdf('d.pdf')] }), 'parent-1'));
    expect(withFiles).toMatchObject({ parentLogo: 'logo.png', parentDocuments: 'd.pdf' });
  });

  it('the safety-revision switch starts as stored and travels as a form field the server reads', () => {
    expect(editParentDefaults(view).safetyRevision).toBe(false);
    expect(editParentDefaults({ ...view, safetyRevision: true }).safetyRevision).toBe(true);
    const signed = { ...editParentDefaults(view), safetyRevision: true, username: 'ann@example.com', password: 'secret', comments: 'Fix' };
    const body = entries(toUpdateParentFormData(editParentSchema(3).parse(signed), 'parent-1'));
    expect(body).toMatchObject({ safetyRevision: 'true' });
    expect(UpdateParentFields.parse(body).safetyRevision).toBe(true);
  });
});

describe('Edit child and Add child', () => {
  const signer = { username: 'ann@example.com', password: 'secret', comments: 'Fix' };

  it('adding needs a document, editing does not', () => {
    const filled = { ...childPageDefaults(storedChild), ...signer };
    expect(messages(childPageSchema({ adding: true }), filled)).toEqual([`file: ${DOCUMENT_MESSAGES.selectDocument}`]);
    expect(messages(childPageSchema({ adding: false }), filled)).toEqual([]);
    expect(messages(childPageSchema({ adding: true }), childPageDefaults())).toContain(`username: ${DOCUMENT_MESSAGES.enterUsername}`);
  });

  it('an edit names the child, an addition the change order, and the server reads both', () => {
    const values = childPageSchema({ adding: false }).parse({ ...childPageDefaults(storedChild), ...signer });
    const edit = entries(toUpdateChildFormData(values, { childDocumentId: 'child-1' }));
    expect(edit).toMatchObject({ childDocumentId: 'child-1', countryList: 'DE,US', languageList: 'de', productSubFamilyNameTwo: 'BOM-1' });
    expect(edit).not.toHaveProperty('documentParentChangeId');
    expect(edit).not.toHaveProperty('childMainDocument');
    expect(UpdateChildFields.safeParse(edit).success).toBe(true);

    const added = childPageSchema({ adding: true }).parse({ ...childPageDefaults(storedChild), ...signer, file: pdf('new.pdf') });
    const add = entries(toUpdateChildFormData(added, { documentParentChangeId: 'parent-1' }));
    expect(add).toMatchObject({ documentParentChangeId: 'parent-1', childMainDocument: 'new.pdf' });
    expect(add).not.toHaveProperty('childDocumentId');
  });
});

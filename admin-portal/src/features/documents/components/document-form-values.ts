import {
  ChangeType,
  childFields,
  DOCUMENT_MESSAGES,
  fromDayMonthYear,
  MAX_SUPPORTING_FILES,
  parentFields,
  signedFields,
  toDayMonthYear,
} from '@ifu/contracts';
import type { AddDocumentListData, ChangeOrderView, ChildDocumentView } from '@ifu/contracts';
import { format, isValid } from 'date-fns';
import { z } from 'zod';

/**
 * The document forms (spec §5: Add wizard, Change/New, Preview, Edit or add child, Edit parent): the server's own
 * field rules and messages (services/contracts), so each form says what the server would. Only what a form holds
 * differently from the wire is adapted here: the effective date is a Date from the picker, Accessibility a radio
 * value ('true' is Offline), the countries and languages arrays of codes, the files File objects.
 */

const isFile = (value: unknown): value is File => typeof File !== 'undefined' && value instanceof File;

/** A File or nothing; `required` is the message when nothing is chosen. */
const optionalFile = z.custom<File | null>((value) => value === null || isFile(value));
// Its output stays `File | null` (not narrowed): a revision's forms take the same values without a file.
const requiredFile = (required: string) =>
  z.custom<File | null>((value) => value === null || isFile(value)).refine((file): boolean => file !== null, required);

/** The picker's day as `YYYY-MM-DD` (its local calendar day), or 'Select Effective Date'. */
export const effectiveDateInput = z
  .custom<Date | null>((value) => value === null || value instanceof Date, DOCUMENT_MESSAGES.selectEffectiveDate)
  .refine((date): date is Date => date !== null && isValid(date), DOCUMENT_MESSAGES.selectEffectiveDate)
  .transform((date) => format(date as Date, 'yyyy-MM-dd'));

/** `YYYY-MM-DD` or `DD-MMM-YYYY` (as the server may show it) → the picker's Date at local midnight. */
export const parseEffectiveDate = (text: string): Date | null => {
  const day = /^\d{4}-\d{2}-\d{2}/.test(text) ? text.slice(0, 10) : fromDayMonthYear(text);
  if (!day) return null;
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const parsed = new Date(year, month - 1, date);
  return isValid(parsed) ? parsed : null;
};

/** The parent fields every parent form has (Start step, Edit parent), with the message of its Product Name. */
const parentShape = (productNameMessage: string) => {
  const fields = parentFields(productNameMessage);
  return {
    productFamilyName: fields.productFamilyName,
    /** Radio value: 'false' Online, 'true' Offline (spec §3 isInternal). */
    isInternal: z
      .string()
      .refine((value) => value === 'true' || value === 'false', DOCUMENT_MESSAGES.selectInternal)
      .transform((value) => value === 'true'),
    /** '' until a radio is chosen: 'Select Type'. */
    changeType: z.string().pipe(ChangeType),
    customerId: fields.customerId,
    approverId: fields.approverId,
    effectiveDate: effectiveDateInput,
    changeDescription: fields.changeDescription,
    changeJustification: fields.changeJustification,
    /**
     * The product description where the change order has one of its own (written apart from the description of
     * change): shown, and kept, on a revision and on Edit parent. Empty: the description of change is sent as it.
     */
    productFamilyDescription: z.string().max(2000, 'Product Description: at most 2000 characters'),
    basicUdiDi: fields.basicUdiDi,
    /** A safety revision: a switch, off by default. */
    safetyRevision: z.boolean(),
  };
};

export const parentFormSchema = z.object(parentShape(DOCUMENT_MESSAGES.enterProductFamilyName));
export type ParentFormInput = z.input<typeof parentFormSchema>;
export type ParentFormValues = z.output<typeof parentFormSchema>;

/** The supporting PDFs: at most 4 in all, counting those the change order keeps. */
const supportingFiles = (kept = 0) =>
  z.array(z.custom<File>(isFile)).refine((files) => files.length + kept <= MAX_SUPPORTING_FILES, DOCUMENT_MESSAGES.atMostFourFiles);

/** The wizard's Start step (spec §5, Add wizard, Start step): the parent, its supporting files and its logo. */
export const startStepSchema = parentFormSchema.extend({
  parentDocuments: supportingFiles(),
  parentLogo: requiredFile(DOCUMENT_MESSAGES.selectDocumentLogo),
});
export type StartStepInput = z.input<typeof startStepSchema>;
export type StartStepValues = z.output<typeof startStepSchema>;

/** Revise and resubmit: the Start step keeps the rejected change order's logo and counts its kept files. */
export const reviseStartStepSchema = (keptFiles: number) =>
  parentFormSchema.extend({ parentDocuments: supportingFiles(keptFiles), parentLogo: optionalFile });

/** Only the files of the Start step: what 'Upload All File' checks before it asks. */
export const startFilesSchema = startStepSchema.pick({ parentDocuments: true, parentLogo: true });

/** The Preview step's and every signed edit's Username, Password and Comments. */
export const signFormSchema = z.object(signedFields);
export type SignFormInput = z.input<typeof signFormSchema>;
export type SignFormValues = z.output<typeof signFormSchema>;
/**
 * Empty, but for the username: the signed-in user's own (a signature is refused with anyone else's), so that only the
 * password is typed. The password is never prefilled.
 */
export const signFormDefaults = (signer = ''): SignFormInput => ({ username: signer, password: '', comments: '' });

/** Edit parent (spec §5): 'Enter Product Name', the signer's fields, new supporting files (4 in all) and a new logo. */
export const editParentSchema = (keptFiles: number) =>
  z.object({
    ...parentShape(DOCUMENT_MESSAGES.enterProductName),
    ...signedFields,
    parentDocuments: supportingFiles(keptFiles),
    parentLogo: optionalFile,
  });
export type EditParentInput = z.input<ReturnType<typeof editParentSchema>>;
export type EditParentValues = z.output<ReturnType<typeof editParentSchema>>;

const childShape = {
  associatedReferenceNumber: childFields.associatedReferenceNumber,
  productSubFamilyNameOne: childFields.productSubFamilyNameOne,
  billMaterialInformation: childFields.billMaterialInformation,
  countryList: childFields.countryList,
  languageList: childFields.languageList,
  keywords: childFields.keywords,
  changeDescription: childFields.changeDescription,
  changeJustification: childFields.changeJustification,
  gtin: childFields.gtin,
  additionalLots: childFields.additionalLots,
  serialRanges: childFields.serialRanges,
};

/** The Change/New step (spec §5): the child's fields and its one PDF ('Select a document'). */
export const childStepSchema = z.object({ ...childShape, file: requiredFile(DOCUMENT_MESSAGES.selectDocument) });
export type ChildStepInput = z.input<typeof childStepSchema>;
export type ChildStepValues = z.output<typeof childStepSchema>;

/** Revise and resubmit: a child keeping the rejected change order's stored PDF needs no new file. */
export const childStepKeepingSchema = z.object({ ...childShape, file: optionalFile });

/** Edit child and Add child (spec §5): the child rules and the signer's; the file is needed only when adding. */
export const childPageSchema = ({ adding }: { adding: boolean }) =>
  z.object({
    ...childShape,
    ...signedFields,
    file: adding ? requiredFile(DOCUMENT_MESSAGES.selectDocument) : optionalFile,
  });
export type ChildPageInput = z.input<ReturnType<typeof childPageSchema>>;
export type ChildPageValues = z.output<ReturnType<typeof childPageSchema>>;

// ---- defaults

/** The change order's product description where it is its own, not a copy of its description of change. */
export const ownProductDescription = (view: Pick<ChangeOrderView, 'productFamilyDescription' | 'changeDescription'>): string =>
  view.productFamilyDescription && view.productFamilyDescription !== view.changeDescription ? view.productFamilyDescription : '';

const codes = (list: string | undefined) => (list ?? '').split(',').map((code) => code.trim()).filter(Boolean);

export const parentFormDefaults = (view?: ChangeOrderView): ParentFormInput => ({
  productFamilyName: view?.productFamilyName ?? '',
  isInternal: view ? String(view.isInternal) : '',
  changeType: view?.changeType ?? '',
  customerId: view?.customerId ?? '',
  approverId: view?.approverId ?? '',
  effectiveDate: view ? parseEffectiveDate(view.effectiveDate) : null,
  changeDescription: view?.changeDescription ?? '',
  changeJustification: view?.changeJustification ?? '',
  productFamilyDescription: view ? ownProductDescription(view) : '',
  basicUdiDi: view?.basicUdiDi ?? '',
  safetyRevision: view?.safetyRevision ?? false,
});

export const startStepDefaults = (): StartStepInput => ({ ...parentFormDefaults(), parentDocuments: [], parentLogo: null });

export const editParentDefaults = (view: ChangeOrderView, signer = ''): EditParentInput => ({
  ...parentFormDefaults(view),
  ...signFormDefaults(signer),
  parentDocuments: [],
  parentLogo: null,
});

type ChildFieldsInput = Omit<ChildStepInput, 'file'>;

const childFieldDefaults = (child?: ChildDocumentView): ChildFieldsInput => ({
  associatedReferenceNumber: child?.associatedReferenceNumber ?? '',
  productSubFamilyNameOne: child?.productSubFamilyNameOne ?? '',
  billMaterialInformation: child?.billMaterialInformation ?? '',
  countryList: codes(child?.countryList),
  languageList: codes(child?.languageList),
  keywords: child?.keywords ?? '',
  changeDescription: child?.changeDescription ?? '',
  changeJustification: child?.changeJustification ?? '',
  gtin: child?.gtin ?? '',
  additionalLots: child?.additionalLots ?? '',
  serialRanges: child?.serialRanges ?? '',
});

export const childStepDefaults = (): ChildStepInput => ({ ...childFieldDefaults(), file: null });

/**
 * The next child after 'Add More Document': what the children of one change order usually share is carried from the
 * previous one (its bill of material, description and justification of change), to be changed where it differs.
 */
export const nextChildDefaults = (previous: Pick<ChildStepValues, 'billMaterialInformation' | 'changeDescription' | 'changeJustification'>): ChildStepInput => ({
  ...childStepDefaults(),
  billMaterialInformation: previous.billMaterialInformation,
  changeDescription: previous.changeDescription,
  changeJustification: previous.changeJustification,
});

/** Edit child starts from the stored child; Add child from nothing. */
export const childPageDefaults = (child?: ChildDocumentView, signer = ''): ChildPageInput => ({
  ...childFieldDefaults(child),
  ...signFormDefaults(signer),
  file: null,
});

/** A saved child of the wizard back in the Change/New form (edit from 'Uploaded Doc'). */
export const childStepInputOf = (values: ChildStepValues): ChildStepInput => ({
  ...values,
  countryList: codes(values.countryList),
  languageList: codes(values.languageList),
});

// ---- what is sent

/**
 * The multipart body of POST /document/addDocumentFiles for the parent: its PDFs and its logo. Without a logo it is a
 * revision's upload (the rejected change order's logo is kept), marked `revising`.
 */
export const toParentUploadFormData = (documents: readonly File[], logo: File | null): FormData => {
  const body = new FormData();
  body.set('isParent', 'true');
  if (!logo) body.set('revising', 'true');
  documents.forEach((file) => body.append('parentDocuments', file, file.name));
  if (logo) body.set('parentLogo', logo, logo.name);
  return body;
};

/** The multipart body of POST /document/addDocumentFiles for one child's PDF. */
export const toChildUploadFormData = (file: File): FormData => {
  const body = new FormData();
  body.set('isParent', 'false');
  body.set('childMainDocument', file, file.name);
  return body;
};

/**
 * A child the wizard holds: its values and the id its uploaded PDF got; or, revising a rejected change order (issue
 * 22), the child whose stored PDF it keeps (`keepFileOf`, with that file's name) until another file is chosen.
 */
export type WizardChild = { values: ChildStepValues; uploadDocumentFileId: string; keepFileOf?: string; keptFile?: { docName: string; size: number } };

const productDescriptionOf = (parent: ParentFormValues) => parent.productFamilyDescription.trim() || parent.changeDescription;

const parentPayload = (parent: ParentFormValues) => ({
  changeType: parent.changeType,
  productFamilyName: parent.productFamilyName,
  approverId: parent.approverId,
  isInternal: parent.isInternal,
  customerId: parent.customerId,
  effectiveDate: toDayMonthYear(parent.effectiveDate),
  changeDescription: parent.changeDescription,
  changeJustification: parent.changeJustification,
  /** The payload carries two descriptions (spec §7.3); without one of its own, the description of change is both. */
  productFamilyDescription: productDescriptionOf(parent),
  basicUdiDi: parent.basicUdiDi,
  safetyRevision: parent.safetyRevision,
});

/**
 * The JSON body of POST /document/addDocumentListData (spec §7.3): the parent, the signer, the parent's upload and
 * every child with its upload. The obsolete date is today (spec §9: set on submit).
 */
export const toAddDocumentListData = ({
  parent,
  sign,
  uploadParentDocumentFileId,
  children,
  today,
}: {
  parent: ParentFormValues;
  sign: SignFormValues;
  uploadParentDocumentFileId: string;
  children: readonly WizardChild[];
  today: Date;
}): AddDocumentListData => ({
  ...parentPayload(parent),
  username: sign.username,
  password: sign.password,
  comments: sign.comments,
  uploadParentDocumentFileId,
  list: children.map(({ values, uploadDocumentFileId }) => ({
    associatedReferenceNumber: values.associatedReferenceNumber,
    productSubFamilyNameOne: values.productSubFamilyNameOne,
    productSubFamilyNameTwo: values.billMaterialInformation,
    billMaterialInformation: values.billMaterialInformation,
    countryList: values.countryList,
    languageList: values.languageList,
    keywords: values.keywords,
    changeDescription: values.changeDescription,
    changeJustification: values.changeJustification,
    gtin: values.gtin,
    additionalLots: values.additionalLots,
    serialRanges: values.serialRanges,
    uploadDocumentFileId,
    obsoleteDate: toDayMonthYear(format(today, 'yyyy-MM-dd')),
    isInternal: parent.isInternal,
    productFamilyName: parent.productFamilyName,
    productFamilyDescription: productDescriptionOf(parent),
  })),
});

/**
 * The multipart body of PUT /document/updateParent (spec §7.3, parent edit payload): the parent fields, the signer,
 * `parantChangeId`, and only what is new among the files (`parentLogo`, `parentDocuments`).
 */
export const toUpdateParentFormData = (values: EditParentValues, parentChangeId: string): FormData => {
  const body = new FormData();
  body.set('parantChangeId', parentChangeId);
  Object.entries(parentPayload(values)).forEach(([key, value]) => body.set(key, String(value)));
  body.set('username', values.username);
  body.set('password', values.password);
  body.set('comments', values.comments);
  if (values.parentLogo) body.set('parentLogo', values.parentLogo, values.parentLogo.name);
  values.parentDocuments.forEach((file) => body.append('parentDocuments', file, file.name));
  return body;
};

/** Which child: `childDocumentId` edits it, `documentParentChangeId` adds one to that change order. */
export type ChildTarget = { childDocumentId: string } | { documentParentChangeId: string };

/** The multipart body of PUT /document/updateSingleChildDocument (spec §7.3, child edit payload). */
export const toUpdateChildFormData = (values: ChildPageValues, target: ChildTarget): FormData => {
  const body = new FormData();
  if ('childDocumentId' in target) body.set('childDocumentId', target.childDocumentId);
  else body.set('documentParentChangeId', target.documentParentChangeId);
  body.set('associatedReferenceNumber', values.associatedReferenceNumber);
  body.set('productSubFamilyNameOne', values.productSubFamilyNameOne);
  body.set('productSubFamilyNameTwo', values.billMaterialInformation);
  body.set('billMaterialInformation', values.billMaterialInformation);
  body.set('countryList', values.countryList);
  body.set('languageList', values.languageList);
  body.set('keywords', values.keywords);
  body.set('changeDescription', values.changeDescription);
  body.set('changeJustification', values.changeJustification);
  body.set('gtin', values.gtin);
  body.set('additionalLots', values.additionalLots);
  body.set('serialRanges', values.serialRanges);
  body.set('username', values.username);
  body.set('password', values.password);
  body.set('comments', values.comments);
  if (values.file) body.set('childMainDocument', values.file, values.file.name);
  return body;
};

import { localized } from './locale';

/** The paper-copy request page (EU 2021/2226). See common.ts. */
const english = {
  pageTitle: 'Request a paper copy',
  intro: 'We send a printed copy of this document to the address you give, at no cost, within 7 calendar days. All fields are required.',
  document: 'Document',
  version: 'Version',
  family: 'Product',
  docName: 'File',
  name: 'Name',
  address: 'Delivery address',
  email: 'Email',
  quantity: 'Number of copies',
  submit: 'Request paper copy',
  sending: 'Sending…',
  nameRequired: 'Enter your name',
  addressRequired: 'Enter the delivery address',
  emailRequired: 'Enter your email address',
  emailInvalid: 'Invalid Email Address',
  quantityRange: 'Enter a quantity from 1 to 10',
  tooLong: (max: number) => `must be at most ${max} characters`,
  dueDate: (date: string) => `Due date: ${date}`,
  requestNumber: (id: string) => `Request number: ${id}`,
  reference: (reference: string) => `Your reference (give it if you call us): ${reference}`,
  failed: 'The request could not be sent. Please try again later.',
  notFound: 'This document is not public: a paper copy can be requested only of a current document published on this portal.',
  backToSearch: 'Back',
} as const;

/** Live: English until another language is applied (locale.ts). */
export const paperCopyText = localized('paperCopyText', english);
export type PaperCopyTexts = typeof paperCopyText;

/** The contract's limits (`PAPER_COPY_LIMITS` of @ifu/contracts/public; a unit test keeps the two equal). */
export const PAPER_COPY_FORM_LIMITS = { nameMax: 100, addressMax: 500, emailMax: 254, quantityMin: 1, quantityMax: 10 } as const;

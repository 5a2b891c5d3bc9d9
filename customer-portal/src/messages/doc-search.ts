import { localized } from './locale';

/** The customer page (/docSearch/:customerName) and its email popup. See common.ts. */
const english = {
  pageTitle: (customerName: string) => `${customerName} documents`,
  customerLogo: (customerName: string) => `${customerName} logo`,
  intro: 'Choose a product family. We will email you a link to search its documents.',
  globalNotice: 'Notice',
  customerNotice: (customerName: string) => `Notice from ${customerName}`,
  families: 'Product families',
  noFamilies: 'No documents are published for this customer at the moment.',
  loadFailed: 'This page could not be loaded. Check your connection and try again.',
  retry: 'Try again',
  notFoundTitle: 'Customer not found',
  notFound: (customerName: string) =>
    `There is no customer page for “${customerName}”. The address may be mistyped, or the page is not available any more.`,
  notFoundHelp: 'Write to us through',
  notFoundHelpEnd: 'and we will help you find your documents.',
  // The email popup (spec §2.1, §5: no client validation).
  dialogTitle: 'Get a search link',
  dialogIntro: (familyName: string) => `Enter your email address. We will send you a link to search the documents of ${familyName}.`,
  email: 'Email',
  send: 'Send',
  sending: 'Sending…',
  // The search by what is on the box, before a family is chosen.
  boxTitle: 'Find by what is on the box',
  boxHint: 'Type the GTIN / UDI-DI, the catalogue or part number (REF), the document number or the lot printed on the label. Separate several codes with spaces.',
  boxLabel: 'GTIN, REF or lot',
  boxOnlyCountry: (country: string) => `Only documents for ${country}`,
  boxSubmit: 'Find',
  boxSearching: 'Searching…',
  boxFailed: 'The search could not be run. Check your connection and try again.',
  boxFound: (count: number) => (count === 1 ? '1 document found' : `${count} documents found`),
  boxNone: 'No document of this customer matches this code. Check the code on the label, or choose a product family below.',
  boxExact: 'Exact match',
  boxPart: 'REF',
  boxLot: 'Lot',
  boxGtin: 'UDI-DI/GTIN',
  boxLanguages: 'Languages',
  boxEffective: 'In effect since',
  boxPage: 'Document, PDF and all versions',
  // The server's refusals of the search, as the reader's language says them.
  boxRequired: 'Type a code from the label.',
  boxCharacters: 'A code is letters, digits and - . / _ +, up to 40 each.',
  boxTooMany: 'Type at most 4 codes.',
  boxElementString: 'This GS1 code cannot be read: (01) then the 14 digits of the GTIN, (10) then the lot.',
  gtinDigits: 'GTIN must be 8, 12, 13 or 14 digits',
  gtinCheckDigit: 'GTIN check digit is not right: check the last digit against the barcode',
  // The server's answers to the email popup (spec texts in English), as the reader's language says them.
  linkSent: 'The search link has been sent to your email address. Open it to search the documents.',
  emailRequired: 'userEmail is required',
  emailInvalid: 'userEmail must be a valid email address',
} as const;

/** Live: English until another language is applied (locale.ts). */
export const docSearchText = localized('docSearchText', english);
export type DocSearchTexts = typeof docSearchText;

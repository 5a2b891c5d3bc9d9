import { localized } from './locale';

/** The search page an emailed link opens (/customerDocSearch). See common.ts. */
const english = {
  pageTitle: 'Search documents',
  checking: 'Checking your search link…',
  linkIncomplete: 'This search link is incomplete. Open the link from your email again, or ask for a new one.',
  linkProblemTitle: 'This search link cannot be used',
  linkCheckFailed: 'Your search link could not be checked. Check your connection and try again.',
  newLink: 'Get a new search link',
  newLinkHint: 'On the customer page, choose the product family again and enter your email address.',
  newLinkIntro: (familyName: string) => `Enter your email address. We will send you a new link to search the documents of ${familyName}.`,
  newLinkIntroAnyFamily: 'Enter your email address. We will send you a new link to search these documents.',
  otherFamilies: 'Choose another product family',
  customerLogo: (customerName: string) => `${customerName} logo`,
  productLogo: (familyName: string) => `${familyName} logo`,
  productNotice: (familyName: string) => `Notice about ${familyName}`,
  formTitle: 'Search Documents',
  keyword: 'Search',
  documentNumber: 'Document Number',
  language: 'Language',
  country: 'Country',
  selectLanguage: 'Select Language',
  selectCountry: 'Select Country',
  /** Neither is required: the empty choice searches every language, or every country. */
  allLanguages: 'All languages',
  allCountries: 'All countries',
  submit: 'Submit',
  searching: 'Searching…',
  searchFailed: 'The search could not be run. Check your connection and try again.',
  resultsTitle: 'Search results',
  searchedFor: 'Your search',
  any: 'Any',
  noData: 'No Data Found',
  /** When nothing was found in the chosen language or country: where this search does find documents. */
  availableElsewhere: 'This search finds documents in other languages or countries:',
  availableLanguages: (names: string) => `Languages: ${names}`,
  availableCountries: (names: string) => `Countries: ${names}`,
  searchEverywhere: 'Search all languages and countries',
  newSearch: 'New search',
  resultCount: (count: number) => (count === 1 ? '1 document found' : `${count} documents found`),
  colTitle: 'Title',
  colPartNumber: 'Part Number',
  colGtin: 'UDI-DI/GTIN',
  colReference: 'Lot Number / IFU Number',
  colRevision: 'Revision',
  /** The revision: the document number, then when it took effect. */
  effective: (date: string) => `effective ${date}`,
  colDescription: 'Description',
  colLanguages: 'Languages',
  colCountries: 'Countries',
  colDownload: 'Download',
  download: 'Download',
  downloadLabel: (documentNumber: string, docName: string) => `Download ${documentNumber} ${docName}`.trim(),
  paperCopy: 'Request a paper copy',
  paperCopyLabel: (documentNumber: string) => `Request a paper copy of ${documentNumber}`,
  // The document's eIFU page: every version, the manufacturer, the symbols.
  allVersions: 'All versions',
  allVersionsLabel: (documentNumber: string) => `All versions of ${documentNumber}`,
  downloadFailed: 'The document could not be opened. Try again.',
} as const;

/** Live: English until another language is applied (locale.ts). */
export const searchText = localized('searchText', english);
export type SearchTexts = typeof searchText;

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
} as const;

/** Live: English until another language is applied (locale.ts). */
export const docSearchText = localized('docSearchText', english);
export type DocSearchTexts = typeof docSearchText;

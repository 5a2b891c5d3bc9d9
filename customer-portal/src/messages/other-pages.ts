import { localized } from './locale';

/** The unknown-address page and the terms popup's own labels (the terms text itself is data in terms-text.tsx). See common.ts. */
const english = {
  pageNotFound: 'Page not found',
  noPageAt: 'There is no page at',
  noPageHint: 'If you followed a link from an email, check that it was copied completely, or open it again from the email.',
  stillStuck: 'Still stuck?',
  stillStuckEnd: 'and we will help you find your documents.',
  termsOfUse: 'Terms of Use',
  privacyPolicy: 'Privacy Policy',
  lastModified: 'Last modified:',
} as const;

/** Live: English until another language is applied (locale.ts). */
export const otherPagesText = localized('otherPagesText', english);
export type OtherPagesTexts = typeof otherPagesText;

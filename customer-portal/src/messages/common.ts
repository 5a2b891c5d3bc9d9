import { localized } from './locale';

/**
 * The words of the public pages, in English. Components never spell a visible text themselves: they read it from
 * these catalogues, one per area, so that a translation replaces a catalogue file and touches no component.
 * The catalogues are split by page on purpose: only `common` and `doc-search` ride on the first page (bundle budget);
 * the others load with the page or popup that needs them.
 */
const english = {
  siteName: 'IFU Portal',
  /** A page's <title>: its own name, then the site's. */
  title: (page: string) => `${page} | IFU Portal`,
  loading: 'Loading…',
  close: 'Close',
  footerNav: 'Footer',
  contactUs: 'Contact US',
  /** Before a notice's date: 'Published 07/03/2026'. */
  noticePublished: 'Published',
  terms: 'Terms And Condition',
  poweredBy: 'powered by IFU Portal',
  copyright: '© 2021',
  /** Spec §2.13: a render failure shows this text; the part before " / " is the heading. */
  renderFailure: 'Something Went Wrong / Some Issues While Loading...',
  /** The language switcher's name: each language is named in itself. */
  languages: 'Language',
} as const;

/** Live: English until another language is applied (locale.ts). */
export const common = localized('common', english);
export type CommonTexts = typeof common;

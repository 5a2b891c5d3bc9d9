import type { CommonTexts } from '../common';
import type { ContactTexts } from '../contact';
import type { DocSearchTexts } from '../doc-search';
import type { OtherPagesTexts } from '../other-pages';
import type { PaperCopyTexts } from '../paper-copy';
import type { SearchTexts } from '../search';

/**
 * A language's catalogue: every key of every English catalogue, no other (the compiler checks it, and
 * messages.unit.test.ts that no text is empty and each function keeps the English placeholders).
 * Type-only imports: a translation's chunk carries no English text.
 */
export type Catalogue = {
  common: CommonTexts;
  docSearchText: DocSearchTexts;
  searchText: SearchTexts;
  contactText: ContactTexts;
  otherPagesText: OtherPagesTexts;
  paperCopyText: PaperCopyTexts;
};

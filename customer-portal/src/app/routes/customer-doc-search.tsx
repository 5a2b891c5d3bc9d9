import { useMemo } from 'react';
import { parseCustomerDocSearchParams } from '../../config/search-link-params';
import { SearchPage } from '../../features/document-search/search-page';
import { withoutLanguage } from '../../messages/locale';
import { useLocation } from '../../lib/navigation';

/** /customerDocSearch?customerName&parentChangeId&encryptedEmail, the page the emailed link opens (spec §2.1). */
export function CustomerDocSearchPage() {
  // One object per link, so the page checks the link once: a switch of language (`?lang=`) is not a new
  // link, and keeps the page's form and results. Without `lang`, a link written by position reads as before.
  const linkQuery = withoutLanguage(useLocation().search);
  const link = useMemo(() => parseCustomerDocSearchParams(new URLSearchParams(linkQuery)), [linkQuery]);
  return <SearchPage link={link} />;
}

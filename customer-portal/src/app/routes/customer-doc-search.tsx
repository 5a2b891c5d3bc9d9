import { useMemo } from 'react';
import { parseCustomerDocSearchParams } from '../../config/search-link-params';
import { SearchPage } from '../../features/document-search/search-page';
import { useSearchParams } from '../navigation';

/** /customerDocSearch?customerName&parentChangeId&encryptedEmail, the page the emailed link opens (spec §2.1). */
export function CustomerDocSearchPage() {
  // One object per address (useSearchParams keeps it while the query is the same), so the page checks the link once.
  const searchParams = useSearchParams();
  const link = useMemo(() => parseCustomerDocSearchParams(searchParams), [searchParams]);
  return <SearchPage link={link} />;
}

import { useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { parseCustomerDocSearchParams } from '../../config/search-link-params';
import { SearchPage } from '../../features/document-search/search-page';

/** /customerDocSearch?customerName&parentChangeId&encryptedEmail, the page the emailed link opens (spec §2.1). */
export function CustomerDocSearchPage() {
  const [searchParams] = useSearchParams();
  // One object per address, so the page checks the link once, not on every render.
  const key = searchParams.toString();
  // eslint-disable-next-line react-hooks/exhaustive-deps -- `key` is the parameters' value
  const link = useMemo(() => parseCustomerDocSearchParams(searchParams), [key]);
  return <SearchPage link={link} />;
}

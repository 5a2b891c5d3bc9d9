import { useSearchParams } from 'react-router-dom';
import { Facts } from '../../components/facts';
import { parseCustomerDocSearchParams } from '../../config/paths';

// Shell only. The customer logo, product notice, search form (keyword, document number, language,
// country prefilled from the geolocation lookup) and the results grid with downloads (spec §2.1)
// come in a later issue.
export function CustomerDocSearchPage() {
  const [searchParams] = useSearchParams();
  const link = parseCustomerDocSearchParams(searchParams);
  return (
    <article className="page">
      <title>Search documents | IFU Portal</title>
      <h1>Search Documents</h1>
      {link === null ? (
        <>
          <p className="notice" role="status">
            This search link is incomplete. Open the link from your email again, or ask for a new one.
          </p>
          {searchParams.size > 0 && <Facts items={[...searchParams.entries()]} codeValues />}
        </>
      ) : (
        <Facts
          items={[
            ['Customer', link.customerName],
            ['Product (parent change id)', link.parentChangeId],
            ['Encrypted email', link.encryptedEmail],
          ]}
        />
      )}
    </article>
  );
}

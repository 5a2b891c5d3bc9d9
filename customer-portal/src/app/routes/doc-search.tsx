import { useParams } from 'react-router-dom';
import { Facts } from '../../components/facts';
import { useRedirectFromFormerName } from '../../features/customers/current-name';

// Shell only. The customer logo, the global and customer notices, the product-family grid and the
// email popup that sends the search link (spec §2.1) come in a later issue.
export function DocSearchPage() {
  const { customerName = '' } = useParams();
  useRedirectFromFormerName(customerName);
  return (
    <article className="page">
      <title>{`${customerName} documents | IFU Portal`}</title>
      <h1>Product Documents</h1>
      <Facts items={[['Customer', customerName]]} />
    </article>
  );
}

import { CustomerPage } from '../../features/customer-page/customer-page';
import { useRedirectFromFormerName } from '../../features/customers/current-name';

/** /docSearch/:customerName, the first page visitors open (spec §2.1); a former name moves to the current one. */
export function DocSearchPage({ customerName }: { customerName: string }) {
  useRedirectFromFormerName(customerName);
  return <CustomerPage customerName={customerName} />;
}

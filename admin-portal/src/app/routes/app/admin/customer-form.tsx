import { useParams } from 'react-router-dom';

import { Page, PlaceholderContent } from '@/components/ui/page';

/** /addcustomer/:customerId — 'create' adds a customer, anything else edits one (spec §2.2). */
const CustomerFormRoute = () => {
  const { customerId } = useParams();
  return (
    <Page title={customerId === 'create' ? 'Add Customer' : 'Update Customer'}>
      <PlaceholderContent />
    </Page>
  );
};

export default CustomerFormRoute;

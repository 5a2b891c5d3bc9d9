import { useParams } from 'react-router-dom';

import { CREATE_CUSTOMER_ID, CustomerFormPage } from '@/features/customers/components/customer-form-page';

/** /addcustomer/:customerId — 'create' adds a customer, anything else edits one (spec §2.2). */
const CustomerFormRoute = () => {
  const { customerId = CREATE_CUSTOMER_ID } = useParams();
  // Keyed by the id, so that moving from one customer to another starts a fresh form.
  return <CustomerFormPage key={customerId} customerId={customerId} />;
};

export default CustomerFormRoute;

import type { CustomerView } from '@ifu/contracts';

import { LogoBox } from '@/components/ui/logo-box';

import { useCustomerLogo } from '../api/get-customer-logo';

/** A customer's stored logo, fetched with the bearer token. */
export const CustomerLogo = ({ customer, testId }: { customer: Pick<CustomerView, 'id' | 'logoUrl' | 'customerName'>; testId?: string }) => {
  const logo = useCustomerLogo(customer);
  return (
    <LogoBox
      src={logo.url}
      alt={`Logo of ${customer.customerName}`}
      loading={customer.logoUrl !== null && (logo.isPending || (logo.isSuccess && !logo.url))}
      testId={testId}
    />
  );
};

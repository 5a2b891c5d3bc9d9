import ArrowBack from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { Link as RouterLink } from 'react-router-dom';

import { Page } from '@/components/ui/page';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';

import { useCustomer } from '../api/get-customer';

import { CustomerForm } from './customer-form';

/** The value of /addcustomer/:customerId that adds a customer; any other value is the customer to edit. */
export const CREATE_CUSTOMER_ID = 'create';

const BackLink = () => (
  <Button component={RouterLink} to={paths.app.customers.getHref()} startIcon={<ArrowBack />} variant="outlined">
    Back
  </Button>
);

const EditCustomer = ({ id }: { id: string }) => {
  const customer = useCustomer({ id });
  if (customer.isError) {
    return (
      <Alert severity="error" role="alert">
        {errorMessage(customer.error)}
      </Alert>
    );
  }
  if (customer.isPending) {
    return (
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }} aria-busy="true" aria-label="Loading customer">
        <Stack spacing={2.5}>
          {Array.from({ length: 5 }, (_, index) => (
            <Skeleton key={index} variant="rounded" height={56} />
          ))}
        </Stack>
      </Paper>
    );
  }
  // Keyed by the loaded customer, so the form starts from its stored values.
  return <CustomerForm key={customer.data.id} customer={customer.data} />;
};

/** /addcustomer/create adds a customer, /addcustomer/:customerId edits one (spec §2.2, §2.4). */
export const CustomerFormPage = ({ customerId }: { customerId: string }) => {
  const creating = customerId === CREATE_CUSTOMER_ID;
  return (
    <Page title={creating ? 'Add Customer' : 'Update Customer'} actions={<BackLink />}>
      {creating ? <CustomerForm /> : <EditCustomer id={customerId} />}
    </Page>
  );
};

import { CUSTOMER_MESSAGES } from '@ifu/contracts';
import type { CustomerView } from '@ifu/contracts';
import AddBusinessOutlined from '@mui/icons-material/AddBusinessOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import { useCallback, useState } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router-dom';

import { notify } from '@/components/ui/notifications';
import { Page } from '@/components/ui/page';
import { useSpecGridState } from '@/components/ui/spec-data-grid';
import { RetryAlert } from '@/components/ui/retry-alert';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { useSession } from '@/lib/app-state';

import { useCustomer } from '../api/get-customer';
import { useCustomers } from '../api/get-customers';

import { ApproveCustomerDialog } from './approve-customer-dialog';
import { copyText } from './copy-text';
import { CustomersTable } from './customers-table';
import { ViewCustomerDialog } from './view-customer-dialog';

/** 'URL Copied' stays for 3 seconds (spec §9). */
export const URL_COPIED_MS = 3_000;

type OpenDialog = { name: 'none' } | { name: 'view'; customer: CustomerView } | { name: 'approve'; customer: CustomerView };

/**
 * Manage Customer (spec §2.4): the customer grid, Add Customer, and the view and approve modals. `?view=<id>` (the
 * link a mail about the customer gives) opens that customer's View Customer modal.
 */
export const ManageCustomers = () => {
  const session = useSession();
  const navigate = useNavigate();
  const grid = useSpecGridState();
  const customers = useCustomers({ params: grid.params });
  const [dialog, setDialog] = useState<OpenDialog>({ name: 'none' });
  const [searchParams, setSearchParams] = useSearchParams();
  const linkedId = searchParams.get('view');
  const linked = useCustomer({ id: linkedId ?? '', queryConfig: { enabled: linkedId !== null } });

  const close = useCallback(() => {
    setDialog({ name: 'none' });
    // The linked customer's modal, once closed, stays closed.
    setSearchParams(
      (params) => {
        params.delete('view');
        return params;
      },
      { replace: true },
    );
  }, [setSearchParams]);
  const onView = useCallback((customer: CustomerView) => setDialog({ name: 'view', customer }), []);
  const onApprove = useCallback((customer: CustomerView) => setDialog({ name: 'approve', customer }), []);
  const onEdit = useCallback(
    (customer: CustomerView) => void navigate(paths.app.customerForm.getHref(customer.id)),
    [navigate],
  );
  const onCopyUrl = useCallback((customer: CustomerView) => {
    if (!customer.searchUrl) return;
    copyText(customer.searchUrl).then(
      () => notify('success', CUSTOMER_MESSAGES.urlCopied, { durationMs: URL_COPIED_MS }),
      () => notify('error', `Could not copy the URL: ${customer.searchUrl}`),
    );
  }, []);

  return (
    <Page
      title="Manage Customer"
      actions={
        <Button
          component={RouterLink}
          to={paths.app.customerForm.getHref('create')}
          variant="contained"
          startIcon={<AddBusinessOutlined />}
        >
          Add Customer
        </Button>
      }
    >
      {linkedId !== null && linked.isError ? (
        <Alert severity="warning" sx={{ mb: 2 }} onClose={close}>
          The customer of this link could not be opened: {errorMessage(linked.error)}
        </Alert>
      ) : null}
      <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
        {customers.isError ? (
          <RetryAlert sx={{ m: 2 }} onRetry={() => void customers.refetch()}>
            {errorMessage(customers.error)}
          </RetryAlert>
        ) : (
          <CustomersTable
            rows={customers.data?.customerList ?? []}
            rowCount={customers.data?.total ?? 0}
            state={grid}
            loading={customers.isFetching}
            isAdmin={session?.role === 'ADMIN'}
            onView={onView}
            onEdit={onEdit}
            onApprove={onApprove}
            onCopyUrl={onCopyUrl}
          />
        )}
      </Paper>

      {dialog.name === 'view' ? <ViewCustomerDialog key={dialog.customer.id} customer={dialog.customer} onClose={close} /> : null}
      {dialog.name === 'none' && linkedId !== null && linked.data ? <ViewCustomerDialog key={linked.data.id} customer={linked.data} onClose={close} /> : null}
      {dialog.name === 'approve' && session ? (
        <ApproveCustomerDialog key={dialog.customer.id} customer={dialog.customer} approverId={session.id} onClose={close} />
      ) : null}
    </Page>
  );
};
